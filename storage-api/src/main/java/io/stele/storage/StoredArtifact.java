package io.stele.storage;

import java.time.Instant;
import java.util.Objects;

/**
 * An artifact: who created it and when, and its latest version.
 *
 * @param artifactId the artifact's id
 * @param createdBy who created its first version
 * @param createdOn when its first version was created
 * @param latest the version the artifact shows: its highest {@link VersionState#servable() servable}
 *     version, else its highest that is not {@link VersionState#DELETED}, else its highest
 */
public record StoredArtifact(String artifactId, String createdBy, Instant createdOn, StoredVersion latest) {

    public StoredArtifact {
        Objects.requireNonNull(artifactId, "artifactId");
        Objects.requireNonNull(createdBy, "createdBy");
        Objects.requireNonNull(createdOn, "createdOn");
        Objects.requireNonNull(latest, "latest");
    }
}
