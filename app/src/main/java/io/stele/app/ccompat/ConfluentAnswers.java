package io.stele.app.ccompat;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.github.benmanes.caffeine.cache.Cache;
import com.github.benmanes.caffeine.cache.Caffeine;
import io.netty.buffer.Unpooled;
import io.stele.app.cache.CacheConfig;
import io.stele.app.cache.CachedAnswer;
import io.stele.app.storage.StorageProvider;
import io.stele.storage.Content;
import io.stele.storage.StoredVersion;
import io.vertx.core.buffer.Buffer;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.inject.Inject;
import java.util.function.Function;
import java.util.function.Supplier;

/**
 * The JSON the serializers' hot paths answer, encoded once and kept: {@code GET /schemas/ids/{id}}
 * by schema id, and a subject's version (what {@code GET /subjects/{s}/versions/latest} answers) by
 * globalId. Both never change once written (a schema id's content and a version's number, id and
 * content are immutable), so entries are only ever evicted for size, never invalidated; which
 * version is a subject's latest comes from the read cache, which changes clear. Thread-safe; the
 * event loop only reads.
 */
@ApplicationScoped
public class ConfluentAnswers {

    private final ObjectMapper json = new ObjectMapper();

    @Inject
    StorageProvider provider;

    private final Cache<Long, Buffer> schemasById;
    private final Cache<Long, Buffer> versionsByGlobalId;

    /**
     * Which version a lookup of a schema text under a subject found, by subject and the text
     * ({@link Lookup}): a client sends the same text every time, and the version is checked again
     * on each use, so the entry only saves parsing the schema and looking for its canonical form.
     */
    private final Cache<Lookup, Long> lookups;

    /**
     * A remembered lookup's key: the subject and the schema's text itself when it is short (most
     * are), which a hash map compares without computing a digest; a longer text by its SHA-256.
     * Exactly one of {@code text} and {@code sha256} is set, so the two kinds never meet.
     */
    private record Lookup(String subject, String text, String sha256) {

        /** Texts up to this many characters are kept whole. */
        static final int WHOLE_TEXT = 2048;

        static Lookup of(String subject, String schema) {
            return schema.length() <= WHOLE_TEXT
                    ? new Lookup(subject, schema, null)
                    : new Lookup(subject, null, Content.of(schema).sha256());
        }

        /** Bytes it holds, about: the entry, the subject and the text or digest (two bytes a character). */
        int weight() {
            return 160 + 2 * subject.length() + (text == null ? 0 : 2 * text.length());
        }
    }

    /** Renders a cached version as this API answers it, through the cache of answers by globalId. */
    private final Function<CachedAnswer, Buffer> rendering = cached -> version(cached.version(), cached::content);

    /**
     * Each of the two caches of answers holds up to an eighth of {@code stele.cache.max-memory}
     * (32 MiB at the default; an answer is its schema plus a few dozen bytes), and the remembered
     * lookups a sixteenth (about 30,000 lookups of 30-character subjects with 200-character schemas at
     * the default).
     */
    @Inject
    ConfluentAnswers(CacheConfig config) {
        long bytes = config.maxMemory().asLongValue() / 8;
        this.schemasById = cache(bytes);
        this.versionsByGlobalId = cache(bytes);
        this.lookups = Caffeine.newBuilder()
                .maximumWeight(bytes / 2)
                .weigher((Lookup key, Long id) -> key.weight())
                .build();
    }

    private static Cache<Long, Buffer> cache(long maxBytes) {
        return Caffeine.newBuilder()
                .maximumWeight(maxBytes)
                .weigher((Long id, Buffer answer) -> 64 + answer.length())
                .build();
    }

    /** The cached answer to {@code GET /schemas/ids/{id}}, or null. Never blocks. */
    Buffer cachedSchema(long contentId) {
        return schemasById.getIfPresent(contentId);
    }

    /** The answer to {@code GET /schemas/ids/{id}}, encoded from {@code schema} and kept when not cached. */
    Buffer schema(long contentId, Supplier<ConfluentBodies.SchemaString> schema) {
        Buffer cached = schemasById.getIfPresent(contentId);
        if (cached != null) {
            return cached;
        }
        Buffer answer = encode(schema.get());
        schemasById.put(contentId, answer);
        return answer;
    }

    /**
     * The answer for a version of a subject, encoded with its schema's text and kept when not cached;
     * {@code schema} is asked only then.
     */
    Buffer version(StoredVersion version, Supplier<Content> schema) {
        Buffer cached = versionsByGlobalId.getIfPresent(version.globalId());
        if (cached != null) {
            return cached;
        }
        Content content = schema.get();
        Buffer answer = encode(ConfluentBodies.SubjectSchema.of(version, content, content.text()));
        versionsByGlobalId.put(version.globalId(), answer);
        return answer;
    }

    /**
     * The answer for a version the read cache holds, kept with its cached answer once encoded, so
     * that the hot path finds it in the same look-up as the version. Never touches the backend or
     * waits, so it may run on an event loop.
     */
    Buffer version(CachedAnswer cached) {
        return cached.rendered(rendering);
    }

    /**
     * The answer to a lookup of a schema text under a subject that was found before, if its version
     * is cached, unchanged, of this subject and servable; else null. Never
     * touches the backend or waits, so it may run on an event loop.
     */
    Buffer rememberedLookup(String subject, String schema) {
        if (!provider.isStarted()) {
            return null;
        }
        Long known = lookups.getIfPresent(Lookup.of(subject, schema));
        if (known == null) {
            return null;
        }
        // most lookups find the subject's latest version, which the latest cache holds for every subject
        CachedAnswer latest = provider.storage().cachedAnswer(subject);
        CachedAnswer cached = latest != null && latest.globalId() == known
                ? latest
                : provider.storage().cachedAnswer(known);
        if (cached == null || !cached.isOf(subject) || !cached.state().servable()) {
            return null;
        }
        return version(cached);
    }

    /** Keeps what a lookup found. */
    void lookedUp(String subject, String schema, long globalId) {
        lookups.put(Lookup.of(subject, schema), globalId);
    }

    private Buffer encode(Object body) {
        try {
            return Buffer.buffer(Unpooled.wrappedBuffer(json.writeValueAsBytes(body)));
        } catch (JsonProcessingException e) {
            throw new IllegalStateException("Cannot encode " + body.getClass().getSimpleName(), e);
        }
    }
}
