package io.stele.app.apicurio.v3;

import io.stele.app.apicurio.v3.IdLookups.ArtifactReference;
import io.stele.app.artifacts.ApiConfig;
import io.stele.app.artifacts.ArtifactService;
import io.stele.app.artifacts.ArtifactService.Upload;
import io.stele.app.artifacts.ArtifactService.Written;
import io.stele.app.artifacts.IfExists;
import io.stele.app.http.NotEnabledException;
import io.stele.app.storage.StorageProvider;
import io.stele.storage.EditableMeta;
import io.stele.storage.InvalidRequestException;
import io.stele.storage.SchemaReference;
import io.stele.storage.StoredVersion;
import io.vertx.core.http.HttpServerRequest;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.inject.Inject;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Optional;

/**
 * Creating artifacts as Apicurio's v2 and v3 APIs ask, which their serializers do when they
 * register a schema: in the default group (ADR 0034), with references in Apicurio's terms, by the
 * same {@link ArtifactService} as the v1 API, so that every rule and every id is the same whichever
 * API wrote.
 */
@ApplicationScoped
public class Registrations {

    @Inject
    StorageProvider provider;

    @Inject
    ArtifactService artifacts;

    @Inject
    ApiConfig config;

    /**
     * A version's content as a client sent it: text, declared type and media type, references and
     * the metadata it gave.
     */
    public record Sent(
            String content,
            Optional<String> artifactType,
            Optional<String> contentType,
            List<ArtifactReference> references,
            EditableMeta meta) {}

    /**
     * Creates an artifact in a group, or applies {@code ifExists} when it exists.
     *
     * @param artifactId the id asked for, or empty for a new one
     * @throws io.stele.storage.NotFoundException when the group is not the default one
     */
    public Written create(String groupId, Optional<String> artifactId, Sent sent, IfExists ifExists) {
        DefaultGroup.requireDefaultGroup(groupId);
        return artifacts.create(artifactId, upload(sent), ifExists);
    }

    /**
     * Adds a version to an artifact, checked against its rules.
     *
     * @throws io.stele.storage.NotFoundException when the group is not the default one or the
     *     artifact does not exist
     */
    public Written addVersion(String groupId, String artifactId, Sent sent) {
        DefaultGroup.requireDefault(groupId, artifactId);
        return artifacts.addVersion(artifactId, upload(sent));
    }

    /**
     * Sets a version's name, description and labels where the request gives them; null leaves
     * each as it is. Labels given replace the version's labels and properties, as Apicurio v3 keeps
     * one map of them.
     */
    public StoredVersion edit(StoredVersion version, String name, String description, Map<String, String> labels) {
        EditableMeta now = version.meta();
        EditableMeta edited = new EditableMeta(
                name != null ? Optional.of(name) : now.name(),
                description != null ? Optional.of(description) : now.description(),
                labels != null ? List.of() : now.labels(),
                labels != null ? labels : now.properties());
        return provider.storage()
                .versions()
                .updateMeta(version.artifactId(), version.version(), edited, ArtifactService.ANONYMOUS);
    }

    /**
     * Refuses a deletion the configuration leaves off ({@code stele.api.v3-deletes}).
     *
     * @param what what would be deleted, as the message names it
     * @throws NotEnabledException unless v3 deletes are on
     */
    public void requireDeletes(String what) {
        requireEnabled(config.v3Deletes(), what + " deletion", "stele.api.v3-deletes");
    }

    /**
     * Refuses the deletion of one version through the v2 API unless the configuration turns it on
     * ({@code stele.api.v2-version-deletes}), as Apicurio 2.x does.
     *
     * @throws NotEnabledException unless it is on
     */
    public void requireV2VersionDeletes() {
        requireEnabled(config.v2VersionDeletes(), "Artifact version deletion", "stele.api.v2-version-deletes");
    }

    private static void requireEnabled(boolean enabled, String what, String setting) {
        if (!enabled) {
            throw new NotEnabledException(what + " is not enabled on this API: set " + setting + "=true to enable it.");
        }
    }

    /**
     * Refuses to give an artifact another owner: its owner is who created it, and does not change.
     * A null owner leaves it, as an edit that does not name one.
     *
     * @throws InvalidRequestException when {@code owner} is empty or names someone else
     */
    public static void requireOwnerUnchanged(Written artifact, String owner) {
        if (owner != null && owner.isBlank()) {
            throw new InvalidRequestException("The owner cannot be empty.");
        }
        if (owner != null && !owner.equals(artifact.artifactCreatedBy())) {
            throw new InvalidRequestException("An artifact's owner is who created it and does not change; omit owner.");
        }
    }

    /**
     * Refuses {@code dryRun=true} on a change of state, which is made or refused, never tried.
     *
     * @throws InvalidRequestException when the request asks for a dry run, or {@code dryRun} is
     *     neither true nor false
     */
    public static void refuseDryRun(HttpServerRequest request) {
        if (DryRuns.asked(request)) {
            throw new InvalidRequestException(
                    "dryRun=true is not served on a change of state: the state is set, or refused.");
        }
    }

    /** The upload a version's content as sent makes, refused when empty. */
    Upload upload(Sent sent) {
        if (sent.content() == null || sent.content().isEmpty()) {
            throw new InvalidRequestException("The version's content is empty.");
        }
        return new Upload(
                sent.content().getBytes(StandardCharsets.UTF_8),
                sent.artifactType(),
                sent.contentType(),
                references(sent.references()),
                sent.meta());
    }

    /**
     * Labels as Apicurio v3 gives them, as a version's metadata: each label a property.
     *
     * @param name the version's name, or null for the one its content declares
     * @param description likewise
     */
    public static EditableMeta meta(String name, String description, Map<String, String> labels) {
        return new EditableMeta(Optional.ofNullable(name), Optional.ofNullable(description), List.of(), labels);
    }

    /**
     * Stele's references for Apicurio's: each to an artifact of the default group, and one without
     * a version to the artifact's latest, as Apicurio reads it.
     *
     * @throws InvalidRequestException when a reference names another group, no artifact or name,
     *     or a version that is not a number
     * @throws io.stele.storage.MissingReferenceException when it names an artifact with no version
     */
    public List<SchemaReference> references(List<ArtifactReference> given) {
        List<SchemaReference> references = new ArrayList<>();
        for (ArtifactReference reference : given == null ? List.<ArtifactReference>of() : given) {
            if (reference == null || reference.name() == null || reference.artifactId() == null) {
                throw new InvalidRequestException("Each reference must give a name and an artifactId.");
            }
            if (!DefaultGroup.isDefault(reference.groupId())) {
                throw new InvalidRequestException("Reference '" + reference.name() + "' names group '"
                        + reference.groupId() + "': artifacts are kept in the group '" + DefaultGroup.NAME
                        + "' alone.");
            }
            references.add(new SchemaReference(
                    reference.name(), reference.artifactId(), version(reference.artifactId(), reference)));
        }
        return references;
    }

    private int version(String artifactId, ArtifactReference reference) {
        if (reference.version() == null) {
            return provider.storage()
                    .versions()
                    .latest(artifactId)
                    .map(StoredVersion::version)
                    .orElseThrow(() -> new InvalidRequestException("Reference '" + reference.name()
                            + "' names artifact '" + artifactId + "', which has no version."));
        }
        try {
            return Integer.parseInt(reference.version());
        } catch (NumberFormatException e) {
            throw new InvalidRequestException("Reference '" + reference.name() + "' names version '"
                    + reference.version() + "': versions are numbered 1, 2, 3 and so on.");
        }
    }
}
