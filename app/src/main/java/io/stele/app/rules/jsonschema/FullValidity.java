package io.stele.app.rules.jsonschema;

import static java.nio.charset.StandardCharsets.UTF_8;

import com.fasterxml.jackson.databind.JsonNode;
import com.networknt.schema.DisallowUnknownJsonMetaSchemaFactory;
import com.networknt.schema.InvalidSchemaRefException;
import com.networknt.schema.JsonMetaSchema;
import com.networknt.schema.JsonSchemaException;
import com.networknt.schema.JsonSchemaFactory;
import com.networknt.schema.PathType;
import com.networknt.schema.SchemaLocation;
import com.networknt.schema.SchemaValidatorsConfig;
import com.networknt.schema.SpecVersion;
import com.networknt.schema.ValidationMessage;
import io.stele.app.rules.InvalidContentException;
import io.stele.app.rules.ParserMessages;
import java.io.ByteArrayInputStream;
import java.util.List;
import java.util.Set;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * The FULL validity of a JSON Schema: valid against its meta-schema, then loadable by the
 * validator library with every reference into the document resolved.
 *
 * <p>Reads no network and no file: meta-schemas come from the library's jar, and each document
 * that a reference names outside this one is stood in for by empty schemas, so such references
 * are accepted unchecked.
 */
final class FullValidity {

    /** The meta-schema of a schema that names none in {@code $schema}. */
    static final String DEFAULT_META_SCHEMA = "http://json-schema.org/draft-07/schema#";

    private static final int MESSAGES_SHOWN = 5;
    private static final Pattern UNRESOLVED = Pattern.compile("Reference (\\S+) cannot be resolved");
    private static final SchemaValidatorsConfig CONFIG =
            SchemaValidatorsConfig.builder().pathType(PathType.JSON_POINTER).build();

    /** Holds the meta-schemas, loaded once. */
    private static final JsonSchemaFactory META_SCHEMAS = factory(new byte[0]);

    private FullValidity() {}

    /** @throws InvalidContentException naming the JSON pointer of what is wrong, when known */
    static void check(JsonNode schema) {
        if (schema.isBoolean()) {
            return;
        }
        String metaSchema = metaSchemaOf(schema);
        checkAgainst(metaSchema, schema);
        load(schema);
    }

    private static String metaSchemaOf(JsonNode schema) {
        JsonNode declared = schema.get("$schema");
        if (declared == null) {
            return DEFAULT_META_SCHEMA;
        }
        if (!declared.isTextual()) {
            throw invalid("/$schema", "$schema must be a string");
        }
        try {
            META_SCHEMAS.getMetaSchema(declared.asText(), CONFIG);
        } catch (JsonSchemaException e) {
            throw invalid(
                    "/$schema",
                    "unknown meta-schema '" + declared.asText()
                            + "'; the known ones are drafts 4, 6, 7, 2019-09 and 2020-12");
        }
        return declared.asText();
    }

    private static void checkAgainst(String metaSchema, JsonNode schema) {
        Set<ValidationMessage> messages = META_SCHEMAS
                .getSchema(SchemaLocation.of(metaSchema), CONFIG)
                .validate(schema, context -> context.getExecutionConfig().setFormatAssertionsEnabled(true));
        if (messages.isEmpty()) {
            return;
        }
        List<String> lines = messages.stream()
                .map(m -> "at " + where(m.getInstanceLocation().toString()) + ": " + m.getError())
                .distinct()
                .toList();
        String shown = String.join("; ", lines.subList(0, Math.min(MESSAGES_SHOWN, lines.size())));
        if (lines.size() > MESSAGES_SHOWN) {
            shown += "; and " + (lines.size() - MESSAGES_SHOWN) + " more";
        }
        throw new InvalidContentException(
                "Invalid JSON Schema: not valid against its meta-schema " + metaSchema + ": " + shown + ".");
    }

    private static void load(JsonNode schema) {
        List<SchemaRefs.Ref> refs = SchemaRefs.all(schema);
        JsonSchemaFactory factory =
                factory(Json.canonical(SchemaRefs.stubForRemoteDocuments(refs)).getBytes(UTF_8));
        try {
            factory.getSchema(schema, CONFIG).initializeValidators();
        } catch (InvalidSchemaRefException e) {
            Matcher m = UNRESOLVED.matcher(String.valueOf(e.getMessage()));
            String target = m.find() ? m.group(1) : "";
            for (SchemaRefs.Ref ref : refs) {
                if (!target.isEmpty()
                        && (ref.value().equals(target) || ref.value().endsWith("#" + target))) {
                    throw invalid(ref.at(), "reference '" + ref.value() + "' cannot be resolved");
                }
            }
            throw new InvalidContentException("Invalid JSON Schema: " + cleaned(e), e);
        } catch (RuntimeException e) { // the library's JsonSchemaException, or a bad regular expression
            throw new InvalidContentException("Invalid JSON Schema: it cannot be loaded: " + cleaned(e), e);
        }
    }

    /**
     * A factory that knows drafts 4 to 2020-12 and loads nothing but the meta-schemas in the
     * library's jar; any other document it is asked for is {@code otherDocuments}.
     */
    private static JsonSchemaFactory factory(byte[] otherDocuments) {
        return JsonSchemaFactory.getInstance(SpecVersion.VersionFlag.V7, builder -> builder.metaSchemaFactory(
                        DisallowUnknownJsonMetaSchemaFactory.getInstance())
                .metaSchema(JsonMetaSchema.getV4())
                .metaSchema(JsonMetaSchema.getV6())
                .metaSchema(JsonMetaSchema.getV201909())
                .metaSchema(JsonMetaSchema.getV202012())
                .schemaLoaders(loaders -> loaders.add(iri -> iri.toString().startsWith("classpath:draft")
                        ? null // a bundled meta-schema: the library's classpath loader reads it
                        : () -> new ByteArrayInputStream(otherDocuments))));
    }

    private static String cleaned(RuntimeException e) {
        String message = ParserMessages.of(e);
        return message.startsWith(": ") ? message.substring(2) : message;
    }

    private static String where(String pointer) {
        return pointer.isEmpty() ? "the root" : pointer;
    }

    private static InvalidContentException invalid(String pointer, String message) {
        return new InvalidContentException("Invalid JSON Schema at " + where(pointer) + ": " + message + ".");
    }
}
