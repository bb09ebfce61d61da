package io.stele.app.cache;

import io.stele.storage.LatestPage;
import io.stele.storage.PageRequest;
import io.stele.storage.RegistryStorage;
import java.time.Duration;
import java.util.Optional;
import org.jboss.logging.Logger;

/**
 * Fills the latest cache as a registry starts, before it reports ready, so that a replica joining
 * under load answers from memory from its first request (docs/operations.md#the-read-cache): the
 * latest version of each artifact with its content, in artifact id order, a page at a time, until
 * every artifact is read, the cache is full, or the time given has passed. What a change reported
 * meanwhile may have made stale is not kept, as for any load.
 */
final class WarmUp {

    private static final Logger LOG = Logger.getLogger(WarmUp.class);
    private static final int PAGE = 1000;

    private WarmUp() {}

    /** Why a warm-up ended. */
    enum End {
        ALL_READ("every artifact was read"),
        FULL("the cache is full"),
        TIME("its time was up");

        private final String reason;

        End(String reason) {
            this.reason = reason;
        }
    }

    /** What a warm-up did. */
    record Outcome(long kept, End end, Duration took) {}

    /** Runs a warm-up of at most {@code within} (none for zero); how many entries it kept. */
    static long run(RegistryStorage backend, LatestCache latest, ChangeStamps stamps, Keeper keeper, Duration within) {
        if (within.isZero() || within.isNegative()) {
            return 0;
        }
        try {
            Outcome outcome = fill(backend, latest, stamps, keeper, within);
            LOG.infof(
                    "Filled the read cache with the latest versions of %d artifacts in %.1f s, until %s",
                    outcome.kept(), outcome.took().toMillis() / 1000.0, outcome.end().reason);
            return outcome.kept();
        } catch (RuntimeException e) {
            LOG.warnf(
                    "Could not fill the read cache as the registry started: %s It fills as requests come.",
                    e.getMessage());
            return 0;
        }
    }

    private static Outcome fill(
            RegistryStorage backend, LatestCache latest, ChangeStamps stamps, Keeper keeper, Duration within) {
        long start = System.nanoTime();
        long deadline = start + within.toNanos();
        long kept = 0;
        Optional<String> after = Optional.empty();
        End end = End.TIME;
        while (System.nanoTime() < deadline) {
            if (latest.full()) {
                end = End.FULL;
                break;
            }
            long resets = stamps.resets();
            long[] counts = stamps.stripes();
            LatestPage page = backend.latestVersions(new PageRequest(0, PAGE, after));
            if (page.lastArtifactId().isEmpty()) {
                end = End.ALL_READ;
                break;
            }
            for (LatestPage.Latest found : page.versions()) {
                LatestEntry entry = new LatestEntry(found.version(), resets)
                        .withAnswer(found.content().content());
                String artifactId = found.version().artifactId();
                if (latest.fits(entry) && keeper.keep(entry, stamps.of(counts, resets, artifactId)) != null) {
                    kept++;
                }
            }
            after = page.lastArtifactId();
        }
        return new Outcome(kept, end, Duration.ofNanos(System.nanoTime() - start));
    }

    /** Keeps an entry read under a stamp, unless a change came since; the entry kept, or null. */
    @FunctionalInterface
    interface Keeper {
        LatestEntry keep(LatestEntry entry, ChangeStamps.Stamp stamp);
    }
}
