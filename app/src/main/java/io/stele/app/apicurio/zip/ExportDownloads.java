package io.stele.app.apicurio.zip;

import io.stele.storage.NotFoundException;
import jakarta.enterprise.context.ApplicationScoped;
import java.security.SecureRandom;
import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.util.HexFormat;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;

/**
 * The one-time links to an export that Apicurio's v2 and v3 APIs give for {@code forBrowser=true}:
 * a random id, good for one download within {@link #LIFETIME}, on the replica that gave it (the
 * links are kept in its memory, as nothing else needs them). Thread-safe; nothing blocks.
 */
@ApplicationScoped
public class ExportDownloads {

    /** How long a link is good for: Apicurio's default ({@code apicurio.download.href.ttl.seconds}). */
    static final Duration LIFETIME = Duration.ofSeconds(30);

    private static final SecureRandom RANDOM = new SecureRandom();

    private record Pending(ApicurioDialect dialect, Instant expires) {}

    private final Map<String, Pending> pending = new ConcurrentHashMap<>();
    private final Clock clock = Clock.systemUTC();

    /** A new link's id, for an export in {@code dialect}; links past their time are dropped. */
    String create(ApicurioDialect dialect) {
        Instant now = clock.instant();
        pending.values().removeIf(p -> p.expires().isBefore(now));
        byte[] bytes = new byte[16];
        RANDOM.nextBytes(bytes);
        String id = HexFormat.of().formatHex(bytes);
        pending.put(id, new Pending(dialect, now.plus(LIFETIME)));
        return id;
    }

    /**
     * Takes the link: the export it is for, once.
     *
     * @throws NotFoundException when the id was never given, was used, or is past its time
     */
    ApicurioDialect take(String id) {
        Pending taken = pending.remove(id);
        if (taken == null || taken.expires().isBefore(clock.instant())) {
            throw new NotFoundException(
                    NotFoundException.Missing.DOWNLOAD,
                    "No download with id '" + id + "' can be found: a link is good for one download within "
                            + LIFETIME.toSeconds() + " seconds, from the replica that gave it.");
        }
        return taken.dialect();
    }
}
