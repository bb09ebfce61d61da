package io.stele.app.cache;

import io.netty.buffer.Unpooled;
import io.netty.util.AsciiString;
import io.stele.storage.Content;
import io.stele.storage.StoredContent;
import io.stele.storage.StoredVersion;
import io.vertx.core.buffer.Buffer;
import java.util.function.Function;

/**
 * What {@code GET /api/artifacts/{id}} or {@code GET /api/ids/{globalId}} answers, kept with the
 * cached version (the artifact's latest, or the one with that globalId) so that the hot path finds
 * it in one look-up, with its ETag encoded once for the HTTP layer. Immutable; safe to share
 * between threads.
 *
 * <p>A million of these stay on the heap for a registry's lifetime, so each holds no more than it
 * must: what can be made again in a few nanoseconds per request (the ETag as a string, the body's
 * buffer) is made per request rather than kept.
 */
public final class CachedAnswer {

    private final StoredVersion version;
    private final Content content;
    private final AsciiString etagHeader;

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
        this.etagHeader = AsciiString.of(etag(content));
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

    /** The ETag as a string, made anew: the header's own string form would stay cached in it. */
    public String etag() {
        return etag(content);
    }

    /** The body as a Vert.x buffer to end a response with, wrapping the content without a copy. Never modify it. */
    public Buffer bodyBuffer() {
        return Buffer.buffer(Unpooled.wrappedBuffer(content.bytes()));
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

    /**
     * Memory the answer adds to its cache entry, about: this object, the content's record, bytes
     * and hash, and the ETag; a form another API renders later is not counted.
     */
    int weight() {
        return OVERHEAD + content.bytes().length;
    }

    /**
     * This object (32 bytes), the content's record (24), its array's header (16), its hash (104) and
     * the ETag (120), as a heap histogram of a million cached answers counted them.
     */
    static final int OVERHEAD = 296;
}
