package io.stele.app.rules.jsonschema;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.BooleanNode;
import io.stele.app.rules.Incompatibility;
import java.math.BigDecimal;
import java.util.ArrayList;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Set;
import java.util.function.BiPredicate;

/**
 * The rules that compare the keywords of one schema, reader against writer, without descending
 * into sub-schemas. Each finds where the reader accepts less than the writer may write.
 */
final class KeywordRules {

    /**
     * A bound: for a maximum the reader must not be lower than the writer, for a minimum not higher.
     *
     * @param implied the bound a schema has when it names none, or null for no bound
     */
    private record Bound(String keyword, String appliesTo, boolean maximum, BigDecimal implied) {}

    private static final List<Bound> BOUNDS = List.of(
            new Bound("minimum", "number", false, null),
            new Bound("exclusiveMinimum", "number", false, null),
            new Bound("maximum", "number", true, null),
            new Bound("exclusiveMaximum", "number", true, null),
            new Bound("minLength", "string", false, BigDecimal.ZERO),
            new Bound("maxLength", "string", true, null),
            new Bound("minItems", "array", false, BigDecimal.ZERO),
            new Bound("maxItems", "array", true, null),
            new Bound("minProperties", "object", false, BigDecimal.ZERO),
            new Bound("maxProperties", "object", true, null));

    /** Keywords that combine or condition schemas: compared only for equality when the reader has them. */
    static final List<String> COMPARED_AS_WHOLE = List.of(
            "allOf",
            "anyOf",
            "oneOf",
            "not",
            "if",
            "then",
            "else",
            "dependencies",
            "dependentRequired",
            "dependentSchemas",
            "propertyNames",
            "patternProperties",
            "contains",
            "additionalItems",
            "unevaluatedProperties",
            "unevaluatedItems");

    private final List<Incompatibility> found;

    KeywordRules(List<Incompatibility> found) {
        this.found = found;
    }

    /** The types the reader accepts must include each the writer may write; integer fits number. */
    void type(String at, JsonNode reader, JsonNode writer) {
        Set<String> readerTypes = types(reader);
        if (readerTypes == null) {
            return;
        }
        List<JsonNode> values = values(writer);
        if (values != null) { // only these values can be written: check them, not the writer's type
            for (JsonNode value : values) {
                if (!accepts(readerTypes, typeOf(value))) {
                    add(at, "type", "type " + show(readerTypes) + " does not accept the writer's value " + value);
                }
            }
            return;
        }
        Set<String> writerTypes = types(writer);
        if (writerTypes == null) {
            add(at, "type", "type narrowed from any to " + show(readerTypes));
        } else if (!writerTypes.stream().allMatch(t -> accepts(readerTypes, t))) {
            boolean narrowed = writerTypes.size() > 1 && readerTypes.stream().allMatch(writerTypes::contains);
            add(
                    at,
                    "type",
                    "type " + (narrowed ? "narrowed" : "changed") + " from " + show(writerTypes) + " to "
                            + show(readerTypes));
        }
    }

    /** {@code const} and {@code enum}: each value the writer may write must stay allowed. */
    void values(String at, JsonNode reader, JsonNode writer) {
        List<JsonNode> writerValues = values(writer);
        JsonNode constant = reader.get("const");
        if (constant != null) {
            if (writer.has("const")) {
                if (!Json.same(writer.get("const"), constant)) {
                    add(at, "const", "const changed from " + writer.get("const") + " to " + constant);
                }
            } else if (writerValues == null) {
                add(at, "const", "const " + constant + " added");
            } else {
                writerValues.stream()
                        .filter(value -> !Json.same(value, constant))
                        .forEach(value ->
                                add(at, "const", "const " + constant + " excludes the writer's value " + value));
            }
        }
        JsonNode allowed = reader.get("enum");
        if (allowed != null && allowed.isArray()) {
            if (writerValues == null) {
                add(at, "enum", "enum added; the writer's values were not restricted");
                return;
            }
            for (JsonNode value : writerValues) {
                if (!contains(allowed, value)) {
                    add(
                            at,
                            "enum",
                            writer.has("const")
                                    ? "enum excludes the writer's const " + value
                                    : "enum value " + value + " removed");
                }
            }
        }
    }

    /** {@code format} and {@code pattern}, for writers that may write strings: the same or none. */
    void stringShape(String at, JsonNode reader, JsonNode writer) {
        if (!mayWrite(writer, "string")) {
            return;
        }
        for (String keyword : List.of("format", "pattern")) {
            JsonNode readerValue = reader.get(keyword);
            JsonNode writerValue = writer.get(keyword);
            if (readerValue == null || writerValue != null && Json.same(readerValue, writerValue)) {
                continue;
            }
            add(
                    at,
                    keyword,
                    writerValue == null
                            ? keyword + " " + readerValue.asText() + " added"
                            : keyword + " changed from " + writerValue.asText() + " to " + readerValue.asText());
        }
    }

