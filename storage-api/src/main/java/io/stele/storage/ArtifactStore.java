package io.stele.storage;

import java.util.List;
import java.util.Optional;

/**
 * Artifacts as a whole: creating one with its first version, reading, listing and deleting.
 *
 * <p>Threading: every method may be called from many threads at once. Consistency: a method that
 * returns normally has made its change durable and visible to every later read on this node.
 *
 * <p>Every method may also throw {@link StorageUnavailableException} when the backend cannot
 * answer.
 */
public interface ArtifactStore {

    /**
     * Creates an artifact with version 1. The backend allocates the globalId and, for content it has
     * not seen, the contentId.
     *
     * @throws AlreadyExistsException when an artifact with that id exists, including when a
     *     concurrent create of the same id won
     * @throws MissingReferenceException as {@link VersionStore#add} does
     */
    StoredVersion create(VersionDraft draft);

    /** The artifact with its latest version, or empty when there is none. */
    Optional<StoredArtifact> get(String artifactId);

    /**
     * Artifact ids in ascending order. With {@link PageRequest#after()}, the ids that come after that
     * one (whether or not it exists), so that every artifact can be listed page after page at a cost
     * per page that does not grow with the depth; an artifact created or deleted meanwhile may or
     * may not be listed, every other one is listed exactly once.
     */
    List<String> ids(PageRequest page);

    /**
     * Like {@link #ids}, but only the artifacts that have a version that is not {@link
     * VersionState#DELETED}: the subjects the Confluent API lists. Read from an index, at the same
     * cost per page as {@link #ids}.
     */
    List<String> liveIds(PageRequest page);

    /** How many artifacts exist. May take as long as a scan of them all. */
    long count();

    /**
     * About how many artifacts exist, cheaply enough to ask every few seconds, for gauges and
     * dashboards: exact where counting is cheap; a store whose count would scan every row may
     * answer from its own statistics above a size, which lag writes by up to its statistics'
     * refresh (PostgreSQL: autovacuum's analyze). By default, {@link #count()}. Never negative.
     */
    default long estimatedCount() {
        return count();
    }

    /**
     * Deletes the artifact, all its versions and its rules. Their globalIds are never reused; the
     * content stays stored for other versions that share it.
     *
     * @throws NotFoundException when there is no such artifact
     * @throws ReferenceExistsException when a version of another artifact references one of its
     *     versions, checked in the same atomic change
     */
    void delete(String artifactId);
}
