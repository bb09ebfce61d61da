package io.stele.app.ccompat;

import static io.stele.app.ccompat.ConfluentErrors.about;
import static io.stele.app.ccompat.ConfluentRequests.flag;
import static io.stele.app.ccompat.ConfluentRequests.level;
import static io.stele.app.ccompat.ConfluentRequests.required;
import static io.stele.app.ccompat.ConfluentRequests.type;

import io.stele.app.ccompat.ConfluentBodies.ClusterId;
import io.stele.app.ccompat.ConfluentBodies.CompatibilityAnswer;
import io.stele.app.ccompat.ConfluentBodies.ConfigAnswer;
import io.stele.app.ccompat.ConfluentBodies.ConfigUpdate;
import io.stele.app.ccompat.ConfluentBodies.SchemaRequest;
import io.stele.app.ccompat.ConfluentBodies.ServerVersion;
import io.stele.app.lifecycle.Release;
import io.stele.app.rules.Compatibility;
import io.stele.app.security.Needs;
import io.stele.app.security.Role;
import io.stele.storage.ArtifactType;
import io.stele.storage.Content;
import io.stele.storage.NotFoundException;
import io.stele.storage.RuleScope;
import io.stele.storage.RuleType;
import io.stele.storage.StoredVersion;
import jakarta.ws.rs.Consumes;
import jakarta.ws.rs.DELETE;
import jakarta.ws.rs.GET;
import jakarta.ws.rs.POST;
import jakarta.ws.rs.PUT;
import jakarta.ws.rs.Path;
import jakarta.ws.rs.PathParam;
import jakarta.ws.rs.Produces;
import jakarta.ws.rs.QueryParam;
import jakarta.ws.rs.core.MediaType;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Optional;

/** The Confluent API's configuration, compatibility checks and contexts. */
@Produces({ConfluentResource.V1_JSON, ConfluentResource.JSON, MediaType.APPLICATION_JSON})
abstract class ConfluentConfigApi extends ConfluentModeApi {

    @Needs(Role.READ_ONLY)
    @GET
    @Path("config")
    public ConfigAnswer globalConfig() {
        return about(
                null,
                () -> new ConfigAnswer(rules.compatibility(Optional.empty(), DEFAULT_COMPATIBILITY)
                        .name()));
    }

    /**
     * A subject's own compatibility level, or with {@code defaultToGlobal=true} the level in force for
     * it.
     */
    @Needs(Role.READ_ONLY)
    @GET
    @Path("config/{subject}")
    public ConfigAnswer subjectConfig(
            @PathParam("subject") String subject, @QueryParam("defaultToGlobal") String defaultToGlobal) {
        return about(subject, () -> {
            if (flag(defaultToGlobal)) {
                return new ConfigAnswer(rules.compatibility(Optional.of(subject), DEFAULT_COMPATIBILITY)
                        .name());
            }
            String own = storage()
                    .rules()
                    .get(RuleScope.artifact(subject), RuleType.COMPATIBILITY)
                    .orElseThrow(() -> NotFoundException.rule(RuleScope.artifact(subject), RuleType.COMPATIBILITY));
            return new ConfigAnswer(own);
        });
    }

    /** Sets the global compatibility level, which the v1 API enforces too: it is the global COMPATIBILITY rule. */
    @Needs(Role.ADMIN)
    @PUT
    @Path("config")
    @Consumes({V1_JSON, JSON, MediaType.APPLICATION_JSON, MediaType.APPLICATION_OCTET_STREAM})
    public ConfigUpdate setGlobalConfig(ConfigUpdate update) {
        return about(null, () -> {
            rules.setCompatibility(Optional.empty(), level(update));
            return new ConfigUpdate(level(update).name());
        });
    }

    /**
     * Sets a subject's compatibility level, its COMPATIBILITY rule, whether or not the subject has
     * versions yet: the level applies to the versions registered after it.
     */
    @Needs(Role.DEVELOPER)
    @PUT
    @Path("config/{subject}")
    @Consumes({V1_JSON, JSON, MediaType.APPLICATION_JSON, MediaType.APPLICATION_OCTET_STREAM})
    public ConfigUpdate setSubjectConfig(@PathParam("subject") String subject, ConfigUpdate update) {
        return about(subject, () -> {
            rules.setCompatibility(Optional.of(subject), level(update));
            return new ConfigUpdate(level(update).name());
        });
    }

    /** Removes the global compatibility level, answering the level it had; the default applies again. */
    @Needs(Role.ADMIN)
    @DELETE
    @Path("config")
    public ConfigAnswer deleteGlobalConfig() {
        return about(null, () -> {
            Compatibility had = rules.compatibility(Optional.empty(), DEFAULT_COMPATIBILITY);
            if (storage().rules().get(RuleScope.GLOBAL, RuleType.COMPATIBILITY).isPresent()) {
                storage().rules().delete(RuleScope.GLOBAL, RuleType.COMPATIBILITY);
            }
            return new ConfigAnswer(had.name());
        });
    }

