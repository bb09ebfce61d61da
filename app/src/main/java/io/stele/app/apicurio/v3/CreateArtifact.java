package io.stele.app.apicurio.v3;

import io.stele.app.apicurio.v3.IdLookups.ArtifactReference;
import java.util.List;
import java.util.Map;
import org.eclipse.microprofile.openapi.annotations.media.Schema;

/**
 * Apicurio v3 {@code CreateArtifact}: an artifact to create with its first version, as Apicurio
 * 3.x's serializers send it when they register a schema.
 *
 * @param artifactId the artifact's id
 * @param artifactType the content's type, or null to tell it from the content
 * @param name the artifact's name, taken as its first version's when that gives none
 * @param description the artifact's description, likewise
 * @param labels the artifact's labels, likewise
 * @param firstVersion the first version; Stele stores no artifact without one
 */
public record CreateArtifact(
        String artifactId,
        String artifactType,
        String name,
        String description,
        Map<String, String> labels,
        CreateVersion firstVersion) {

    /**
     * Apicurio v3 {@code CreateVersion}: a version to add.
     *
     * @param version the version's name; Stele numbers versions itself and refuses one given, so
     *     the document leaves it out
     * @param content the content with its type and references
     * @param name the version's name, or null for the one the content declares
     * @param description the version's description, or null for the one the content declares
     * @param labels the version's labels, stored as its properties
     * @param branches branches to add the version to besides {@code latest}: none are served, so
     *     the document leaves it out
     * @param isDraft whether the version is a draft: drafts are not served, so the document leaves
     *     it out
     */
    public record CreateVersion(
            @Schema(hidden = true) String version,
            VersionContent content,
            String name,
            String description,
            Map<String, String> labels,
            @Schema(hidden = true) List<String> branches,
            @Schema(hidden = true) Boolean isDraft) {}

    /**
     * Apicurio v3 {@code VersionContent}.
     *
     * @param content the content's text
     * @param contentType its media type, such as {@code application/json} or {@code
     *     application/x-protobuf}
     * @param references the versions it references, in the default group
     */
    public record VersionContent(String content, String contentType, List<ArtifactReference> references) {}
}
