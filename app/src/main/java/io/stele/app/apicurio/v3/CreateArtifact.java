package io.stele.app.apicurio.v3;

import io.stele.app.apicurio.v3.IdLookups.ArtifactReference;
import io.stele.app.apicurio.v3.Registrations.Sent;
import io.stele.storage.InvalidRequestException;
import java.util.List;
import java.util.Map;
import java.util.Optional;
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
            @Schema(required = true) VersionContent content,
            String name,
            String description,
            Map<String, String> labels,
            @Schema(hidden = true) List<String> branches,
            @Schema(hidden = true) Boolean isDraft) {

        /**
         * This version as Stele writes it, with the metadata it gives, else the fallbacks given.
         *
         * @param artifactType the artifact's type as the request declares it, or empty
         * @throws InvalidRequestException when it has no content, names its own version, is a draft
         *     or joins a branch other than {@code latest}: none of which Stele keeps
         */
        Sent sent(Optional<String> artifactType, String name, String description, Map<String, String> labels) {
            if (content == null || content.content() == null) {
                throw new InvalidRequestException("The version needs its content: {\"content\": {\"content\": ...}}.");
            }
            if (version != null) {
                throw new InvalidRequestException("The version '" + version
                        + "' cannot be kept: versions are numbered 1, 2, 3 and so on by the registry; omit it.");
            }
            if (Boolean.TRUE.equals(isDraft)) {
                throw new InvalidRequestException("Draft versions are not served; omit isDraft.");
            }
            if (branches != null && branches.stream().anyMatch(b -> !"latest".equals(b))) {
                throw new InvalidRequestException("The branch served is 'latest', which every new version joins.");
            }
            return new Sent(
                    content.content(),
                    artifactType,
                    Optional.ofNullable(content.contentType()),
                    content.references(),
                    Registrations.meta(
                            this.name != null ? this.name : name,
                            this.description != null ? this.description : description,
                            this.labels != null ? this.labels : labels));
        }
    }

    /**
     * Apicurio v3 {@code VersionContent}.
     *
     * @param content the content's text
     * @param contentType its media type, such as {@code application/json} or {@code
     *     application/x-protobuf}
     * @param references the versions it references, in the default group
     */
    public record VersionContent(
            @Schema(required = true, minLength = 1) String content,
            String contentType,
            List<ArtifactReference> references) {}
}
