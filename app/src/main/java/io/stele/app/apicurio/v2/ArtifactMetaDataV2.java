package io.stele.app.apicurio.v2;

import com.fasterxml.jackson.annotation.JsonInclude;
import io.stele.app.apicurio.v3.IdLookups.ArtifactReference;
import io.stele.app.artifacts.ArtifactService.Written;
import io.stele.storage.ArtifactType;
import io.stele.storage.StoredArtifact;
import io.stele.storage.StoredVersion;
import io.stele.storage.VersionState;
import java.time.Instant;
import java.time.ZoneOffset;
import java.time.format.DateTimeFormatter;
import java.util.List;
import java.util.Map;

/**
 * Apicurio v2 {@code ArtifactMetaData}: an artifact as seen through one of its versions, which
 * Apicurio 2.x's serializers read the ids of after registering a schema. The default group is
 * written as no {@code groupId}, as Apicurio writes it. Times are ISO-8601 instants in whole
 * seconds, such as {@code 2026-11-29T11:40:00Z}: Apicurio 2.x's client reads no other form.
 */
@JsonInclude(JsonInclude.Include.NON_NULL)
public record ArtifactMetaDataV2(
        String groupId,
        String id,
        String name,
        String description,
        String createdBy,
        String createdOn,
        String modifiedBy,
        String modifiedOn,
        String version,
        ArtifactType type,
        long globalId,
        long contentId,
        VersionState state,
        List<String> labels,
        Map<String, String> properties,
        List<ArtifactReference> references) {

    /** How Apicurio 2.x's client reads a time: to the second, in UTC. */
    private static final DateTimeFormatter TIME =
            DateTimeFormatter.ofPattern("yyyy-MM-dd'T'HH:mm:ss'Z'").withZone(ZoneOffset.UTC);

    static String time(Instant instant) {
        return TIME.format(instant);
    }

    static ArtifactMetaDataV2 of(Written written, List<ArtifactReference> references) {
        StoredVersion v = written.version();
        return new ArtifactMetaDataV2(
                null,
                v.artifactId(),
                v.meta().name().orElse(null),
                v.meta().description().orElse(null),
                written.artifactCreatedBy(),
                time(written.artifactCreatedOn()),
                v.modifiedBy(),
                time(v.modifiedOn()),
                Integer.toString(v.version()),
                v.type(),
                v.globalId(),
                v.contentId(),
                v.state(),
                v.meta().labels(),
                v.meta().properties(),
                references);
    }

    /** Apicurio v2 {@code VersionMetaData}: one version. */
    @JsonInclude(JsonInclude.Include.NON_NULL)
    public record VersionMetaDataV2(
            String groupId,
            String id,
            String version,
            String name,
            String description,
            String createdBy,
            String createdOn,
            ArtifactType type,
            long globalId,
            long contentId,
            VersionState state,
            List<String> labels,
            Map<String, String> properties) {

        static VersionMetaDataV2 of(StoredVersion v) {
            return new VersionMetaDataV2(
                    null,
                    v.artifactId(),
                    Integer.toString(v.version()),
                    v.meta().name().orElse(null),
                    v.meta().description().orElse(null),
                    v.createdBy(),
                    time(v.createdOn()),
                    v.type(),
                    v.globalId(),
                    v.contentId(),
                    v.state(),
                    v.meta().labels(),
                    v.meta().properties());
        }
    }

    /** Apicurio v2 {@code SearchedVersion}: a version as a listing shows it, with its references. */
    @JsonInclude(JsonInclude.Include.NON_NULL)
    public record SearchedVersionV2(
            String name,
            String description,
            String createdOn,
            String createdBy,
            ArtifactType type,
            List<String> labels,
            VersionState state,
            long globalId,
            String version,
            Map<String, String> properties,
            long contentId,
            List<ArtifactReference> references) {

        static SearchedVersionV2 of(StoredVersion v, List<ArtifactReference> references) {
            return new SearchedVersionV2(
                    v.meta().name().orElse(null),
                    v.meta().description().orElse(null),
                    time(v.createdOn()),
                    v.createdBy(),
                    v.type(),
                    v.meta().labels(),
                    v.state(),
                    v.globalId(),
                    Integer.toString(v.version()),
                    v.meta().properties(),
                    v.contentId(),
                    references);
        }
    }

    /** Apicurio v2 {@code SearchedArtifact}: an artifact as a listing shows it, by its latest version. */
    @JsonInclude(JsonInclude.Include.NON_NULL)
    public record SearchedArtifactV2(
            String groupId,
            String id,
            String name,
            String description,
            String createdOn,
            String createdBy,
            ArtifactType type,
            List<String> labels,
            VersionState state,
            String modifiedOn,
            String modifiedBy) {

        static SearchedArtifactV2 of(StoredArtifact a) {
            StoredVersion v = a.latest();
            return new SearchedArtifactV2(
                    null,
                    a.artifactId(),
                    v.meta().name().orElse(null),
                    v.meta().description().orElse(null),
                    time(a.createdOn()),
                    a.createdBy(),
                    v.type(),
                    v.meta().labels(),
                    v.state(),
                    time(v.modifiedOn()),
                    v.modifiedBy());
        }
    }
}
