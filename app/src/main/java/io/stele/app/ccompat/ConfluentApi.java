package io.stele.app.ccompat;

import static io.stele.app.ccompat.ConfluentErrors.about;
import static io.stele.app.ccompat.ConfluentRequests.flag;
import static io.stele.app.ccompat.ConfluentRequests.level;
import static io.stele.app.ccompat.ConfluentRequests.required;
import static io.stele.app.ccompat.ConfluentRequests.schemaId;
import static io.stele.app.ccompat.ConfluentRequests.type;
import static io.stele.app.ccompat.ConfluentRequests.upload;

import io.stele.app.artifacts.AllArtifactIds;
import io.stele.app.artifacts.ApiConfig;
import io.stele.app.artifacts.ArtifactService;
import io.stele.app.ccompat.ConfluentBodies.CompatibilityAnswer;
import io.stele.app.ccompat.ConfluentBodies.ConfigAnswer;
import io.stele.app.ccompat.ConfluentBodies.ConfigUpdate;
import io.stele.app.ccompat.ConfluentBodies.RegisterAnswer;
import io.stele.app.ccompat.ConfluentBodies.SchemaRequest;
import io.stele.app.ccompat.ConfluentBodies.SchemaString;
import io.stele.app.ccompat.ConfluentBodies.SubjectVersion;
import io.stele.app.rules.Compatibility;
import io.stele.app.rules.RulesService;
import io.stele.app.storage.StorageProvider;
import io.stele.storage.ArtifactType;
import io.stele.storage.Content;
import io.stele.storage.NotFoundException;
import io.stele.storage.RegistryStorage;
import io.stele.storage.RuleScope;
import io.stele.storage.RuleType;
import io.stele.storage.StoredContent;
import io.stele.storage.StoredVersion;
import io.stele.storage.VersionState;
import io.vertx.core.buffer.Buffer;
import jakarta.inject.Inject;
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
import jakarta.ws.rs.core.Response;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;

/**
 * The resources of the Confluent-compatible API, mounted at the root by {@link ConfluentRootResource}
 * and at {@code /apis/ccompat/v7} by {@link ConfluentV7Resource}. A subject is an artifact, a schema
 * id a contentId, and with no compatibility rule set BACKWARD applies, as in Confluent Schema
 * Registry (docs/adr/0015-confluent-compatible-api-on-steles-data.md).
 */
@Produces({ConfluentApi.V1_JSON, ConfluentApi.JSON, MediaType.APPLICATION_JSON})
public abstract class ConfluentApi {

    static final String V1_JSON = "application/vnd.schemaregistry.v1+json";
    static final String JSON = "application/vnd.schemaregistry+json";

    /** The level Confluent Schema Registry applies when none is configured. */
    static final Compatibility DEFAULT_COMPATIBILITY = Compatibility.BACKWARD;

    @Inject
    StorageProvider provider;

    @Inject
    ArtifactService artifacts;

    @Inject
    RulesService rules;

    @Inject
    ApiConfig config;

    @Inject
    ConfluentAnswers answers;

    private RegistryStorage storage() {
        return provider.storage();
    }

    @GET
    @Path("schemas/types")
    public List<String> schemaTypes() {
        return List.of(ArtifactType.AVRO.name(), ArtifactType.JSON.name(), ArtifactType.PROTOBUF.name());
    }

    /** A schema by id. {@code subject} is only a hint, as in Confluent: an id means one schema everywhere. */
    @GET
    @Path("schemas/ids/{id}")
    public Response schemaById(@PathParam("id") String id, @QueryParam("subject") String subject) {
        return about(subject, () -> {
            long contentId = schemaId(id);
            return json(answers.schema(contentId, () -> {
                StoredContent content =
                        storage().contents().byContentId(contentId).orElseThrow(ConfluentErrors::schemaNotFound);
                return new SchemaString(content.content().text(), ConfluentBodies.schemaType(typeOf(contentId)));
            }));
        });
    }

