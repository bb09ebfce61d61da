package io.stele.app.apicurio.v3;

import com.fasterxml.jackson.annotation.JsonInclude;
import io.stele.app.artifacts.ArtifactService.Written;
import io.stele.storage.ArtifactType;
import io.stele.storage.StoredArtifact;
import io.stele.storage.StoredVersion;
import java.util.Map;

/**
 * Apicurio v3 {@code ArtifactMetaData}: an artifact, named by its latest version's metadata, as
 * the v1 API's artifact metadata is. The default group is written as no {@code groupId}.
 */
@JsonInclude(JsonInclude.Include.NON_NULL)
public record ArtifactMetaData(
        String groupId,
        String artifactId,
        String name,
        String description,
        String owner,
        String createdOn,
        String modifiedBy,
        String modifiedOn,
        ArtifactType artifactType,
        Map<String, String> labels) {

    /**
     * Apicurio v3 {@code CreateArtifactResponse}: the artifact, and the version the request
     * created or found.
     */
    public record CreateArtifactResponse(ArtifactMetaData artifact, VersionMetaData version) {

        static CreateArtifactResponse of(Written written) {
            return new CreateArtifactResponse(ArtifactMetaData.of(written), VersionMetaData.of(written.version()));
        }
    }

    /** An artifact as a listing shows it, named by its latest version. */
    static ArtifactMetaData of(StoredArtifact artifact) {
        return of(new Written(artifact.latest(), artifact.createdBy(), artifact.createdOn()));
    }

    static ArtifactMetaData of(Written written) {
        StoredVersion v = written.version();
        return new ArtifactMetaData(
                null,
                v.artifactId(),
                v.meta().name().orElse(null),
                v.meta().description().orElse(null),
                written.artifactCreatedBy(),
                written.artifactCreatedOn().toString(),
                v.modifiedBy(),
                v.modifiedOn().toString(),
                v.type(),
                VersionMetaData.labels(v));
    }
}
