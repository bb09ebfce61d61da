package io.stele.storage;

/**
 * Searching artifacts and paging through versions.
 *
 * <p>Threading: safe for concurrent use. Consistency: sees every write that returned before the
 * call on this node. Backends answer from indexes, not by reading every artifact. Every method may
 * throw {@link StorageUnavailableException}.
 */
public interface SearchStore {

    // Both listings page by offset: a PageRequest with a key to start after is refused
    // (IllegalArgumentException).

    /** The artifacts that match, with each one's latest version. */
    Page<StoredArtifact> artifacts(ArtifactQuery query);

    /**
     * The versions of one artifact in ascending order, in every state.
     *
     * @throws NotFoundException when the artifact does not exist
     */
    Page<StoredVersion> versions(String artifactId, PageRequest page);
}
