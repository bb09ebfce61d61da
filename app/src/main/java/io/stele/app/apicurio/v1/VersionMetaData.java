package io.stele.app.apicurio.v1;

import com.fasterxml.jackson.annotation.JsonInclude;
import io.stele.storage.ArtifactType;
import io.stele.storage.StoredVersion;
import io.stele.storage.VersionState;
import java.util.List;
import java.util.Map;

/** Apicurio v1 {@code VersionMetaData}: one version. Times are epoch milliseconds. */
@JsonInclude(JsonInclude.Include.NON_NULL)
public record VersionMetaData(
        String id,
        int version,
        String name,
        String description,
        String createdBy,
        long createdOn,
        ArtifactType type,
        long globalId,
        VersionState state,
        List<String> labels,
        Map<String, String> properties) {

    static VersionMetaData of(StoredVersion v) {
        return new VersionMetaData(
                v.artifactId(),
                v.version(),
                v.meta().name().orElse(null),
                v.meta().description().orElse(null),
                v.createdBy(),
                v.createdOn().toEpochMilli(),
                v.type(),
                v.globalId(),
                v.state(),
                v.meta().labels(),
                v.meta().properties());
    }
}
