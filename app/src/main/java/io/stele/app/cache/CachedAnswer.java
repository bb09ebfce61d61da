package io.stele.app.cache;

import io.netty.buffer.Unpooled;
import io.stele.storage.Content;
import io.stele.storage.StoredContent;
import io.stele.storage.StoredVersion;
import io.vertx.core.buffer.Buffer;
import io.vertx.core.http.HttpHeaders;
import java.util.function.Function;

/**
 * What {@code GET /api/artifacts/{id}} or {@code GET /api/ids/{globalId}} answers, kept with the
 * cached version (the artifact's latest, or the one with that globalId) so that the hot path finds
 * it in one look-up, in the forms the HTTP layer writes without copying or encoding again.
 * Immutable; safe to share between threads.
 */
public final class CachedAnswer {

    private final StoredVersion version;
    private final Content content;
    private final String etag;
    private final Buffer bodyBuffer;
    private final CharSequence etagHeader;

    /** The answer as another API writes it, with the function that made it; null until made. */
    private volatile Rendered rendered;

    private record Rendered(Function<CachedAnswer, Buffer> by, Buffer body) {}

    /**
     * @param version the version answered, never DISABLED
     * @param content its content, as stored; never modified
     */
    public CachedAnswer(StoredVersion version, Content content) {
        this.version = version;
        this.content = content;
        this.etag = etag(content);
        this.bodyBuffer = Buffer.buffer(Unpooled.wrappedBuffer(content.bytes())); // no copy
        this.etagHeader = HttpHeaders.createOptimized(etag);
    }

    static CachedAnswer of(StoredVersion version, StoredContent content) {
        return new CachedAnswer(version, content.content());
    }

    /** The strong ETag of content: its SHA-256, quoted. */
    public static String etag(StoredContent content) {
        return etag(content.content());
    }

    private static String etag(Content content) {
        return "\"" + content.sha256() + "\"";
    }

    public StoredVersion version() {
        return version;
    }

    /** The content, with its references. */
    public Content content() {
        return content;
    }

    public byte[] body() {
        return content.bytes();
    }

    public String etag() {
        return etag;
    }

    /**
     * The body as a Vert.x buffer to end a response with: Vert.x writes a slice of it, so one
     * buffer serves every answer. Never modify it.
     */
    public Buffer bodyBuffer() {
        return bodyBuffer;
    }

    /** The ETag as a header value encoded once. */
    public CharSequence etagHeader() {
        return etagHeader;
    }

    /**
     * This answer as another API writes it (the Confluent API's JSON of the version), made by
     * {@code renderer} the first time and kept with the answer, whose version and content never
     * change, so the hot path finds it in the same look-up. One form is kept: a second renderer
     * replaces the first. Never blocks, so it may run on an event loop if {@code renderer} does not.
     *
     * @param renderer the same instance on every call, which tells the kept form apart
     */
    public Buffer rendered(Function<CachedAnswer, Buffer> renderer) {
        Rendered kept = rendered;
        if (kept != null && kept.by() == renderer) {
            return kept.body();
        }
        Buffer body = renderer.apply(this);
        rendered = new Rendered(renderer, body);
        return body;
    }

    /** Memory the answer adds to its cache entry, about. */
    int weight() {
        return 96 + content.bytes().length + etag.length();
    }
}
