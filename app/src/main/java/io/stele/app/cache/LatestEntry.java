package io.stele.app.cache;

import io.stele.storage.Content;
import io.stele.storage.StoredVersion;

/**
 * One artifact's latest version, as loaded, and its answer once known: an {@link AnswerRecord},
 * with where {@link LatestCache} keeps it. Immutable; the version is decoded on first use.
 */
final class LatestEntry {

    final byte[] record;
    /** Where the cache keeps it, or 0 for an entry made by a load and not kept. */
    final long location;

    private final LatestCache owner;
    private StoredVersion version;

    LatestEntry(StoredVersion version, long resets) {
        this(AnswerRecord.of(version, null, resets, System.nanoTime()), 0, null);
        this.version = version;
    }

    LatestEntry(byte[] record, long location, LatestCache owner) {
        this.record = record;
        this.location = location;
        this.owner = owner;
    }

    StoredVersion version() {
        StoredVersion v = version;
        if (v == null) {
            v = AnswerRecord.version(record);
            version = v;
        }
        return v;
    }

    /** What GET latest answers, or null until the content is known or while the version is DISABLED. */
    CachedAnswer answer() {
        return AnswerRecord.hasAnswer(record) ? new CachedAnswer(record, owner, location) : null;
    }

    /** The cache-wide reset count when the version was read: a later reset makes the entry stale. */
    long resets() {
        return AnswerRecord.resets(record);
    }

    /** The same version with its answer, keeping the time it was loaded. */
    LatestEntry withAnswer(Content content) {
        return new LatestEntry(AnswerRecord.of(version(), content, resets(), AnswerRecord.loadedAt(record)), 0, null);
    }

    String artifactId() {
        return version == null ? AnswerRecord.artifactId(record) : version.artifactId();
    }
}
