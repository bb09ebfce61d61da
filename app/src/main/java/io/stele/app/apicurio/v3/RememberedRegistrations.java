package io.stele.app.apicurio.v3;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.ObjectMapper;
import io.netty.buffer.Unpooled;
import io.stele.app.cache.CachingStorage;
import io.stele.app.cache.ChangeMark;
import io.stele.app.cache.EncodedAnswers;
import io.stele.app.http.RequestBytes;
import io.stele.app.mode.Mode;
import io.stele.app.storage.StorageProvider;
import io.stele.storage.RuleScope;
import io.stele.storage.RuleType;
import io.vertx.core.MultiMap;
import io.vertx.core.buffer.Buffer;
import io.vertx.ext.web.RequestBody;
import io.vertx.ext.web.RoutingContext;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.inject.Inject;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Optional;

/**
 * The answers to registrations that find or create a version (Apicurio v3's {@code
 * ifExists=FIND_OR_CREATE_VERSION}, v2's {@code RETURN_OR_UPDATE}), which a serializer with
 * auto-register sends for each schema when its producer starts, remembered by the very request: its
 * path, query, the headers the resource reads ({@code Content-Type} and every {@code X-Registry-*})
 * and its body's SHA-256. The same request again is answered with the same
 * bytes, from memory, while no change of its artifact has been reported since the answer was made
 * ({@link ChangeMark}) and the registry takes writes to it; anything else goes to the resource,
 * which answers and remembers anew. Answers are kept in the read cache's {@link EncodedAnswers},
 * within its share of the budget. Thread-safe; the event loop's calls never block.
 */
@ApplicationScoped
public class RememberedRegistrations {

    /** The largest body read ahead of the resource, so that a registration can be compared. */
    static final int MAX_BODY = 64 * 1024;

    /** Where the route leaves the request's key for the resource, which remembers its answer. */
    private static final String ASKED = RememberedRegistrations.class.getName();

    private static final String REGISTRY_HEADERS = "x-registry-";
    private static final String CONTENT_TYPE = "content-type";

    /** Each thread's SHA-256, which is not thread-safe, so that none is made for each request. */
    private static final ThreadLocal<MessageDigest> SHA_256 = ThreadLocal.withInitial(() -> {
        try {
            return MessageDigest.getInstance("SHA-256");
        } catch (NoSuchAlgorithmException e) {
            throw new IllegalStateException("Every JVM has SHA-256", e);
        }
    });

    @Inject
    StorageProvider provider;

    @Inject
    ObjectMapper json;

    /** A registration as its resource reads it. A key: equal requests are equal. */
    private record Asked(String path, String query, String headers, RequestBytes sha256)
            implements EncodedAnswers.Question {

        /** The key's strings and digest, with the cache's entry and the answer's holder around them. */
        @Override
        public int weight() {
            return 220 + path.length() + (query == null ? 0 : query.length()) + headers.length();
        }
    }

    /** An answer made under its artifact's change mark. */
    private record Answer(String artifactId, ChangeMark mark, byte[] body) implements EncodedAnswers.Kept {

        @Override
        public int weight() {
            return 80 + artifactId.length() + body.length;
        }
    }

    /** A registration on its way through the resource: its key, and its artifact's mark before it ran. */
    public record Pending(Object asked, String artifactId, ChangeMark mark) {}

    /**
     * The answer remembered for this request, if it still stands and the registry takes writes to
     * the artifact (as the rules cached say; null when they are not cached), or null; leaves the
     * request's key for the resource either way. Null too when no body was read here. Never touches
     * the backend or waits, so it may run on an event loop.
     */
    @SuppressWarnings("deprecation") // Vert.x 4 wraps a Netty buffer without a copy only through this
    Buffer answer(RoutingContext ctx) {
        RequestBody body = ctx.body();
        if (body == null || body.buffer() == null || !provider.isStarted()) {
            return null;
        }
        Asked asked = asked(ctx, body.buffer());
        ctx.put(ASKED, asked);
        CachingStorage answers = provider.answers();
        Answer answer = answers.encoded().kept(asked, Answer.class);
        if (answer == null
                || !answers.unchangedSince(answer.artifactId(), answer.mark())
                || !writable(answers, answer.artifactId())) {
            return null;
        }
        return Buffer.buffer(Unpooled.wrappedBuffer(answer.body()));
    }

    /**
     * A registration of the artifact about to run through its resource, to remember once answered;
     * null when its route read no body, or no artifact is named (each such request makes a new
     * one). Take it before the registration reads anything.
     */
    public Pending pending(RoutingContext ctx, Optional<String> artifactId) {
        Object asked = ctx.get(ASKED);
        if (asked == null || artifactId.isEmpty() || artifactId.get().isBlank() || !provider.isStarted()) {
            return null;
        }
        return new Pending(asked, artifactId.get(), provider.answers().changeMark(artifactId.get()));
    }

    /**
     * Remembers the answer a registration made, encoded as the resource writes it; nothing for a
     * null {@code pending}.
     *
     * @return the answer, for the resource to send
     */
    public <T> T remember(Pending pending, T answer) {
        if (pending != null) {
            try {
                provider.answers()
                        .encoded()
                        .keep(
                                (Asked) pending.asked(),
                                new Answer(pending.artifactId(), pending.mark(), json.writeValueAsBytes(answer)));
            } catch (JsonProcessingException e) {
                throw new IllegalStateException(
                        "Cannot encode " + answer.getClass().getSimpleName(), e);
            }
        }
        return answer;
    }

    private static Asked asked(RoutingContext ctx, Buffer body) {
        return new Asked(
                ctx.normalizedPath(),
                ctx.request().query(),
                readHeaders(ctx.request().headers()),
                sha256(body));
    }

    @SuppressWarnings("deprecation") // Vert.x 4 reads a buffer in place only through its Netty buffer
    private static RequestBytes sha256(Buffer body) {
        MessageDigest digest = SHA_256.get();
        digest.update(body.getByteBuf().nioBuffer());
        return new RequestBytes(digest.digest()); // and reset for the next
    }

    /**
     * The headers a registration's resource reads, each as its name in lower case and its value, in
     * one string, sorted: the same headers sent in another order ask the same question.
     */
    private static String readHeaders(MultiMap headers) {
        List<String> read = new ArrayList<>(4);
        for (Map.Entry<String, String> header : headers) {
            String name = header.getKey();
            if (name.regionMatches(true, 0, REGISTRY_HEADERS, 0, REGISTRY_HEADERS.length())
                    || name.equalsIgnoreCase(CONTENT_TYPE)) {
                read.add(name.toLowerCase(Locale.ROOT) + ':' + header.getValue());
            }
        }
        if (read.size() > 1) {
            Collections.sort(read);
        }
        return String.join("\n", read);
    }

    /**
     * Whether the mode in force lets the artifact be written, as the rules cached say: false when
     * they do not say, so that the resource asks the backend.
     */
    private static boolean writable(CachingStorage answers, String artifactId) {
        Optional<Map<RuleType, String>> global = answers.cachedRules(RuleScope.GLOBAL);
        Optional<Map<RuleType, String>> own = answers.cachedRules(RuleScope.artifact(artifactId));
        return global.isPresent()
                && own.isPresent()
                && Mode.inForce(
                                scope -> Optional.ofNullable((scope.equals(RuleScope.GLOBAL) ? global : own)
                                        .get()
                                        .get(RuleType.MODE)),
                                Optional.of(artifactId))
                        != Mode.READONLY;
    }
}
