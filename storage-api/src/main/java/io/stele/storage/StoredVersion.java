package io.stele.storage;

import java.time.Instant;
import java.util.Objects;

/**
 * One stored version of an artifact, without its content (fetch that by {@link #contentId()}).
 *
 * @param artifactId the artifact
 * @param version 1 for the first version, then consecutive per artifact
 * @param globalId unique across the registry, never reused, allocated by the backend
 * @param contentId the id of the distinct content, shared by all versions with the same bytes
 * @param type the artifact type
 * @param state the version's state
 * @param meta user metadata
 * @param createdBy who created the version (empty when anonymous)
 * @param createdOn when the version was created
 * @param modifiedBy who last changed its metadata or state (empty when anonymous)
 * @param modifiedOn when its metadata or state last changed, or {@code createdOn}
 */
public record StoredVersion(
        String artifactId,
        int version,
        long globalId,
        long contentId,
        ArtifactType type,
        VersionState state,
        EditableMeta meta,
        String createdBy,
        Instant createdOn,
        String modifiedBy,
        Instant modifiedOn) {

    public StoredVersion {
        Objects.requireNonNull(artifactId, "artifactId");
        Objects.requireNonNull(type, "type");
        Objects.requireNonNull(state, "state");
        Objects.requireNonNull(meta, "meta");
        Objects.requireNonNull(createdBy, "createdBy");
        Objects.requireNonNull(createdOn, "createdOn");
        Objects.requireNonNull(modifiedBy, "modifiedBy");
        Objects.requireNonNull(modifiedOn, "modifiedOn");
        if (version < 1) {
            throw new IllegalArgumentException("version must be 1 or more");
        }
    }
}
