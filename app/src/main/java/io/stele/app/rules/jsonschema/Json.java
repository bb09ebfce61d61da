package io.stele.app.rules.jsonschema;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.DeserializationFeature;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.cfg.JsonNodeFeature;
import com.fasterxml.jackson.databind.json.JsonMapper;
import io.stele.app.rules.InvalidContentException;
import io.stele.app.rules.ParserMessages;
import io.stele.app.rules.documents.JsonDocuments;
import java.util.Comparator;
import java.util.Locale;

/** Reads, writes and compares the JSON of JSON Schemas. */
final class Json {

    /** Decimals are read exactly, so that a bound such as {@code 1e400} keeps its value. */
    static final ObjectMapper MAPPER = JsonMapper.builder()
            .enable(DeserializationFeature.FAIL_ON_TRAILING_TOKENS)
            .enable(DeserializationFeature.USE_BIG_DECIMAL_FOR_FLOATS)
            .build();

    /** As {@link #MAPPER}, with decimals kept as written ({@code 1.50} stays {@code 1.50}). */
    private static final ObjectMapper AS_WRITTEN = JsonMapper.builder()
            .enable(DeserializationFeature.FAIL_ON_TRAILING_TOKENS)
            .enable(DeserializationFeature.USE_BIG_DECIMAL_FOR_FLOATS)
            .disable(JsonNodeFeature.STRIP_TRAILING_BIGDECIMAL_ZEROES)
            .build();

    /** Numbers equal by value ({@code 1} and {@code 1.0}), everything else by {@link Object#equals}. */
    private static final Comparator<JsonNode> BY_VALUE =
            (a, b) -> a.isNumber() && b.isNumber() ? a.decimalValue().compareTo(b.decimalValue()) : a.equals(b) ? 0 : 1;

    private Json() {}

    /**
     * Parses a schema: JSON that is an object or a boolean.
     *
     * @throws InvalidContentException naming the line and column of a syntax error
     */
    static JsonNode parseSchema(String content) {
        return parseSchema(MAPPER, content);
    }

    /** As {@link #parseSchema(String)}, every number kept as written, for a schema written out again. */
    static JsonNode parseSchemaAsWritten(String content) {
        return parseSchema(AS_WRITTEN, content);
    }

    private static JsonNode parseSchema(ObjectMapper mapper, String content) {
        JsonNode node;
        try {
            node = mapper.readTree(content);
        } catch (JsonProcessingException e) {
            throw new InvalidContentException(
                    "Invalid JSON Schema: the content is not JSON: " + ParserMessages.json(e), e);
        }
        if (node == null || node.isMissingNode()) {
            throw new InvalidContentException("Invalid JSON Schema: the content is empty.");
        }
        if (!node.isObject() && !node.isBoolean()) {
            throw new InvalidContentException("Invalid JSON Schema: a schema is a JSON object or a boolean, not "
                    + node.getNodeType().name().toLowerCase(Locale.ROOT) + ".");
        }
        return node;
    }

    /** The JSON as it is, without whitespace. */
    static String write(JsonNode node) {
        try {
            return MAPPER.writeValueAsString(node);
        } catch (JsonProcessingException e) {
            throw new IllegalStateException("A parsed JSON tree could not be written", e);
        }
    }

    /** The JSON with object keys sorted, recursively, and no whitespace. */
    static String canonical(JsonNode node) {
        return JsonDocuments.canonical(node);
    }

    /** Whether two JSON values are the same, numbers compared by value. */
    static boolean same(JsonNode a, JsonNode b) {
        return a.equals(BY_VALUE, b);
    }

    /** A JSON pointer one step below {@code parent}, escaped as RFC 6901 says. */
    static String pointer(String parent, String token) {
        return parent + "/" + token.replace("~", "~0").replace("/", "~1");
    }
}
