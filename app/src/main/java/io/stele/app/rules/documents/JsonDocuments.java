package io.stele.app.rules.documents;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.SerializationFeature;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.JsonNodeFactory;
import com.fasterxml.jackson.databind.node.ObjectNode;
import com.fasterxml.jackson.dataformat.yaml.YAMLMapper;
import io.stele.app.rules.InvalidContentException;
import io.stele.app.rules.ParserMessages;
import java.util.ArrayList;
import java.util.Iterator;
import java.util.List;

/** Parsing JSON (and YAML) documents, and their canonical form: keys sorted, no whitespace. */
public final class JsonDocuments {

    private static final ObjectMapper JSON = new ObjectMapper().enable(SerializationFeature.ORDER_MAP_ENTRIES_BY_KEYS);
    private static final YAMLMapper YAML = new YAMLMapper();

    private JsonDocuments() {}

    /**
     * Parses JSON, or YAML when {@code yamlToo} and the text is not JSON.
     *
     * @throws InvalidContentException with the parser's message and position
     */
    public static JsonNode parse(String text, boolean yamlToo, String what) {
        String trimmed = text.stripLeading();
        boolean looksJson = trimmed.startsWith("{") || trimmed.startsWith("[");
        try {
            return looksJson || !yamlToo ? JSON.readTree(text) : YAML.readTree(text);
        } catch (JsonProcessingException e) {
            throw new InvalidContentException("Invalid " + what + ": " + ParserMessages.json(e), e);
        }
    }

    /** The node as compact JSON with every object's keys in ascending order. */
    public static String canonical(JsonNode node) {
        try {
            return JSON.writeValueAsString(sorted(node));
        } catch (JsonProcessingException e) {
            throw new IllegalStateException("a parsed JSON tree always serialises", e);
        }
    }

    private static JsonNode sorted(JsonNode node) {
        if (node.isObject()) {
            List<String> names = new ArrayList<>();
            node.fieldNames().forEachRemaining(names::add);
            names.sort(String::compareTo);
            ObjectNode copy = JsonNodeFactory.instance.objectNode();
            for (String name : names) {
                copy.set(name, sorted(node.get(name)));
            }
            return copy;
        }
        if (node.isArray()) {
            ArrayNode copy = JsonNodeFactory.instance.arrayNode();
            for (Iterator<JsonNode> it = node.elements(); it.hasNext(); ) {
                copy.add(sorted(it.next()));
            }
            return copy;
        }
        return node;
    }

    /** Whether the object has each of the fields. */
    static boolean hasAll(JsonNode node, List<String> fields) {
        return node.isObject() && fields.stream().allMatch(node::has);
    }
}