    /** The subjects and versions that use a schema id. */
    @GET
    @Path("schemas/ids/{id}/versions")
    public List<SubjectVersion> versionsOfSchema(@PathParam("id") String id) {
        return about(null, () -> {
            List<StoredVersion> versions = usersOf(schemaId(id));
            return versions.stream()
                    .map(v -> new SubjectVersion(v.artifactId(), v.version()))
                    .toList();
        });
    }

    /** Every subject, ascending. */
    @GET
    @Path("subjects")
    public Response subjects() {
        return about(null, () -> Response.ok(AllArtifactIds.asJsonArray(storage(), config.listPageSize()))
                .build());
    }

    @GET
    @Path("subjects/{subject}/versions")
    public List<Integer> versions(@PathParam("subject") String subject) {
        return about(subject, () -> storage().versions().list(subject));
    }

    /** A version of a subject: a number from 1, or {@code latest} or {@code -1} for the latest. */
    @GET
    @Path("subjects/{subject}/versions/{version}")
    public Response version(@PathParam("subject") String subject, @PathParam("version") String version) {
        return about(subject, () -> answer(find(subject, version)));
    }

    /** Registers a schema under a subject, or finds it there already: the answer is its id either way. */
    @POST
    @Path("subjects/{subject}/versions")
    @Consumes({V1_JSON, JSON, MediaType.APPLICATION_JSON, "application/octet-stream"})
    public RegisterAnswer register(@PathParam("subject") String subject, SchemaRequest request) {
        return about(subject, () -> {
            SchemaRequest schema = required(request);
            StoredVersion version = artifacts.register(subject, type(schema), upload(schema), DEFAULT_COMPATIBILITY);
            return new RegisterAnswer(version.contentId());
        });
    }

    /** The version of a subject that holds this schema, compared by meaning (for Avro, canonical form). */
    @POST
    @Path("subjects/{subject}")
    @Consumes({V1_JSON, JSON, MediaType.APPLICATION_JSON, "application/octet-stream"})
    public Response lookup(@PathParam("subject") String subject, SchemaRequest request) {
        return about(subject, () -> {
            SchemaRequest schema = required(request);
            String sha256 = Content.of(schema.schema()).sha256();
            Long known = answers.lookedUp(subject, sha256);
            if (known != null) {
                Optional<StoredVersion> version = storage().versions().byGlobalId(known);
                if (version.isPresent()
                        && version.get().artifactId().equals(subject)
                        && version.get().state() != VersionState.DISABLED) {
                    return answer(version.get());
                }
            }
            StoredVersion found =
                    artifacts.findByContent(subject, upload(schema).body());
            answers.lookedUp(subject, sha256, found.globalId());
            return answer(found);
        });
    }

    /** The global compatibility level. */
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
    @PUT
    @Path("config")
    @Consumes({V1_JSON, JSON, MediaType.APPLICATION_JSON, "application/octet-stream"})
    public ConfigUpdate setGlobalConfig(ConfigUpdate update) {
        return about(null, () -> {
            rules.setCompatibility(Optional.empty(), level(update));
            return new ConfigUpdate(level(update).name());
        });
    }

    /** Sets a subject's compatibility level: its COMPATIBILITY rule. */
    @PUT
    @Path("config/{subject}")
    @Consumes({V1_JSON, JSON, MediaType.APPLICATION_JSON, "application/octet-stream"})
    public ConfigUpdate setSubjectConfig(@PathParam("subject") String subject, ConfigUpdate update) {
        return about(subject, () -> {
            rules.setCompatibility(Optional.of(subject), level(update));
            return new ConfigUpdate(level(update).name());
        });
    }

