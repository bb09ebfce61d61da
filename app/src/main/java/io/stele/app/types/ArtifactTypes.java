package io.stele.app.types;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
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
    private static final Pattern PROTOBUF = Pattern.compile(
            "(?m)^\\s*(syntax\\s*=\\s*\"proto[23]\"|package\\s+[\\w.]+\\s*;|message\\s+\\w+\\s*\\{)");
    private static final Pattern GRAPHQL = Pattern.compile(
            "(?m)^\\s*(type|schema|scalar|interface|input|union|directive|extend)\\b[^;]*\\{?");

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
     * Analyses content.
     *
     * @param declared the type the client named in {@code X-Registry-ArtifactType}, if any
     * @param contentType the request's Content-Type, which may carry {@code artifactType=...}
     * @throws InvalidContentException when the content is empty, its type cannot be told, or it is
     *     not valid for its type
     */
    public AnalysedContent analyse(Content content, Optional<ArtifactType> declared, Optional<String> contentType) {
        if (content.size() == 0) {
            throw new InvalidContentException("The artifact content is empty.");
        }
        String text = content.text();
        Optional<ArtifactType> known = declared.or(() -> contentType.flatMap(ArtifactTypes::hint));
        if (known.isPresent() && known.get() == ArtifactType.AVRO) {
            return avro(text); // Avro parses its own JSON: no second parse
        }
        if (known.isEmpty() && mayBeAvro(text)) {
            try {
                return avro(text); // the common case, told with one parse
            } catch (InvalidContentException notAvro) {
                // detected below, where invalid Avro gets its message
            }
        }
        JsonNode json = parseJsonOrNull(text);
        ArtifactType type = known.orElseGet(() -> detect(text, json));
        return switch (type) {
            case AVRO -> avro(text);
            case JSON -> titled(type, requireJson(type, json), "");
            case OPENAPI, ASYNCAPI -> titled(type, requireJson(type, json), "/info");
            case KCONNECT -> {
                requireJson(type, json);
                yield new AnalysedContent(type, Optional.empty(), Optional.empty());
            }
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
        return !trimmed.isEmpty() && "{[\"".indexOf(trimmed.charAt(0)) >= 0 && !text.contains("\"$schema\"")
                && !text.contains("\"openapi\"") && !text.contains("\"swagger\"") && !text.contains("\"asyncapi\"");
    }

    private static boolean isAvroTypeName(String name) {
        return AVRO_NAMED_TYPES.contains(name)
                || Set.of("null", "boolean", "int", "long", "float", "double", "bytes", "string", "array", "map")
                        .contains(name);
    }

    private static AnalysedContent avro(String text) {
        Schema schema;
        try {
            schema = new Schema.Parser().parse(text);
        } catch (RuntimeException e) {
            throw new InvalidContentException("Invalid Avro schema: " + e.getMessage(), e);
        }
        boolean named = switch (schema.getType()) {
            case RECORD, ENUM, FIXED -> true;
            default -> false;
        };
        return new AnalysedContent(ArtifactType.AVRO,
                named ? Optional.of(schema.getName()) : Optional.empty(),
                named ? Optional.ofNullable(schema.getDoc()) : Optional.empty());
    }

    private static AnalysedContent titled(ArtifactType type, JsonNode json, String at) {
        JsonNode holder = json.at(at.isEmpty() ? "" : at);
        return new AnalysedContent(type, text(holder, "title"), text(holder, "description"));
    }

    private static Optional<String> text(JsonNode node, String field) {
        JsonNode value = node == null ? null : node.get(field);
        return value != null && value.isTextual() ? Optional.of(value.asText()) : Optional.empty();
    }

    private static JsonNode requireJson(ArtifactType type, JsonNode json) {
        if (json == null) {
            throw new InvalidContentException("Invalid " + type + " artifact: the content is not valid JSON.");
        }
        return json;
    }

    private static String jsonError(String text) {
        try {
            JSON.readTree(text);
            return "unknown error";
        } catch (JsonProcessingException e) {
            return e.getOriginalMessage();
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
