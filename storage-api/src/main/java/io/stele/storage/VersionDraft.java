package io.stele.storage;

import java.time.Instant;
import java.util.Objects;

/**
 * A version to be stored: the first one of a new artifact, or the next one of an existing artifact.
 *
 * @param artifactId the artifact's id, 1 to {@value #MAX_ID_LENGTH} characters without control
 *     characters
 * @param type the artifact type of this content
 * @param content the content
 * @param meta the user metadata of the version
 * @param createdBy who creates it; empty when nobody is authenticated
 * @param canonicalHash lower-case hex SHA-256 of the content's canonical form, the same for all
 *     content that means the same (see {@link VersionStore#findByCanonicalHash})
 */
public record VersionDraft(
        String artifactId,
        ArtifactType type,
        Content content,
        EditableMeta meta,
        String createdBy,
        String canonicalHash) {

    public static final int MAX_ID_LENGTH = 512;

    public VersionDraft {
        ArtifactIds.requireValid(artifactId);
        Objects.requireNonNull(type, "type");
        Objects.requireNonNull(content, "content");
        Objects.requireNonNull(meta, "meta");
        Objects.requireNonNull(createdBy, "createdBy");
        Objects.requireNonNull(canonicalHash, "canonicalHash");
        if (canonicalHash.length() != 64) {
            throw new IllegalArgumentException("canonicalHash must be 64 hex characters");
        }
    }

    /**
     * The version this draft makes: {@link VersionState#ENABLED}, created and last modified {@code
     * now} by the draft's creator.
     */
    public StoredVersion asVersion(int number, long globalId, long contentId, Instant now) {
        return new StoredVersion(
                artifactId,
                number,
                globalId,
                contentId,
                type,
                VersionState.ENABLED,
                meta,
                createdBy,
                now,
                createdBy,
                now);
    }

    /** A draft whose canonical form is its content as it is. */
    public VersionDraft(String artifactId, ArtifactType type, Content content, EditableMeta meta, String createdBy) {
        this(artifactId, type, content, meta, createdBy, content.sha256());
    }
}
