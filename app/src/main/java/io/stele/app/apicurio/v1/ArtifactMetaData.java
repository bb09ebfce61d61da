package io.stele.app.apicurio.v1;

import com.fasterxml.jackson.annotation.JsonInclude;
import io.stele.storage.ArtifactType;
import io.stele.storage.StoredVersion;
import io.stele.storage.VersionState;
import java.time.Instant;
import java.util.List;
import java.util.Map;

/**
 * Apicurio v1 {@code ArtifactMetaData}: an artifact as seen through one of its versions. Times are
 * epoch milliseconds, as Apicurio Registry 1.x sent them and as its clients read them.
 */
@JsonInclude(JsonInclude.Include.NON_NULL)
public record ArtifactMetaData(
        String id,
        String name,
        String description,
        String createdBy,
        long createdOn,
        String modifiedBy,
        long modifiedOn,
        int version,
        ArtifactType type,
        long globalId,
        VersionState state,
        List<String> labels,
        Map<String, String> properties) {

    /**
     * @param v the version the metadata describes
     * @param artifactCreatedBy who created the artifact (its first version)
     * @param artifactCreatedOn when the artifact was created
     */
    static ArtifactMetaData of(StoredVersion v, String artifactCreatedBy, Instant artifactCreatedOn) {
        return new ArtifactMetaData(
                v.artifactId(),
                v.meta().name().orElse(null),
                v.meta().description().orElse(null),
                artifactCreatedBy,
                artifactCreatedOn.toEpochMilli(),
                v.modifiedBy(),
                v.modifiedOn().toEpochMilli(),
                v.version(),
                v.type(),
                v.globalId(),
                v.state(),
                v.meta().labels(),
                v.meta().properties());
    }
}
