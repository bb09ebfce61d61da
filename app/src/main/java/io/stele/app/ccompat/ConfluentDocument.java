package io.stele.app.ccompat;

import io.stele.app.mode.Mode;
import io.stele.app.rules.Compatibility;
import io.stele.storage.VersionDraft;
import java.math.BigDecimal;
import java.util.Arrays;
import java.util.List;
import java.util.Map;
import java.util.TreeSet;
import java.util.function.Consumer;
import java.util.function.Supplier;
import java.util.stream.Stream;
import org.eclipse.microprofile.openapi.OASFactory;
import org.eclipse.microprofile.openapi.models.Components;
import org.eclipse.microprofile.openapi.models.OpenAPI;
import org.eclipse.microprofile.openapi.models.Operation;
import org.eclipse.microprofile.openapi.models.PathItem;
import org.eclipse.microprofile.openapi.models.media.Content;
import org.eclipse.microprofile.openapi.models.media.Schema;
import org.eclipse.microprofile.openapi.models.media.Schema.SchemaType;
import org.eclipse.microprofile.openapi.models.parameters.Parameter;

/**
 * Describes the Confluent-compatible API in {@code /q/openapi} as exactly as the v1 API: what each
 * operation answers (the resources often build their answers themselves, so the scanner cannot see
 * them), the bodies' required fields, and every error status each operation can answer, derived
 * from what it takes. The API appears twice, at the root and at {@code /apis/ccompat/v7}. Called by
 * the application's OpenAPI filter.
 */
public final class ConfluentDocument {

    private static final String V7 = "/apis/ccompat/v7";
    private static final String SCHEMAS = "#/components/schemas/";
    private static final String ERROR_REF = SCHEMAS + "ErrorBody";
    private static final List<String> ANSWER_TYPES =
            List.of(ConfluentMediaTypes.V1_JSON, ConfluentMediaTypes.JSON, "application/json");

    /** What each operation answers with 200, by method and path below the API's root. */
    private static final Map<String, Supplier<Schema>> ANSWERS = Map.ofEntries(
            Map.entry("GET /", () -> OASFactory.createSchema().type(List.of(SchemaType.OBJECT))),
            Map.entry("GET /contexts", () -> arrayOf(string())),
            Map.entry("GET /v1/metadata/id", () -> ref("ClusterId")),
            Map.entry("GET /v1/metadata/version", () -> ref("ServerVersion")),
            Map.entry("GET /schemas/types", () -> arrayOf(string())),
            Map.entry("GET /schemas", () -> arrayOf(ref("SubjectSchema"))),
            Map.entry("GET /schemas/ids/{id}", () -> ref("SchemaString")),
            Map.entry("GET /schemas/ids/{id}/schema", ConfluentDocument::schemaText),
            Map.entry("GET /schemas/ids/{id}/subjects", () -> arrayOf(string())),
            Map.entry("GET /schemas/ids/{id}/versions", () -> arrayOf(ref("SubjectVersion"))),
            Map.entry("GET /subjects", () -> arrayOf(string())),
            Map.entry("POST /subjects/{subject}", () -> ref("SubjectSchema")),
            Map.entry("DELETE /subjects/{subject}", () -> arrayOf(integer("int32"))),
            Map.entry("GET /subjects/{subject}/versions", () -> arrayOf(integer("int32"))),
            Map.entry("POST /subjects/{subject}/versions", () -> ref("RegisterAnswer")),
            Map.entry("GET /subjects/{subject}/versions/{version}", () -> ref("SubjectSchema")),
            Map.entry("DELETE /subjects/{subject}/versions/{version}", () -> integer("int32")),
            Map.entry("GET /subjects/{subject}/versions/{version}/schema", ConfluentDocument::schemaText),
            Map.entry("GET /subjects/{subject}/versions/{version}/referencedby", () -> arrayOf(integer("int64"))),
            Map.entry("POST /compatibility/subjects/{subject}/versions", () -> ref("CompatibilityAnswer")),
            Map.entry("POST /compatibility/subjects/{subject}/versions/{version}", () -> ref("CompatibilityAnswer")),
            Map.entry("GET /config", () -> ref("ConfigAnswer")),
            Map.entry("PUT /config", () -> ref("ConfigUpdate")),
            Map.entry("DELETE /config", () -> ref("ConfigAnswer")),
            Map.entry("GET /config/{subject}", () -> ref("ConfigAnswer")),
            Map.entry("PUT /config/{subject}", () -> ref("ConfigUpdate")),
            Map.entry("DELETE /config/{subject}", () -> ref("ConfigAnswer")),
            Map.entry("GET /mode", () -> ref("ModeBody")),
            Map.entry("PUT /mode", () -> ref("ModeBody")),
            Map.entry("GET /mode/{subject}", () -> ref("ModeBody")),
            Map.entry("PUT /mode/{subject}", () -> ref("ModeBody")),
            Map.entry("DELETE /mode/{subject}", () -> ref("ModeBody")));

