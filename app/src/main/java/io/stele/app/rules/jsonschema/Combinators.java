package io.stele.app.rules.jsonschema;

import com.fasterxml.jackson.databind.JsonNode;
import java.util.ArrayList;
import java.util.List;
import java.util.Set;
import java.util.stream.Collectors;
import java.util.stream.Stream;

/**
 * Schemas that are one combining keyword and nothing else that constrains: how compatibility sees
 * through them, as Confluent Schema Registry's JSON Schema diff does. A {@code oneOf}, {@code
 * anyOf} or {@code allOf} of one schema is that schema; a {@code oneOf} or {@code anyOf} reader
 * accepts a writer that is not a combination when one of its schemas does.
 */
final class Combinators {

    private static final List<String> SUMS = List.of("oneOf", "anyOf");
    private static final List<String> ALL = List.of("oneOf", "anyOf", "allOf");

    /** Keywords that say nothing about which values are valid, beside a combining keyword. */
    private static final Set<String> BESIDE = Stream.concat(
                    SchemaComparison.ANNOTATIONS.stream(), Stream.of("definitions", "$defs"))
            .collect(Collectors.toUnmodifiableSet());

    private Combinators() {}

    /** The one schema of a combination of one, or null. */
    static JsonNode single(JsonNode schema) {
        List<JsonNode> branches = branches(schema, ALL);
        return branches != null && branches.size() == 1 ? branches.get(0) : null;
    }

    /** The schemas of a {@code oneOf} or {@code anyOf} that is all the schema constrains, or null. */
    static List<JsonNode> sum(JsonNode schema) {
        return branches(schema, SUMS);
    }

    /** Whether a schema combines others, with any combining keyword. */
    static boolean combines(JsonNode schema) {
        return schema.isObject() && ALL.stream().anyMatch(schema::has);
    }

    private static List<JsonNode> branches(JsonNode schema, List<String> keywords) {
        if (!schema.isObject()) {
            return null;
        }
        JsonNode combination = null;
        for (String name : (Iterable<String>) schema::fieldNames) {
            if (keywords.contains(name) && combination == null) {
                combination = schema.get(name);
            } else if (!BESIDE.contains(name)) {
                return null;
            }
        }
        if (combination == null || !combination.isArray() || combination.isEmpty()) {
            return null;
        }
        List<JsonNode> branches = new ArrayList<>();
        combination.forEach(branches::add);
        return branches;
    }
}
