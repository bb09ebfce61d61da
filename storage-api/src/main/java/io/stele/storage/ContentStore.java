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
}
