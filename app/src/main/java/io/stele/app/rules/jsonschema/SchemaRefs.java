package io.stele.app.rules.jsonschema;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;

/** The {@code $ref}s of a schema document, found by walking it as a schema. */
final class SchemaRefs {

    /** Keywords whose values are data, not schemas: a {@code $ref} inside them is not a reference. */
    private static final Set<String> DATA_KEYWORDS = Set.of("const", "enum", "default", "examples", "example");

    /** Keywords whose values map names to schemas: a member named {@code enum} there is a schema. */
    private static final Set<String> SCHEMA_MAPS =
            Set.of("properties", "patternProperties", "definitions", "$defs", "dependentSchemas");

    /**
     * One reference.
     *
     * @param at the JSON pointer of the {@code $ref} member
     * @param value the reference as written
     */
    record Ref(String at, String value) {

        /** A reference into this document: a fragment only. */
        boolean local() {
            return value.startsWith("#");
        }

        /** The JSON pointer after {@code #}, or empty when there is none (an anchor, or no fragment). */
        Optional<String> pointer() {
            int hash = value.indexOf('#');
            return hash >= 0 && value.startsWith("/", hash + 1)
                    ? Optional.of(value.substring(hash + 1))
                    : Optional.empty();
        }
    }

    private SchemaRefs() {}

    /** Every {@code $ref} in document order. */
    static List<Ref> all(JsonNode schema) {
        List<Ref> refs = new ArrayList<>();
        collect(schema, "", false, refs);
        return refs;
    }

    /**
     * A document that has an empty schema at every pointer that the references to other documents
     * name: served for every other document, it lets the library load a schema whose remote
     * references it must not fetch.
     */
    static ObjectNode stubForRemoteDocuments(List<Ref> refs) {
        ObjectNode stub = Json.MAPPER.createObjectNode();
        for (Ref ref : refs) {
            if (ref.local() || ref.pointer().isEmpty()) {
                continue;
            }
            ObjectNode at = stub;
            for (String token : ref.pointer().get().substring(1).split("/", -1)) {
                String name = token.replace("~1", "/").replace("~0", "~");
                JsonNode next = at.get(name);
                at = next instanceof ObjectNode object ? object : at.putObject(name);
            }
        }
        return stub;
    }

    private static void collect(JsonNode node, String at, boolean namesSchemas, List<Ref> refs) {
        if (node.isArray()) {
            for (int i = 0; i < node.size(); i++) {
                collect(node.get(i), at + "/" + i, false, refs);
            }
            return;
        }
        if (!node.isObject()) {
            return;
        }
        for (Map.Entry<String, JsonNode> member : node.properties()) {
            String name = member.getKey();
            JsonNode value = member.getValue();
            if (namesSchemas) {
                collect(value, Json.pointer(at, name), false, refs);
            } else if ("$ref".equals(name) && value.isTextual()) {
                refs.add(new Ref(Json.pointer(at, name), value.asText()));
            } else if (!DATA_KEYWORDS.contains(name)) {
                collect(value, Json.pointer(at, name), SCHEMA_MAPS.contains(name), refs);
            }
        }
    }
}
