package io.stele.app.cache;

import io.netty.buffer.Unpooled;
import io.stele.storage.Content;
import io.stele.storage.StoredContent;
import io.stele.storage.StoredVersion;
import io.vertx.core.buffer.Buffer;
import io.vertx.core.http.HttpHeaders;

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

    /** Memory the answer adds to its cache entry, about. */
    int weight() {
        return 96 + content.bytes().length + etag.length();
    }
}
