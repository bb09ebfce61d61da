package io.stele.app.apicurio.v1;

import io.stele.app.apicurio.v3.RegistryDocument;
import io.stele.app.artifacts.IfExists;
import io.stele.app.ccompat.ConfluentDocument;
import io.stele.app.rules.Compatibility;
import io.stele.app.rules.Integrity;
import io.stele.app.rules.RulesService;
import io.stele.app.rules.Validity;
import io.stele.app.security.Operation.Api;
import io.stele.storage.ArtifactQuery;
import io.stele.storage.ArtifactType;
import io.stele.storage.RuleType;
import io.stele.storage.VersionState;
import java.math.BigDecimal;
import java.util.Arrays;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.TreeSet;
import java.util.function.Consumer;
import java.util.stream.Collectors;
import java.util.stream.Stream;
import org.eclipse.microprofile.openapi.OASFactory;
import org.eclipse.microprofile.openapi.OASFilter;
import org.eclipse.microprofile.openapi.models.Components;
import org.eclipse.microprofile.openapi.models.OpenAPI;
import org.eclipse.microprofile.openapi.models.Operation;
import org.eclipse.microprofile.openapi.models.PathItem;
import org.eclipse.microprofile.openapi.models.media.MediaType;
import org.eclipse.microprofile.openapi.models.media.Schema;
import org.eclipse.microprofile.openapi.models.parameters.Parameter;
import org.eclipse.microprofile.openapi.models.responses.APIResponse;

/**
 * Makes {@code /q/openapi} say exactly what the API does, in one place rather than in annotations
 * repeated on every method: the constraints of each parameter and body (by the parameter's name or
 * the body's schema, the same wherever they appear), and every status each operation can answer,
 * derived from what the operation takes:
 *
 * <ul>
 *   <li>every operation under {@code /api}: 503 while the storage backend is unavailable;
 *   <li>a path naming an artifact, version, globalId or rule: 404 when there is none;
 *   <li>a version or globalId in the path, a typed header or query parameter, or a body: 400 when it
 *       is malformed; a body also 413 past {@code stele.api.max-content-size}, and a JSON body 415
 *       when sent as another media type;
 *   <li>a write: 409 (an id or rule taken, a rule violated, concurrent writes that did not settle);
 *   <li>every operation of every API: 414 for a request line longer than the server reads, and a
 *       content read that takes {@code If-None-Match} 304.
 * </ul>
 *
 * Each error answer carries {@link ErrorBody}'s schema. The Confluent-compatible API is described by
 * {@link ConfluentDocument}, Apicurio Registry's v2 and v3 APIs by {@link RegistryDocument}. Registered by {@code mp.openapi.filter}.
 */
public class ApiDocumentFilter implements OASFilter {

    static final String ERROR_SCHEMA = "ErrorBody";
    private static final String NEW_RULE = "NewRule";

    /** Apicurio v2's new rule: the v1 API's shape, with the INTEGRITY rule too. */
    private static final String NEW_RULE_V2 = "NewRuleV2";

    /** Apicurio v3's rule body, which names its type {@code ruleType}. */
    public static final String RULE_V3 = "RuleV3";

    private static final String ERROR_REF = "#/components/schemas/" + ERROR_SCHEMA;

    private static final Map<String, String> ERRORS = Map.of(
            "400", "The request is malformed: a parameter or the body is not what this operation takes.",
            "404", "The artifact, version, globalId or rule named does not exist.",
            "409",
                    "A conflict: the id or rule exists already, the content breaks a configured rule, or concurrent"
                            + " writes did not settle (retry).",
            "413", "The body is larger than stele.api.max-content-size.",
            "415", "The body is not sent as application/json.",
            "503", "The storage backend is unavailable or not started yet; retry later.");

    /**
     * Any operation's answer to a request line longer than the HTTP server reads (4,096 bytes unless
     * {@code quarkus.http.limits.max-initial-line-length} says otherwise): given before any route
     * is chosen, so with no body.
     */
    private static final APIResponse URI_TOO_LONG = OASFactory.createAPIResponse()
            .description("The request line (path and query) is longer than the server reads; no body.");