    /** Lengths, sizes and numeric bounds, for the types the writer may write. */
    void bounds(String at, JsonNode reader, JsonNode writer) {
        for (Bound bound : BOUNDS) {
            JsonNode readerValue = reader.get(bound.keyword());
            if (readerValue == null || !readerValue.isNumber() || !mayWrite(writer, bound.appliesTo())) {
                continue; // a draft-4 boolean exclusiveMaximum is not compared
            }
            BigDecimal limit = readerValue.decimalValue();
            JsonNode writerValue = writer.get(bound.keyword());
            BigDecimal writerLimit =
                    writerValue != null && writerValue.isNumber() ? writerValue.decimalValue() : bound.implied();
            if (writerLimit == null) {
                add(at, bound.keyword(), bound.keyword() + " " + readerValue + " added");
            } else if (bound.maximum() ? limit.compareTo(writerLimit) < 0 : limit.compareTo(writerLimit) > 0) {
                add(
                        at,
                        bound.keyword(),
                        bound.keyword() + (bound.maximum() ? " decreased" : " increased") + " from "
                                + (writerValue == null ? writerLimit : writerValue) + " to " + readerValue);
            }
        }
        JsonNode multipleOf = reader.get("multipleOf");
        if (multipleOf != null
                && multipleOf.isNumber()
                && multipleOf.decimalValue().signum() > 0
                && mayWrite(writer, "number")) {
            JsonNode writerValue = writer.get("multipleOf");
            if (writerValue == null || !writerValue.isNumber()) {
                add(at, "multipleOf", "multipleOf " + multipleOf + " added");
            } else if (writerValue
                            .decimalValue()
                            .remainder(multipleOf.decimalValue())
                            .signum()
                    != 0) {
                add(at, "multipleOf", "multipleOf changed from " + writerValue + " to " + multipleOf);
            }
        }
        if (reader.path("uniqueItems").asBoolean(false)
                && !writer.path("uniqueItems").asBoolean(false)
                && mayWrite(writer, "array")) {
            add(at, "uniqueItems", "uniqueItems added");
        }
    }

    /**
     * The keywords in {@link #COMPARED_AS_WHOLE}: the reader's must equal the writer's, or be
     * absent. Except, as Confluent judges them: {@code not} is compared the other way round (the
     * reader rejects no more than the writer when what the reader's {@code not} matches, the
     * writer's matches too, {@code accepts} telling), and a writer whose {@code additionalItems} is
     * {@code false} writes no more items, so any reader's is compatible. {@code {}} and {@code true}
     * are the same schema.
     */
    void comparedAsWhole(String at, JsonNode reader, JsonNode writer, BiPredicate<JsonNode, JsonNode> accepts) {
        for (String keyword : COMPARED_AS_WHOLE) {
            JsonNode readerValue = reader.get(keyword);
            JsonNode writerValue = writer.get(keyword);
            if (readerValue == null
                    || writerValue != null && Json.same(anything(readerValue), anything(writerValue))
                    || "additionalItems".equals(keyword)
                            && writerValue != null
                            && writerValue.isBoolean()
                            && !writerValue.asBoolean()) {
                continue;
            }
            if ("not".equals(keyword) && writerValue != null) {
                if (!accepts.test(writerValue, readerValue)) {
                    add(at, keyword, "not extended: the reader rejects values the writer's schema accepts");
                }
                continue;
            }
            add(
                    at,
                    keyword,
                    keyword + (writerValue == null ? " added" : " changed") + "; this check compares " + keyword
                            + " only for equality");
        }
    }

    /** The schema {@code {}}, which accepts anything, as {@code true}, which says the same. */
    private static JsonNode anything(JsonNode schema) {
        return schema.isObject() && schema.isEmpty() ? BooleanNode.TRUE : schema;
    }

    /** Whether the writer may write a value of a JSON Schema type ({@code number} includes integers). */
    static boolean mayWrite(JsonNode writer, String type) {
        List<JsonNode> values = values(writer);
        if (values != null) {
            return values.stream()
                    .anyMatch(value ->
                            typeOf(value).equals(type) || "number".equals(type) && "integer".equals(typeOf(value)));
        }
        Set<String> types = types(writer);
        return types == null || types.contains(type) || "number".equals(type) && types.contains("integer");
    }

    /** The only values a schema allows, from {@code const} or {@code enum}; null when not restricted. */
    private static List<JsonNode> values(JsonNode schema) {
        if (schema.has("const")) {
            return List.of(schema.get("const"));
        }
        JsonNode allowed = schema.get("enum");
        if (allowed == null || !allowed.isArray()) {
            return null;
        }
        List<JsonNode> values = new ArrayList<>();
        allowed.forEach(values::add);
        return values;
    }

    /** The types a schema names, in its order; null when it names none (any type). */
    private static Set<String> types(JsonNode schema) {
        JsonNode type = schema.get("type");
        if (type == null) {
            return null;
        }
        Set<String> types = new LinkedHashSet<>();
        if (type.isTextual()) {
            types.add(type.asText());
        } else {
            type.forEach(name -> types.add(name.asText()));
        }
        return types;
    }

    private static boolean accepts(Set<String> readerTypes, String type) {
        return readerTypes.contains(type) || "integer".equals(type) && readerTypes.contains("number");
    }

    private static String typeOf(JsonNode value) {
        if (value.isNumber()) {
            return value.decimalValue().stripTrailingZeros().scale() <= 0 ? "integer" : "number";
        }
        return switch (value.getNodeType()) {
            case STRING -> "string";
            case BOOLEAN -> "boolean";
            case ARRAY -> "array";
            case OBJECT -> "object";
            default -> "null";
        };
    }

    private static boolean contains(JsonNode array, JsonNode value) {
        for (JsonNode element : array) {
            if (Json.same(element, value)) {
                return true;
            }
        }
        return false;
    }

    private static String show(Set<String> types) {
        return types.size() == 1 ? types.iterator().next() : types.toString();
    }

    private void add(String at, String keyword, String message) {
        found.add(new Incompatibility(Json.pointer(at, keyword), message));
    }
}