    /** Removes a subject's own compatibility level, answering the level it had. */
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
    @POST
    @Path("compatibility/subjects/{subject}/versions/{version}")
    @Consumes({V1_JSON, JSON, MediaType.APPLICATION_JSON, "application/octet-stream"})
    public CompatibilityAnswer checkAgainstVersion(
            @PathParam("subject") String subject,
            @PathParam("version") String version,
            @QueryParam("verbose") String verbose,
            SchemaRequest request) {
        return about(subject, () -> compatibility(subject, Optional.of(version), request, flag(verbose)));
    }

    /** Whether a schema would be accepted as the subject's next version, against the versions its level names. */
    @POST
    @Path("compatibility/subjects/{subject}/versions")
    @Consumes({V1_JSON, JSON, MediaType.APPLICATION_JSON, "application/octet-stream"})
    public CompatibilityAnswer checkAgainstVersions(
            @PathParam("subject") String subject, @QueryParam("verbose") String verbose, SchemaRequest request) {
        return about(subject, () -> compatibility(subject, Optional.empty(), request, flag(verbose)));
    }

    /** The contexts: only the default one, {@code .}, as Stele has no contexts. */
    @GET
    @Path("contexts")
    public List<String> contexts() {
        return List.of(".");
    }

    private CompatibilityAnswer compatibility(
            String subject, Optional<String> version, SchemaRequest request, boolean verbose) {
        SchemaRequest schema = required(request);
        ArtifactType type = type(schema);
        Content content = Content.of(schema.schema());
        boolean exists = storage().artifacts().get(subject).isPresent();
        rules.checkValidity(exists ? Optional.of(subject) : Optional.empty(), type, content);
        boolean latest = version.map(
                        v -> v.trim().equalsIgnoreCase("latest") || v.trim().equals("-1"))
                .orElse(true);
        if (latest && (!exists || storage().versions().latest(subject).isEmpty())) {
            return new CompatibilityAnswer(true, verbose ? List.of() : null); // nothing to be compatible with
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

    private StoredVersion find(String subject, String version) {
        String v = version.trim();
        if (v.equalsIgnoreCase("latest") || v.equals("-1")) {
            return storage().versions().latest(subject).orElseThrow(() -> {
                storage().artifacts().get(subject).orElseThrow(() -> ConfluentErrors.subjectNotFound(subject));
                return new ConfluentException(404, ConfluentErrors.VERSION_NOT_FOUND, "Version latest not found.");
            });
        }
        int number;
        try {
            number = Integer.parseInt(v);
        } catch (NumberFormatException e) {
            throw ConfluentErrors.invalidVersion(version);
        }
        if (number < 1) {
            throw ConfluentErrors.invalidVersion(version);
        }
        return storage().versions().get(subject, number).orElseThrow(() -> {
            storage().artifacts().get(subject).orElseThrow(() -> ConfluentErrors.subjectNotFound(subject));
            return new ConfluentException(404, ConfluentErrors.VERSION_NOT_FOUND, "Version " + number + " not found.");
        });
    }

    /** A version of a subject with its schema, as the hot path answers it too ({@link ConfluentRoutes}). */
    private Response answer(StoredVersion version) {
        String text = storage()
                .contents()
                .byContentId(version.contentId())
                .orElseThrow(() -> NotFoundException.contentId(version.contentId()))
                .content()
                .text();
        return json(answers.version(version, text));
    }

    private static Response json(Buffer answer) {
        return Response.ok(answer.getBytes(), V1_JSON).build();
    }

    /** The versions that use a schema id; 404 when no stored schema has it. */
    private List<StoredVersion> usersOf(long contentId) {
        List<StoredVersion> versions = storage().versions().byContentId(contentId);
        if (versions.isEmpty() && storage().contents().byContentId(contentId).isEmpty()) {
            throw ConfluentErrors.schemaNotFound();
        }
        return versions;
    }

    /** The type a schema id was registered as; AVRO for content no version uses any more. */
    private ArtifactType typeOf(long contentId) {
        return storage().versions().byContentId(contentId).stream()
                .findFirst()
                .map(StoredVersion::type)
                .orElse(ArtifactType.AVRO);
    }
}
