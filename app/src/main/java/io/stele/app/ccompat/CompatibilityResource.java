package io.stele.app.ccompat;

import static io.stele.app.ccompat.ConfluentData.DEFAULT_COMPATIBILITY;
import static io.stele.app.ccompat.ConfluentErrors.about;
import static io.stele.app.ccompat.ConfluentRequests.flag;
import static io.stele.app.ccompat.ConfluentRequests.level;
import static io.stele.app.ccompat.ConfluentRequests.required;
import static io.stele.app.ccompat.ConfluentRequests.type;

import io.stele.app.ccompat.ConfluentBodies.CompatibilityAnswer;
import io.stele.app.ccompat.ConfluentBodies.SchemaRequest;
import io.stele.app.rules.Compatibility;
import io.stele.app.rules.RulesService;
import io.stele.app.security.Needs;
import io.stele.app.security.Role;
import io.stele.storage.ArtifactType;
import io.stele.storage.Content;
import io.stele.storage.StoredVersion;
import jakarta.inject.Inject;
import jakarta.ws.rs.Consumes;
import jakarta.ws.rs.POST;
import jakarta.ws.rs.Path;
import jakarta.ws.rs.PathParam;
import jakarta.ws.rs.Produces;
import jakarta.ws.rs.QueryParam;
import jakarta.ws.rs.core.MediaType;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;

/**
 * The Confluent API's compatibility checks: whether a schema would be accepted as a subject's next
 * version, at the level in force, without registering it.
 */
@Produces({ConfluentMediaTypes.V1_JSON, ConfluentMediaTypes.JSON, MediaType.APPLICATION_JSON})
public abstract class CompatibilityResource {

    /** Mounted at the root, where Confluent's and Karapace's users point their clients. */
    @Path("/")
    public static class Root extends CompatibilityResource {}

    /** Mounted at {@code /apis/ccompat/v7}, where Apicurio's users point theirs. */
    @Path(ConfluentRoutes.V7)
    public static class V7 extends CompatibilityResource {}

    @Inject
    ConfluentData data;

    @Inject
    RulesService rules;

    /**
     * Whether a schema would be accepted as the subject's next version, checked against one version
     * of it (a number, {@code latest} or {@code -1}) at the level in force.
     */
    @Needs(Role.READ_ONLY)
    @POST
    @Path("compatibility/subjects/{subject}/versions/{version}")
    @Consumes({
        ConfluentMediaTypes.V1_JSON,
        ConfluentMediaTypes.JSON,
        MediaType.APPLICATION_JSON,
        MediaType.APPLICATION_OCTET_STREAM
    })
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
    @Consumes({
        ConfluentMediaTypes.V1_JSON,
        ConfluentMediaTypes.JSON,
        MediaType.APPLICATION_JSON,
        MediaType.APPLICATION_OCTET_STREAM
    })
    public CompatibilityAnswer checkAgainstVersions(
            @PathParam("subject") String subject, @QueryParam("verbose") String verbose, SchemaRequest request) {
        return about(subject, () -> compatibility(subject, Optional.empty(), request, flag(verbose)));
    }

    private CompatibilityAnswer compatibility(
            String subject, Optional<String> version, SchemaRequest request, boolean verbose) {
        SchemaRequest schema = required(request);
        ArtifactType type = type(schema);
        Content content = data.upload(schema).content();
        boolean exists = data.storage().artifacts().get(subject).isPresent();
        rules.checkValidity(Optional.of(subject), type, content);
        boolean latest = version.map(ConfluentRequests::latest).orElse(true);
        if (latest && (!exists || data.storage().versions().latest(subject).isEmpty())) {
            return new CompatibilityAnswer(true, verbose ? List.of() : null); // nothing to be compatible with
        }
        if (!exists) { // Confluent looks for the version alone, and names it
            ConfluentRequests.versionNumber(version.orElseThrow()); // an invalid version id is 42202 first
            throw ConfluentErrors.versionNotFound(version.get().trim());
        }
        Compatibility level = rules.compatibility(Optional.of(subject), DEFAULT_COMPATIBILITY);
        List<StoredVersion> against = version.isPresent()
                ? List.of(data.find(subject, version.get()))
                : rules.earlierVersions(subject, level);
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