    /** Removes a subject's own compatibility level, answering the level it had. */
    @Needs(Role.DEVELOPER)
    @DELETE
    @Path("config/{subject}")
    public ConfigAnswer deleteSubjectConfig(@PathParam("subject") String subject) {
        return about(subject, () -> {
            RuleScope scope = RuleScope.artifact(subject);
            String own = storage()
                    .rules()
                    .get(scope, RuleType.COMPATIBILITY)
                    .orElseThrow(() -> ConfluentErrors.subjectNotFound(subject));
            storage().rules().delete(scope, RuleType.COMPATIBILITY);
            return new ConfigAnswer(own);
        });
    }

    /**
     * Whether a schema would be accepted as the subject's next version, checked against one version
     * of it (a number, {@code latest} or {@code -1}) at the level in force.
     */
    @Needs(Role.READ_ONLY)
    @POST
    @Path("compatibility/subjects/{subject}/versions/{version}")
    @Consumes({V1_JSON, JSON, MediaType.APPLICATION_JSON, MediaType.APPLICATION_OCTET_STREAM})
    public CompatibilityAnswer checkAgainstVersion(
            @PathParam("subject") String subject,
            @PathParam("version") String version,
            @QueryParam("verbose") String verbose,
            SchemaRequest request) {
        return about(subject, () -> compatibility(subject, Optional.of(version), request, flag(verbose)));
    }

    /** Whether a schema would be accepted as the subject's next version, against the versions its level names. */
    @Needs(Role.READ_ONLY)
    @POST
    @Path("compatibility/subjects/{subject}/versions")
    @Consumes({V1_JSON, JSON, MediaType.APPLICATION_JSON, MediaType.APPLICATION_OCTET_STREAM})
    public CompatibilityAnswer checkAgainstVersions(
            @PathParam("subject") String subject, @QueryParam("verbose") String verbose, SchemaRequest request) {
        return about(subject, () -> compatibility(subject, Optional.empty(), request, flag(verbose)));
    }

    /** The root: an empty object, as Confluent answers it, which tools ask to see a registry is there. */
    @Needs(Role.READ_ONLY)
    @GET
    public Map<String, Object> root() {
        return Map.of();
    }

    /**
     * Which cluster this registry is, as Confluent's {@code /v1/metadata/id} answers: Stele is one
     * registry cluster, named {@code stele}, tied to no Kafka cluster of its own (so that id is empty).
     */
    @Needs(Role.READ_ONLY)
    @GET
    @Path("v1/metadata/id")
    public ClusterId clusterId() {
        return new ClusterId(
                new ClusterId.Scope(List.of(), Map.of("kafka-cluster", "", "schema-registry-cluster", "stele")));
    }

    /**
     * Which release runs, as Confluent's {@code /v1/metadata/version} answers: Stele's own version
     * and commit (docs/confluent.md says why), the commit left out when the build had none, as
     * Confluent leaves out an empty field.
     */
    @Needs(Role.READ_ONLY)
    @GET
    @Path("v1/metadata/version")
    public ServerVersion serverVersion() {
        Release release = Release.current();
        return new ServerVersion(release.version(), release.commit().orElse(null));
    }

    /** The contexts: only the default one, {@code .}, as Stele has no contexts. */
    @Needs(Role.READ_ONLY)
    @GET
    @Path("contexts")
    public List<String> contexts() {
        return List.of(".");
    }

    private CompatibilityAnswer compatibility(
            String subject, Optional<String> version, SchemaRequest request, boolean verbose) {
        SchemaRequest schema = required(request);
        ArtifactType type = type(schema);
        Content content = upload(schema).content();
        boolean exists = storage().artifacts().get(subject).isPresent();
        rules.checkValidity(Optional.of(subject), type, content);
        boolean latest = version.map(ConfluentRequests::latest).orElse(true);
        if (latest && (!exists || storage().versions().latest(subject).isEmpty())) {
            return new CompatibilityAnswer(true, verbose ? List.of() : null); // nothing to be compatible with
        }
        if (!exists) { // Confluent looks for the version alone, and names it
            ConfluentRequests.versionNumber(version.orElseThrow()); // an invalid version id is 42202 first
            throw ConfluentErrors.versionNotFound(version.get().trim());
        }
        Compatibility level = rules.compatibility(Optional.of(subject), DEFAULT_COMPATIBILITY);
        List<StoredVersion> against =
                version.isPresent() ? List.of(find(subject, version.get())) : rules.earlierVersions(subject, level);
        List<String> found = new ArrayList<>();
        against.stream()
                .filter(v -> v.type() != type)
                .findFirst()
                .ifPresent(v ->
                        found.add("The subject's schemas are of type " + v.type() + ", this one is " + type + "."));
        if (found.isEmpty()) {
            rules.incompatibilities(type, content, level, against).forEach(i -> found.add(i.toString()));
        }
        return new CompatibilityAnswer(found.isEmpty(), verbose ? found : null);
    }
}
