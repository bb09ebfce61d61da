package io.stele.app.types;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import io.stele.app.rules.InvalidContentException;
import io.stele.app.rules.ParserMessages;
import io.stele.app.rules.avro.AvroSchemas;
import io.stele.app.rules.documents.JsonDocuments;
import io.stele.storage.ArtifactType;
import io.stele.storage.Content;
import jakarta.enterprise.context.ApplicationScoped;
import java.util.Arrays;
import java.util.Locale;
import java.util.Optional;
import java.util.Set;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.apache.avro.Schema;

/**
 * Tells the type of content when the client does not, checks that the content is valid for its
 * type, and reads the name and description the content declares.
 */
@ApplicationScoped
public class ArtifactTypes {

    private static final ObjectMapper JSON = new ObjectMapper();
    private static final Set<String> AVRO_NAMED_TYPES = Set.of("record", "enum", "fixed", "error");
    private static final Pattern HINT = Pattern.compile("artifactType=([A-Za-z_]+)");
    private static final Pattern PROTOBUF =
            Pattern.compile("(?m)^\\s*(syntax\\s*=\\s*\"proto[23]\"|package\\s+[\\w.]+\\s*;|message\\s+\\w+\\s*\\{)");
    private static final Pattern YAML_OPENAPI = Pattern.compile("(?m)^[\"']?(openapi|swagger)[\"']?\\s*:");
    private static final Pattern YAML_ASYNCAPI = Pattern.compile("(?m)^[\"']?asyncapi[\"']?\\s*:");
    private static final Pattern GRAPHQL =
            Pattern.compile("(?m)^\\s*(type|schema|scalar|interface|input|union|directive|extend)\\b[^;]*\\{?");

    /**
     * Parses an artifact type as clients send it in {@code X-Registry-ArtifactType}.
     *
     * @throws InvalidContentException when the name is not a known type
     */
    public static ArtifactType parseType(String name) {
        try {
            return ArtifactType.valueOf(name.trim().toUpperCase(Locale.ROOT));
        } catch (IllegalArgumentException e) {
            throw new InvalidContentException("Unknown artifact type '" + name + "'; expected one of "
                    + Arrays.toString(ArtifactType.values()) + ".");
        }
    }

    /**
     * The type of content: the one the client declared, else the one its Content-Type names, else
     * the one detected from the content.
     *
     * @param declared the type the client named in {@code X-Registry-ArtifactType}, if any
     * @param contentType the request's Content-Type, which may carry {@code artifactType=...}
     * @throws InvalidContentException when the content is empty or its type cannot be told
     */
    public ArtifactType type(Content content, Optional<ArtifactType> declared, Optional<String> contentType) {
        if (content.size() == 0) {
            throw new InvalidContentException("The artifact content is empty.");
        }
        Optional<ArtifactType> known = declared.or(() -> contentType.flatMap(ArtifactTypes::hint));
        if (known.isPresent()) {
            return known.get();
        }
        String text = content.text();
        if (mayBeAvro(text) && avroOrNull(text) != null) {
            return ArtifactType.AVRO; // the common case, told with one parse
        }
        return detect(text, parseJsonOrNull(text));
    }

    /**
     * The name and description content declares for itself, where its type has them and it parses;
     * empty otherwise. Never fails: whether content is valid is for the rules to say.
     */
    public AnalysedContent describe(ArtifactType type, Content content) {
        String text = content.text();
        return switch (type) {
            case AVRO -> {
                Schema schema = avroOrNull(text);
                boolean named = schema != null
                        && switch (schema.getType()) {
                            case RECORD, ENUM, FIXED -> true;
                            default -> false;
                        };
                yield new AnalysedContent(
                        type,
                        named ? Optional.of(schema.getName()) : Optional.empty(),
                        named ? Optional.ofNullable(schema.getDoc()) : Optional.empty());
            }
            case JSON -> titled(type, parseJsonOrNull(text), "");
            case OPENAPI, ASYNCAPI -> titled(type, parseJsonOrYamlOrNull(text), "/info");
            default -> new AnalysedContent(type, Optional.empty(), Optional.empty());
        };
    }

    /** The type named by {@code artifactType=...} in a Content-Type, if any. */
    public Optional<ArtifactType> hintedType(Optional<String> contentType) {
        return contentType.flatMap(ArtifactTypes::hint);
    }