    private static final Map<String, String> ERRORS = Map.of(
            "400", "The body is not JSON of the shape this operation takes (error_code 400).",
            "404",
                    "Not found: the subject (40401), the version (40402), the schema id (40403), the subject's own"
                            + " level (40408) or mode (40409); or nothing left to delete softly (40404, 40406), or"
                            + " a permanent deletion of what is not soft-deleted (40405, 40407).",
            "409", "The schema is incompatible with the subject's versions, or of another type (error_code 409).",
            "413", "The body is larger than stele.api.max-content-size (error_code 413).",
            "415", "The body is not sent as JSON (error_code 415).",
            "422",
                    "Unprocessable: an invalid schema or reference (42201), version (42202), level (42203) or mode"
                            + " (42204); a write the mode forbids (42205); a referenced version (42206); a schema"
                            + " too large (42209); a subject name with control characters, a missing field or a"
                            + " malformed number (422).",
            "503", "The storage backend is unavailable (50001), or concurrent writes did not settle (50002); retry.");

    private ConfluentDocument() {}

    /** Describes every operation of the Confluent API in {@code api}, and the schemas they answer. */
    public static void describe(OpenAPI api) {
        Components components = api.getComponents();
        components.addSchema("SchemaString", schemaString());
        components.addSchema("SubjectSchema", subjectSchema());
        constrain(components, "SchemaRequest", "schema", body -> body.addProperty("schemaType", schemaType()));
        constrain(
                components,
                "ConfigUpdate",
                "compatibility",
                body -> body.addProperty("compatibility", names(Compatibility.values())));
        constrain(components, "ModeBody", "mode", body -> body.addProperty("mode", names(Mode.values())));
        api.getPaths().getPathItems().forEach((path, item) -> {
            if (path.startsWith("/api/") || path.startsWith("/q/") || path.startsWith("/apis/registry/")) {
                return;
            }
            String below = path.startsWith(V7) ? path.substring(V7.length()) : path;
            String relative = below.isEmpty() ? "/" : below;
            item.getOperations().forEach((method, operation) -> {
                constrainParameters(operation);
                describe(method + " " + relative, method, operation);
            });
        });
    }

    private static void describe(String name, PathItem.HttpMethod method, Operation operation) {
        Supplier<Schema> answer = ANSWERS.get(name);
        if (answer == null) {
            throw new IllegalStateException("The OpenAPI document does not describe what " + name + " answers.");
        }
        Content content = OASFactory.createContent();
        ANSWER_TYPES.forEach(
                type -> content.addMediaType(type, OASFactory.createMediaType().schema(answer.get())));
        operation
                .getResponses()
                .addAPIResponse(
                        "200",
                        OASFactory.createAPIResponse().description("Done.").content(content));
        if (operation.getRequestBody() != null) {
            // a body without a Content-Type is read as JSON too; one declared as octet-stream is refused
            operation.getRequestBody().getContent().removeMediaType("application/octet-stream");
        }
        for (String status : errors(name, method, operation)) {
            // errors are negotiated as answers are (ConfluentMediaTypes)
            Content error = OASFactory.createContent();
            ANSWER_TYPES.forEach(type -> error.addMediaType(
                    type,
                    OASFactory.createMediaType()
                            .schema(OASFactory.createSchema().ref(ERROR_REF))));
            operation
                    .getResponses()
                    .addAPIResponse(
                            status,
                            OASFactory.createAPIResponse()
                                    .description(ERRORS.get(status))
                                    .content(error));
        }
    }

    /** The error statuses an operation can answer, from what it takes. */
    private static TreeSet<String> errors(String name, PathItem.HttpMethod method, Operation operation) {
        List<Parameter> parameters = operation.getParameters() == null ? List.of() : operation.getParameters();
        TreeSet<String> statuses = new TreeSet<>(List.of("503"));
        if (parameters.stream()
                .anyMatch(p -> p.getIn() == Parameter.In.PATH
                        && List.of("subject", "id", "version").contains(p.getName()))) {
            statuses.add("404");
        }
        if (method != PathItem.HttpMethod.GET
                || parameters.stream().anyMatch(p -> List.of("subject", "version", "limit", "offset", "format")
                        .contains(p.getName()))) {
            statuses.add("422");
        }
        if (operation.getRequestBody() != null) {
            statuses.addAll(List.of("400", "413", "415"));
        }
        if (name.equals("POST /subjects/{subject}/versions")) {
            statuses.add("409");
        }
        return statuses;
    }

