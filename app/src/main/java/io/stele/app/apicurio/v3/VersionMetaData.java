package io.stele.app.apicurio.v3;

import com.fasterxml.jackson.annotation.JsonInclude;
import io.stele.storage.ArtifactType;
import io.stele.storage.StoredVersion;
import io.stele.storage.VersionState;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * Apicurio v3 {@code VersionMetaData}: one version; without its labels, Apicurio v3's {@code
 * SearchedVersion}, a version a search found. The default group is written as no {@code groupId},
 * as Apicurio writes it; times are ISO-8601 instants. A version's labels are its v1 properties, with
 * each v1 label as a label of no value, as Apicurio's upgrade from 2.x merges them.
 */
@JsonInclude(JsonInclude.Include.NON_NULL)
public record VersionMetaData(
        String groupId,
        String artifactId,
        String version,
        String name,
        String description,
        String owner,
        String createdOn,
        String modifiedBy,
        String modifiedOn,
        ArtifactType artifactType,
        long globalId,
        long contentId,
        VersionState state,
        Map<String, String> labels) {

    /** Apicurio v3 {@code VersionSearchResults}: how many versions were found, and those on this page. */
    public record SearchResults(int count, List<VersionMetaData> versions) {}

    static VersionMetaData of(StoredVersion v) {
        return of(v, labels(v));
    }

    /** A version's labels as Apicurio v3 writes them: its properties, and each v1 label with no value. */
    public static Map<String, String> labels(StoredVersion v) {
        Map<String, String> labels = new LinkedHashMap<>(v.meta().properties());
        v.meta().labels().forEach(label -> labels.putIfAbsent(label, ""));
        return labels;
    }

    /** A version as a search lists it: without its labels. */
    static VersionMetaData searched(StoredVersion v) {
        return of(v, null);
    }

    private static VersionMetaData of(StoredVersion v, Map<String, String> labels) {
        return new VersionMetaData(
                null,
                v.artifactId(),
                Integer.toString(v.version()),
                v.meta().name().orElse(null),
                v.meta().description().orElse(null),
                v.createdBy(),
                v.createdOn().toString(),
                v.modifiedBy(),
                v.modifiedOn().toString(),
                v.type(),
                v.globalId(),
                v.contentId(),
                v.state(),
                labels);
    }
}