    private static Optional<ArtifactType> hint(String contentType) {
        Matcher m = HINT.matcher(contentType);
        return m.find() ? Optional.of(parseType(m.group(1))) : Optional.empty();
    }

    private static ArtifactType detect(String text, JsonNode json) {
        if (json != null) {
            if (json.isTextual() || json.isArray()) {
                return ArtifactType.AVRO;
            }
            if (json.isObject()) {
                if (json.has("openapi") || json.has("swagger")) {
                    return ArtifactType.OPENAPI;
                }
                if (json.has("asyncapi")) {
                    return ArtifactType.ASYNCAPI;
                }
                JsonNode type = json.get("type");
                if (type != null && type.isTextual() && "struct".equals(type.asText())) {
                    return ArtifactType.KCONNECT;
                }
                if (json.has("$schema") || json.has("properties") || json.has("$id") || json.has("definitions")) {
                    return ArtifactType.JSON;
                }
                if (type != null && (type.isObject() || type.isArray() || isAvroTypeName(type.asText()))) {
                    return ArtifactType.AVRO;
                }
                if (type != null) {
                    return ArtifactType.JSON;
                }
            }
            throw new InvalidContentException(
                    "The artifact type could not be determined from this JSON content; set X-Registry-ArtifactType.");
        }
        String trimmed = text.stripLeading();
        if (trimmed.startsWith("{") || trimmed.startsWith("[")) {
            throw new InvalidContentException("The content is not valid JSON: " + jsonError(trimmed));
        }
        if (trimmed.startsWith("<")) {
            if (trimmed.contains(":definitions") || trimmed.contains("<definitions")) {
                return ArtifactType.WSDL;
            }
            if (trimmed.contains(":schema") || trimmed.contains("<schema")) {
                return ArtifactType.XSD;
            }
            return ArtifactType.XML;
        }
        if (YAML_OPENAPI.matcher(text).find()) {
            return ArtifactType.OPENAPI;
        }
        if (YAML_ASYNCAPI.matcher(text).find()) {
            return ArtifactType.ASYNCAPI;
        }
        if (PROTOBUF.matcher(text).find()) {
            return ArtifactType.PROTOBUF;
        }
        if (GRAPHQL.matcher(text).find()) {
            return ArtifactType.GRAPHQL;
        }
        throw new InvalidContentException(
                "The artifact type could not be determined from the content; set X-Registry-ArtifactType.");
    }

    /** JSON that names none of the other JSON-based types' markers. */
    private static boolean mayBeAvro(String text) {
        String trimmed = text.stripLeading();
        return !trimmed.isEmpty()
                && "{[\"".indexOf(trimmed.charAt(0)) >= 0
                && !text.contains("\"$schema\"")
                && !text.contains("\"openapi\"")
                && !text.contains("\"swagger\"")
                && !text.contains("\"asyncapi\"");
    }

    private static boolean isAvroTypeName(String name) {
        return AVRO_NAMED_TYPES.contains(name)
                || Set.of("null", "boolean", "int", "long", "float", "double", "bytes", "string", "array", "map")
                        .contains(name);
    }

    private static Schema avroOrNull(String text) {
        try {
            return AvroSchemas.parse(text);
        } catch (RuntimeException e) {
            return null;
        }
    }

    private static AnalysedContent titled(ArtifactType type, JsonNode json, String at) {
        JsonNode holder = json == null ? null : json.at(at);
        return new AnalysedContent(type, text(holder, "title"), text(holder, "description"));
    }

    private static Optional<String> text(JsonNode node, String field) {
        JsonNode value = node == null ? null : node.get(field);
        return value != null && value.isTextual() ? Optional.of(value.asText()) : Optional.empty();
    }

    private static String jsonError(String text) {
        try {
            JSON.readTree(text);
            return "unknown error";
        } catch (JsonProcessingException e) {
            return ParserMessages.json(e);
        }
    }

    private static JsonNode parseJsonOrYamlOrNull(String text) {
        try {
            return JsonDocuments.parse(text, true, "document");
        } catch (InvalidContentException e) {
            return null;
        }
    }

    private static JsonNode parseJsonOrNull(String text) {
        String trimmed = text.strip();
        if (trimmed.isEmpty() || "{[\"".indexOf(trimmed.charAt(0)) < 0) {
            return null;
        }
        try {
            return JSON.readTree(trimmed);
        } catch (JsonProcessingException e) {
            return null;
        }
    }
}