    private static void constrain(Components components, String schema, String field, Consumer<Schema> change) {
        Schema body = components.getSchemas().get(schema);
        if (body == null) {
            throw new IllegalStateException("The OpenAPI document has no schema " + schema + " to constrain.");
        }
        change.accept(body);
        body.required(List.of(field));
    }

    /**
     * The parameters as the resources read them: a subject as the storage takes an id, a version as
     * Confluent's clients write one, a schema id and a window of a list as whole numbers. Flags and
     * {@code format} take any text, as Confluent's do: what is not {@code true} (or a known format)
     * is the default.
     */
    private static void constrainParameters(Operation operation) {
        for (Parameter p : operation.getParameters() == null ? List.<Parameter>of() : operation.getParameters()) {
            switch (p.getName()) {
                case "subject" -> {
                    if (p.getIn() == Parameter.In.PATH) {
                        p.setSchema(subject());
                    }
                }
                case "version" -> p.setSchema(version());
                case "id" -> p.setSchema(integer("int64").minimum(BigDecimal.ONE));
                case "offset", "limit" -> p.setSchema(integer("int64"));
                default -> {}
            }
        }
    }

    /**
     * A subject: 1 to {@value VersionDraft#MAX_ID_LENGTH} characters, none a control character (C0,
     * DEL or C1). The document counts characters where the server counts UTF-16 units, so it names
     * half the length, which every subject within it meets either way.
     */
    private static Schema subject() {
        return string().minLength(1)
                .maxLength(VersionDraft.MAX_ID_LENGTH / 2)
                .pattern("^[^\\u0000-\\u001F\\u007F-\\u009F]*$");
    }

    /**
     * A version as Confluent reads one: a number from 1, or {@code latest} (any case) or {@code -1}
     * for the latest. Numbers past 1,999,999,999 are left out, where the server reads up to 2^31-1.
     */
    private static Schema version() {
        return string().pattern("^([Ll][Aa][Tt][Ee][Ss][Tt]|-1|[1-9][0-9]{0,8}|1[0-9]{9})$");
    }

    /** The types the Confluent API takes, as Confluent names them; none is AVRO. */
    private static Schema schemaType() {
        List<Object> types = List.of("AVRO", "JSON", "PROTOBUF");
        return OASFactory.createSchema()
                .type(List.of(SchemaType.STRING, SchemaType.NULL))
                .enumeration(
                        Stream.concat(types.stream(), Stream.of((Object) null)).toList());
    }

    private static Schema names(Enum<?>[] values) {
        return string().enumeration(Arrays.stream(values)
                .map(Enum::name)
                .map(Object.class::cast)
                .toList());
    }

    /** A schema by id: its text, its type (absent for AVRO) and its references (absent when none). */
    private static Schema schemaString() {
        return OASFactory.createSchema()
                .type(List.of(SchemaType.OBJECT))
                .addProperty("schema", string())
                .addProperty("schemaType", string())
                .addProperty("references", arrayOf(ref("Reference")))
                .required(List.of("schema"));
    }

    /** A subject's version with its schema. */
    private static Schema subjectSchema() {
        return OASFactory.createSchema()
                .type(List.of(SchemaType.OBJECT))
                .addProperty("subject", string())
                .addProperty("version", integer("int32"))
                .addProperty("id", integer("int64"))
                .addProperty("schemaType", string())
                .addProperty("schema", string())
                .addProperty("references", arrayOf(ref("Reference")))
                .required(List.of("subject", "version", "id", "schema"));
    }

    /**
     * A schema's text alone, as registered: JSON for Avro and JSON Schema, {@code .proto} text for
     * Protobuf (or a base64 descriptor with {@code format=serialized}), under Confluent's JSON media
     * type either way.
     */
    private static Schema schemaText() {
        return OASFactory.createSchema()
                .description("The schema's text as registered; for Protobuf not JSON, though sent as JSON's type.");
    }

    private static Schema ref(String component) {
        return OASFactory.createSchema().ref(SCHEMAS + component);
    }

    private static Schema string() {
        return OASFactory.createSchema().type(List.of(SchemaType.STRING));
    }

    private static Schema integer(String format) {
        return OASFactory.createSchema().type(List.of(SchemaType.INTEGER)).format(format);
    }

    private static Schema arrayOf(Schema items) {
        return OASFactory.createSchema().type(List.of(SchemaType.ARRAY)).items(items);
    }
}
