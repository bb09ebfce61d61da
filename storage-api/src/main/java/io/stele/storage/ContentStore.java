package io.stele.storage;

import java.util.Optional;

/**
 * Content, stored once per distinct bytes. Content never changes once stored, so a reader may cache
 * it by id forever.
 *
 * <p>Threading: safe for concurrent use. Every method may throw {@link StorageUnavailableException}.
 */
public interface ContentStore {

    /** The content with this id, or empty. */
    Optional<StoredContent> byContentId(long contentId);

    /** The content of the version with this globalId, or empty. */
    Optional<StoredContent> byGlobalId(long globalId);

    /**
     * The content whose identity hash ({@link Content#sha256()}) is this, or empty: read from the
     * index by which each distinct content is stored once, never by a scan. A text that is no such
     * hash (of another length, or not lower-case hex) finds nothing.
     */
    Optional<StoredContent> byIdentity(String sha256);
}