    /** Any content read's answer when If-None-Match names the content's ETag. */
    private static final APIResponse NOT_MODIFIED =
            OASFactory.createAPIResponse().description("The content has not changed: If-None-Match named its ETag.");

    /** Path parameters naming something that may not exist. */
    private static final List<String> NAMED =
            List.of("artifactId", "version", "globalId", "rule", "groupId", "versionExpression", "ruleType");

    /** Parameters whose malformed values answer 400. */
    private static final List<String> CHECKED = List.of(
            "artifactId",
            "version",
            "globalId",
            "offset",
            "limit",
            "over",
            "order",
            "ifExists",
            ArtifactsResource.ARTIFACT_TYPE,
            ArtifactsResource.ARTIFACT_ID);

    @Override
    public void filterOpenAPI(OpenAPI api) {
        Components components = api.getComponents();
        components.addSchema(ERROR_SCHEMA, errorBody());
        constrainBodies(components);
        components.addSchema(NEW_RULE, newRule("type", RuleEndpoints.V1_RULES));
        components.addSchema(NEW_RULE_V2, newRule("type", RuleEndpoints.RULES));
        components.addSchema("New" + RULE_V3, newRule("ruleType", RuleEndpoints.RULES));
        api.getPaths().getPathItems().forEach((path, item) -> item.getOperations()
                .forEach((method, operation) -> {
                    if (path.startsWith("/api/")) {
                        constrainParameters(operation);
                    }
                    if (path.startsWith("/api/") || path.startsWith("/apis/registry/")) {
                        typeBody(path, method, operation);
                        noContentSuccess(method, operation);
                        addErrors(method, operation);
                    }
                }));
        ConfluentDocument.describe(api);
        RegistryDocument.describe(api);
        api.getPaths().getPathItems().values().forEach(item -> item.getOperations()
                .forEach((method, operation) -> {
                    operation.getResponses().addAPIResponse("414", URI_TOO_LONG);
                    if (method == PathItem.HttpMethod.GET
                            && operation.getParameters() != null
                            && operation.getParameters().stream().anyMatch(p -> "If-None-Match".equals(p.getName()))) {
                        operation.getResponses().addAPIResponse("304", NOT_MODIFIED);
                    }
                }));
    }

    private static void constrainParameters(Operation operation) {
        for (Parameter p : operation.getParameters() == null ? List.<Parameter>of() : operation.getParameters()) {
            switch (p.getName()) {
                case "artifactId" -> p.setSchema(artifactId().minLength(1));
                case "version" -> p.setSchema(integer("int32", 1));
                case "globalId" -> p.setSchema(integer("int64", null));
                case "rule" -> p.setSchema(names(RuleEndpoints.V1_RULES.toArray(RuleType[]::new)));
                case "offset" -> p.setSchema(integer("int32", 0).defaultValue(0));
                case "limit" -> p.setSchema(integer("int32", 1).defaultValue(20));
                case "over" ->
                    p.setSchema(lowerCaseNames(ArtifactQuery.Over.values()).defaultValue("everything"));
                case "order" ->
                    p.setSchema(OASFactory.createSchema()
                            .type(List.of(Schema.SchemaType.STRING))
                            .enumeration(List.of("asc", "desc"))
                            .defaultValue("asc"));
                case "ifExists" -> p.setSchema(names(IfExists.values()).defaultValue(IfExists.FAIL.name()));
                case ArtifactsResource.ARTIFACT_TYPE -> p.setSchema(names(ArtifactType.values()));
                case ArtifactsResource.ARTIFACT_ID -> p.setSchema(artifactId());
                default -> {}
            }
        }
    }

