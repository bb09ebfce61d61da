package io.stele.app.ccompat;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.ObjectMapper;
import io.netty.buffer.Unpooled;
import io.stele.app.cache.CachedAnswer;
import io.stele.app.cache.EncodedAnswers;
import io.stele.app.storage.StorageProvider;
import io.stele.storage.Content;
import io.stele.storage.StoredVersion;
import io.vertx.core.buffer.Buffer;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.inject.Inject;
import java.util.function.Function;
import java.util.function.Supplier;

/**
 * The JSON the serializers' hot paths answer, encoded once and kept in the read cache's {@link
 * EncodedAnswers}: {@code GET /schemas/ids/{id}} by schema id, and a subject's version (what {@code
 * GET /subjects/{s}/versions/latest} answers) by globalId. Which version is a subject's latest comes
 * from the read cache, which changes clear. Thread-safe; the event loop only reads.
 */
@ApplicationScoped
public class ConfluentAnswers {

    private final ObjectMapper json = new ObjectMapper();

    @Inject
    StorageProvider provider;

    /** Renders a cached version as this API answers it, through the answers kept by globalId. */
    private final Function<CachedAnswer, Buffer> rendering = cached -> version(cached.version(), cached::content);

    /** The cached answer to {@code GET /schemas/ids/{id}}, or null. Never blocks. */
    Buffer cachedSchema(long contentId) {
        return provider.answers().encoded().byContentId(contentId);
    }

    /** The answer to {@code GET /schemas/ids/{id}}, encoded from {@code schema} and kept when not cached. */
    Buffer schema(long contentId, Supplier<ConfluentBodies.SchemaString> schema) {
        return provider.answers().encoded().byContentId(contentId, () -> encode(schema.get()));
    }

    /**
     * The answer for a version of a subject, encoded with its schema's text and kept when not cached;
     * {@code schema} is asked only then.
     */
    Buffer version(StoredVersion version, Supplier<Content> schema) {
        return provider.answers().encoded().byGlobalId(version.globalId(), () -> {
            Content content = schema.get();
            return encode(ConfluentBodies.SubjectSchema.of(version, content, content.text()));
        });
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
     * The answer to a lookup under a subject that found the version of this globalId before ({@link
     * RememberedLookups}), if that version is cached, still of this subject and servable; else null.
     * Never touches the backend or waits, so it may run on an event loop.
     */
    Buffer rememberedLookup(String subject, Long known) {
        if (known == null || !provider.isStarted()) {
            return null;
        }
        // most lookups find the subject's latest version, which the latest cache holds for every subject
        CachedAnswer latest = provider.answers().cachedAnswer(subject);
        CachedAnswer cached = latest != null && latest.globalId() == known
                ? latest
                : provider.answers().cachedAnswer(known);
        if (cached == null || !cached.isOf(subject) || !cached.state().servable()) {
            return null;
        }
        return version(cached);
    }

    @SuppressWarnings("deprecation") // Vert.x 4 wraps a Netty buffer without a copy only through this
    private Buffer encode(Object body) {
        try {
            return Buffer.buffer(Unpooled.wrappedBuffer(json.writeValueAsBytes(body)));
        } catch (JsonProcessingException e) {
            throw new IllegalStateException("Cannot encode " + body.getClass().getSimpleName(), e);
        }
    }
}
