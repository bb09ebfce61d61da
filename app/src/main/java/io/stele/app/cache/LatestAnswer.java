package io.stele.app.cache;

import io.stele.storage.StoredContent;
import io.stele.storage.StoredVersion;

/**
 * What {@code GET /api/artifacts/{id}} answers, kept with the artifact's latest version so that the
 * hot path finds it in one look-up.
 *
 * @param version the latest version, never DISABLED
 * @param body its content, as stored; never modified
 * @param etag the content's strong ETag: its SHA-256, quoted
 */
public record LatestAnswer(StoredVersion version, byte[] body, String etag) {

    static LatestAnswer of(StoredVersion version, StoredContent content) {
        return new LatestAnswer(version, content.content().bytes(), etag(content));
    }

    /** The strong ETag of content: its SHA-256, quoted. */
    public static String etag(StoredContent content) {
        return "\"" + content.content().sha256() + "\"";
    }

    /** Memory the answer adds to its cache entry, about. */
    int weight() {
        return 64 + body.length + etag.length();
    }
}