    private static void addErrors(PathItem.HttpMethod method, Operation operation) {
        List<Parameter> parameters = operation.getParameters() == null ? List.of() : operation.getParameters();
        TreeSet<String> statuses = new TreeSet<>(List.of("503"));
        boolean body = operation.getRequestBody() != null;
        if (parameters.stream().anyMatch(p -> p.getIn() == Parameter.In.PATH && NAMED.contains(p.getName()))) {
            statuses.add("404");
        }
        if (body || parameters.stream().anyMatch(p -> CHECKED.contains(p.getName()))) {
            statuses.add("400");
        }
        if (body) {
            statuses.add("413");
            if (operation.getRequestBody().getContent().hasMediaType("application/json")) {
                statuses.add("415");
            }
        }
        if (method != PathItem.HttpMethod.GET) {
            statuses.add("409");
        }
        for (String status : statuses) {
            if (!operation.getResponses().hasAPIResponse(status)) {
                operation.getResponses().addAPIResponse(status, error(ERRORS.get(status)));
            }
        }
    }

    /**
     * A JSON body (one whose schema is a component) is declared as JSON, which is what the resource
     * reads, rather than the any-type the resource's {@code @Consumes} names so that raw artifact
     * content of any media type is accepted. A new rule names its type and a level of that type.
     */
    private static void typeBody(String path, PathItem.HttpMethod method, Operation operation) {
        if (operation.getRequestBody() == null || operation.getRequestBody().getContent() == null) {
            return;
        }
        MediaType any = operation.getRequestBody().getContent().getMediaType("*/*");
        if (any == null || any.getSchema() == null || any.getSchema().getRef() == null) {
            return;
        }
        if (method == PathItem.HttpMethod.POST && any.getSchema().getRef().endsWith("/Rule")) {
            any.setSchema(OASFactory.createSchema()
                    .ref("#/components/schemas/"
                            + (path.startsWith(Api.REGISTRY_V2_PATH + "/") ? NEW_RULE_V2 : NEW_RULE)));
        }
        if (method == PathItem.HttpMethod.POST && any.getSchema().getRef().endsWith("/" + RULE_V3)) {
            any.setSchema(OASFactory.createSchema().ref("#/components/schemas/New" + RULE_V3));
        }
        operation.getRequestBody().setContent(OASFactory.createContent().addMediaType("application/json", any));
    }

    /** A write whose success has no body answers 204 (the resource returns an empty {@code Response}). */
    private static void noContentSuccess(PathItem.HttpMethod method, Operation operation) {
        APIResponse ok = operation.getResponses().getAPIResponse("200");
        if (method != PathItem.HttpMethod.GET
                && ok != null
                && (ok.getContent() == null
                        || ok.getContent().getMediaTypes().values().stream()
                                .allMatch(m -> m.getSchema() == null
                                        || m.getSchema().getRef() == null
                                                && m.getSchema().getType() == null))) {
            operation.getResponses().removeAPIResponse("200");
            operation
                    .getResponses()
                    .addAPIResponse("204", OASFactory.createAPIResponse().description("Done; no content."));
        }
    }

    private static APIResponse error(String description) {
        MediaType json =
                OASFactory.createMediaType().schema(OASFactory.createSchema().ref(ERROR_REF));
        return OASFactory.createAPIResponse()
                .description(description)
                .content(OASFactory.createContent().addMediaType("application/json", json));
    }

    private static Schema errorBody() {
        Schema cause = OASFactory.createSchema()
                .type(List.of(Schema.SchemaType.OBJECT))
                .addProperty("description", string())
                .addProperty("context", string())
                .required(List.of("description"));
        return OASFactory.createSchema()
                .type(List.of(Schema.SchemaType.OBJECT))
                .description("The body of every error answer.")
                .addProperty(
                        "error_code",
                        OASFactory.createSchema()
                                .type(List.of(Schema.SchemaType.INTEGER))
                                .format("int32"))
                .addProperty("message", string())
                .addProperty(
                        "causes",
                        OASFactory.createSchema()
                                .type(List.of(Schema.SchemaType.ARRAY))
                                .items(cause))
                .required(List.of("error_code", "message"));
    }

    /** The bodies' schemas: what each field must be, as the resources check it. */
    private static void constrainBodies(Components schemas) {
        with(schemas, "UpdateState", s -> {
            s.addProperty("state", names(VersionState.values()));
            s.required(List.of("state"));
        });
        with(schemas, "Rule", s -> rule(s, "type"));
        with(schemas, RULE_V3, s -> rule(s, "ruleType"));
        // A field left out or null is cleared.
        with(schemas, "EditableMetaData", s -> s.getProperties().values().stream()
                .filter(p -> p.getType() != null)
                .forEach(p -> p.type(Stream.concat(p.getType().stream(), Stream.of(Schema.SchemaType.NULL))
                        .toList())));
    }

