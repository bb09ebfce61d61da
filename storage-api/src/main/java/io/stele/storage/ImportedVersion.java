package io.stele.storage;

import java.util.Objects;

/**
 * A version as another registry numbered it, to store with {@link VersionStore#importVersion}: the
 * draft, the id its content had there (a Confluent schema id) and its version number.
 *
 * @param draft the version's artifact, type, content and metadata
 * @param contentId the id the content keeps, 1 or more
 * @param version the number the version keeps, 1 or more
 */
public record ImportedVersion(VersionDraft draft, long contentId, int version) {

    public ImportedVersion {
        Objects.requireNonNull(draft, "draft");
        if (contentId < 1) {
            throw new InvalidRequestException("The schema id must be 1 or more, was " + contentId + ".");
        }
        if (version < 1) {
            throw new InvalidRequestException("The version must be 1 or more, was " + version + ".");
        }
    }
}
