package io.stele.storage;

import java.util.List;
import java.util.Optional;

/**
 * The versions of artifacts: adding, reading, editing metadata and state.
 *
 * <p>Threading: every method may be called from many threads at once. Concurrent {@link #add}
 * calls for one artifact get consecutive version numbers with no gap and no duplicate. Consistency:
 * a method that returns normally has made its change durable and visible to every later read on
 * this node.
 *
 * <p>Every method may also throw {@link StorageUnavailableException} when the backend cannot
 * answer.
 */
public interface VersionStore {

    /**
     * Adds the next version of an existing artifact.
     *
     * @return the artifact, with the version just added as its latest
     * @throws NotFoundException when the artifact does not exist
     * @throws ArtifactTypeMismatchException when the draft's type is not the artifact's type
     * @throws MissingReferenceException when the content references a version that does not exist
     *     or is {@link VersionState#DELETED}, checked in the same atomic change: no concurrent
     *     deletion can leave the new version referencing nothing
     */
    StoredArtifact add(VersionDraft draft);

    /**
     * Stores a version with the contentId and number another registry gave it, as a migration in
     * IMPORT mode does: creates the artifact when it does not exist, keeps the content under the
     * given contentId (or finds it stored there already) and moves contentId allocation past it. The
     * globalId is allocated as by {@link #add}; the artifact's next added version is one more than
     * its highest. Versions of an artifact may come in any order. One atomic change.
     *
     * @return the version stored
     * @throws AlreadyExistsException when the artifact has a version with this number
     * @throws ConflictException when the contentId holds other content, or the content is stored
     *     under another contentId
     * @throws ArtifactTypeMismatchException when the draft's type is not the artifact's type
     * @throws MissingReferenceException as {@link #add} does
     */
    StoredVersion importVersion(ImportedVersion imported);

    /** The highest version whose state is {@link VersionState#servable() servable}, or empty. */
    Optional<StoredVersion> latest(String artifactId);

    /** One version, in any state, or empty. */
    Optional<StoredVersion> get(String artifactId, int version);

    /** The version with this globalId, in any state, or empty. */
    Optional<StoredVersion> byGlobalId(long globalId);

    /**
     * Every version whose content is this one, in any state, across all artifacts, ordered by
     * artifactId and then version: the subjects and versions that use one Confluent schema id. One
     * consistent read. Empty when no version uses it, or no such content exists.
     */
    List<StoredVersion> byContentId(long contentId);

    /**
     * Every version, in any state, whose content references this version of this artifact (see
     * {@link Content#references()}), ordered by artifactId and then version: who uses it. One
     * consistent read. Empty when none does, or the version does not exist.
     */
    List<StoredVersion> referrers(String artifactId, int version);

    /** How many versions exist, across all artifacts. May take as long as a scan of them all. */
    long count();

    /**
     * About how many versions, across all artifacts, exist, cheaply enough to ask every few seconds, for gauges and
     * dashboards: exact where counting is cheap; a store whose count would scan every row may
     * answer from its own statistics above a size, which lag writes by up to its statistics'
     * refresh (PostgreSQL: autovacuum's analyze). By default, {@link #count()}. Never negative.
     */
    default long estimatedCount() {
        return count();
    }

    /**
     * The version numbers of an artifact, ascending, in every state ({@link VersionState#DELETED}
     * too).
     *
     * @throws NotFoundException when the artifact does not exist
     */
    List<Integer> list(String artifactId);

    /**
     * The highest version of the artifact whose state is {@link VersionState#servable() servable}
     * and whose content has this canonical hash ({@link VersionDraft#canonicalHash()}), or empty.
     */
    Optional<StoredVersion> findByCanonicalHash(String artifactId, String canonicalHash);

    /**
     * Replaces the user metadata of one version.
     *
     * @throws NotFoundException when the artifact or version does not exist
     */
    StoredVersion updateMeta(String artifactId, int version, EditableMeta meta, String modifiedBy);

    /**
     * Sets the state of one version; {@link VersionState#DELETED} soft-deletes it and any other
     * state restores it. One atomic change of one version.
     *
     * @throws NotFoundException when the artifact or version does not exist
     * @throws ReferenceExistsException when soft-deleting a version that a version of any state
     *     references ({@link #referrers}), checked in the same atomic change
     */
    StoredVersion updateState(String artifactId, int version, VersionState state, String modifiedBy);

    /**
     * Deletes one version for good, in any state (a {@link VersionState#DELETED} one too). Its number and globalId are never given again; the content stays stored
     * for other versions that share it. Deleting the only version of an artifact deletes the
     * artifact, with its rules.
     *
     * @throws NotFoundException when the artifact or version does not exist
     * @throws ReferenceExistsException when a version of any state references it ({@link
     *     #referrers}), checked in the same atomic change
     */
    void delete(String artifactId, int version);
}