    /** A rule's body: one of the levels, and a type that, if given, must be the path's; null is none. */
    private static void rule(Schema s, String typeField) {
        s.addProperty(
                "config",
                OASFactory.createSchema()
                        .anyOf(RuleEndpoints.RULES.stream()
                                .map(ApiDocumentFilter::config)
                                .toList()));
        s.required(List.of("config"));
        Schema type = names(RuleEndpoints.RULES.toArray(RuleType[]::new));
        s.addProperty(
                typeField,
                type.type(List.of(Schema.SchemaType.STRING, Schema.SchemaType.NULL))
                        .enumeration(Stream.concat(type.getEnumeration().stream(), Stream.of((Object) null))
                                .toList()));
    }

    private static void with(Components components, String name, Consumer<Schema> change) {
        Schema schema = components.getSchemas().get(name);
        if (schema == null) {
            throw new IllegalStateException("The OpenAPI document has no schema " + name + " to constrain.");
        }
        change.accept(schema);
    }

    /** A rule to add: its type, in the field {@code typeField}, and one of that type's levels. */
    /** A new rule of one of {@code types}, each with its own levels. */
    private static Schema newRule(String typeField, List<RuleType> types) {
        return OASFactory.createSchema()
                .type(List.of(Schema.SchemaType.OBJECT))
                .required(List.of(typeField, "config"))
                .oneOf(types.stream().map(type -> ruleOf(typeField, type)).toList());
    }

    private static Schema ruleOf(String typeField, RuleType type) {
        return OASFactory.createSchema()
                .type(List.of(Schema.SchemaType.OBJECT))
                .addProperty(typeField, names(new Enum<?>[] {type}))
                .addProperty("config", config(type));
    }

    /**
     * A rule's configuration: one of its levels; for INTEGRITY, one or more separated by commas,
     * as Apicurio takes them.
     */
    private static Schema config(RuleType type) {
        return switch (type) {
            case VALIDITY -> names(Validity.values());
            case COMPATIBILITY -> names(Compatibility.values());
            case INTEGRITY -> {
                String level =
                        Arrays.stream(Integrity.values()).map(Enum::name).collect(Collectors.joining("|", "(", ")"));
                yield string().maxLength(RulesService.MAX_CONFIG).pattern("^ *" + level + " *(, *" + level + " *)*$");
            }
            case MODE -> throw new IllegalArgumentException("The MODE rule is the Confluent API's");
        };
    }

    /** An artifact id: at most 512 characters, none of them a control character (C0, DEL or C1). */
    private static Schema artifactId() {
        return OASFactory.createSchema()
                .type(List.of(Schema.SchemaType.STRING))
                .maxLength(512)
                .pattern("^[^\\u0000-\\u001F\\u007F-\\u009F]*$");
    }

    private static Schema string() {
        return OASFactory.createSchema().type(List.of(Schema.SchemaType.STRING));
    }

    private static Schema integer(String format, Integer minimum) {
        Schema schema = OASFactory.createSchema()
                .type(List.of(Schema.SchemaType.INTEGER))
                .format(format);
        return minimum == null ? schema : schema.minimum(BigDecimal.valueOf(minimum));
    }

    private static Schema names(Enum<?>[] values) {
        return OASFactory.createSchema()
                .type(List.of(Schema.SchemaType.STRING))
                .enumeration(Arrays.stream(values)
                        .map(Enum::name)
                        .map(Object.class::cast)
                        .toList());
    }

    private static Schema lowerCaseNames(Enum<?>[] values) {
        return OASFactory.createSchema()
                .type(List.of(Schema.SchemaType.STRING))
                .enumeration(Arrays.stream(values)
                        .map(v -> v.name().toLowerCase(Locale.ROOT))
                        .map(Object.class::cast)
                        .toList());
    }
}
