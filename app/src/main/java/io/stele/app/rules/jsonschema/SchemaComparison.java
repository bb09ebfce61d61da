package io.stele.app.rules.jsonschema;

import com.fasterxml.jackson.core.JsonPointer;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.BooleanNode;
import io.stele.app.rules.Incompatibility;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeSet;
import java.util.regex.Pattern;
import java.util.regex.PatternSyntaxException;

/**
 * Walks a reader schema and a writer schema side by side, through {@code properties},
 * {@code additionalProperties}, {@code items} and {@code prefixItems}, following {@code $ref}s
 * into the same document and into the documents each side references, and applies {@link
 * KeywordRules} at each step. Locations are JSON pointers along the path walked, so a property
 * reached through a {@code $ref} is named by where it is used, not where it is defined.
 */
final class SchemaComparison {

    private static final JsonNode ANY = BooleanNode.TRUE;
    private static final int MAX_REF_HOPS = 32;
    /** Keywords that say nothing about which values are valid. */
    static final Set<String> ANNOTATIONS = Set.of(
            "title",
            "description",
            "$comment",
            "default",
            "examples",
            "deprecated",
            "readOnly",
            "writeOnly",
            "$id",
            "$schema",
            "$anchor");

    /**
     * A schema after following its {@code $ref}s, with the document it is in; {@code unresolved} is
     * the reference that could not be followed.
     */
    private record Target(JsonNode schema, JsonNode document, String unresolved) {}

    /** A pair of schemas compared, told apart by identity, so recursive schemas end. */
    private record Pair(JsonNode reader, JsonNode writer) {
        @Override
        public boolean equals(Object other) {
            return other instanceof Pair pair && pair.reader == reader && pair.writer == writer;
        }

        @Override
        public int hashCode() {
            return 31 * System.identityHashCode(reader) + System.identityHashCode(writer);
        }
    }

    private final ReferencedDocuments readerReferenced;
    private final ReferencedDocuments writerReferenced;
    /** The documents the schemas being compared are in: a {@code #} reference points into these. */
    private JsonNode readerRoot;

    private JsonNode writerRoot;
    private final List<Incompatibility> found = new ArrayList<>();
    private final KeywordRules rules = new KeywordRules(found);
    private final Set<Pair> compared = new HashSet<>();

    private SchemaComparison(
            JsonNode readerRoot,
            ReferencedDocuments readerReferenced,
            JsonNode writerRoot,
            ReferencedDocuments writerReferenced) {
        this.readerRoot = readerRoot;
        this.writerRoot = writerRoot;
        this.readerReferenced = readerReferenced;
        this.writerReferenced = writerReferenced;
    }

    /** What keeps {@code reader} from accepting all that {@code writer} accepts, in walk order. */
    static List<Incompatibility> compare(JsonNode reader, JsonNode writer) {
        return compare(reader, Map.of(), writer, Map.of());
    }

    /**
     * {@link #compare(JsonNode, JsonNode)} of schemas that reference other documents, given as
     * text by the name their {@code $ref}s use.
     */
    static List<Incompatibility> compare(
            JsonNode reader,
            Map<String, String> readerReferences,
            JsonNode writer,
            Map<String, String> writerReferences) {
        SchemaComparison comparison = new SchemaComparison(
                reader, new ReferencedDocuments(readerReferences), writer, new ReferencedDocuments(writerReferences));
        comparison.compare("", reader, writer);
        return List.copyOf(comparison.found);
    }

    private void compare(String at, JsonNode readerSchema, JsonNode writerSchema) {
        Target reader = follow(readerReferenced, readerRoot, readerSchema);
        Target writer = follow(writerReferenced, writerRoot, writerSchema);
        if (reader.unresolved() != null || writer.unresolved() != null) {
            unresolved(at, reader, writer);
            return;
        }
        if (!compared.add(new Pair(reader.schema(), writer.schema()))) {
            return; // compared already, where first used: recursive schemas end, shared ones report once
        }
        JsonNode outerReader = readerRoot;
        JsonNode outerWriter = writerRoot;
        readerRoot = reader.document();
        writerRoot = writer.document();
        try {
            compareFollowed(at, reader, writer);
        } finally {
            readerRoot = outerReader;
            writerRoot = outerWriter;
        }
    }

    private void compareFollowed(String at, Target reader, Target writer) {
        JsonNode r = reader.schema();
        JsonNode w = writer.schema().isBoolean() && writer.schema().asBoolean()
                ? Json.MAPPER.createObjectNode()
                : writer.schema();
        if (w.isBoolean() || permissive(r)) {
            return; // the writer writes nothing, or the reader reads anything
        }
        if (r.isBoolean()) {
            found.add(new Incompatibility(at, "the reader accepts no value; the writer accepts some"));
            return;
        }
        if (!r.isObject() || !w.isObject()) {
            return; // not a schema: FULL validity reports it
        }
        if (throughCombinators(at, r, w)) {
            return;
        }
        rules.type(at, r, w);
        rules.values(at, r, w);
        rules.stringShape(at, r, w);
        rules.bounds(at, r, w);
        rules.comparedAsWhole(at, r, w, this::accepts);
        if (KeywordRules.mayWrite(w, "object")) {
            objects(at, r, w);
        }
        if (KeywordRules.mayWrite(w, "array")) {
            arrays(at, r, w);
        }
    }

    /**
     * When one side combines schemas and the other does not: compares through a combination of one
     * schema, and a {@code oneOf} or {@code anyOf} reader branch by branch; true when that decided
     * the comparison.
     */
    private boolean throughCombinators(String at, JsonNode reader, JsonNode writer) {
        boolean readerCombines = Combinators.combines(reader);
        boolean writerCombines = Combinators.combines(writer);
        if (readerCombines == writerCombines) {
            return false; // neither, or both: compared keyword by keyword
        }
        JsonNode single = Combinators.single(readerCombines ? reader : writer);
        if (single != null) {
            compare(at, readerCombines ? single : reader, readerCombines ? writer : single);
            return true;
        }
        List<JsonNode> branches = Combinators.sum(reader);
        if (branches == null) {
            return false;
        }
        if (branches.stream().noneMatch(branch -> accepts(branch, writer))) {
            found.add(new Incompatibility(at, "none of the reader's schemas accepts all that the writer's does"));
        }
        return true;
    }

    /**
     * Whether a reader schema accepts all that a writer schema does, in the documents being
     * compared: a comparison of its own, whose findings are its answer alone.
     */
    boolean accepts(JsonNode reader, JsonNode writer) {
        SchemaComparison branch = new SchemaComparison(readerRoot, readerReferenced, writerRoot, writerReferenced);
        branch.compare("", reader, writer);
        return branch.found.isEmpty();
    }

    private void objects(String at, JsonNode reader, JsonNode writer) {
        Set<String> writerRequired = names(writer.get("required"));
        for (String name : names(reader.get("required"))) {
            if (!writerRequired.contains(name)) {
                found.add(new Incompatibility(Json.pointer(at, "required"), "required property '" + name + "' added"));
            }
        }
        JsonNode readerRest = reader.get("additionalProperties");
        JsonNode writerRest = writer.get("additionalProperties");
        Set<String> properties = new TreeSet<>();
        reader.path("properties").fieldNames().forEachRemaining(properties::add);
        writer.path("properties").fieldNames().forEachRemaining(properties::add);
        for (String name : properties) {
            String property = Json.pointer(Json.pointer(at, "properties"), name);
            JsonNode readerProperty = reader.path("properties").get(name);
            JsonNode writerProperty = writer.path("properties").get(name);
            if (readerProperty != null && writerProperty != null) {
                compare(property, readerProperty, writerProperty);
            } else if (writerProperty != null) {
                removed(property, name, reader, writerProperty);
            } else {
                added(property, name, writer, readerProperty);
            }
        }
        if (readerRest != null && !isTrue(readerRest) && !isFalse(writerRest)) {
            String rest = Json.pointer(at, "additionalProperties");
            if (isFalse(readerRest)) {
                found.add(new Incompatibility(
                        rest, "additionalProperties: false added; the writer allows other properties"));
            } else {
                compare(rest, readerRest, writerRest == null ? ANY : writerRest);
            }
        }
    }

    /** A property the writer declares and the reader does not: the reader's other properties rule it. */
    private void removed(String at, String name, JsonNode reader, JsonNode writerProperty) {
        JsonNode readerRest = reader.get("additionalProperties");
        if (patternFor(reader, name) != null || readerRest == null || isTrue(readerRest) || isFalse(writerProperty)) {
            return; // patternProperties are compared as a whole; an open reader reads it; or it is never written
        }
        if (isFalse(readerRest)) {
            found.add(new Incompatibility(
                    at,
                    "property '" + name
                            + "' removed while the reader's content model is closed (additionalProperties: false)"));
        } else {
            compare(at, readerRest, writerProperty);
        }
    }

    /** A property the reader declares and the writer does not: what may the writer have written there? */
    private void added(String at, String name, JsonNode writer, JsonNode readerProperty) {
        JsonNode writerRest = writer.get("additionalProperties");
        JsonNode writerPattern = patternFor(writer, name);
        if (writerPattern != null) {
            compare(at, readerProperty, writerPattern);
        } else if (writerRest != null && writerRest.isObject()) {
            compare(at, readerProperty, writerRest);
        } else if (!isFalse(writerRest)
                && !permissive(
                        follow(readerReferenced, readerRoot, readerProperty).schema())) {
            found.add(new Incompatibility(
                    at,
                    "property '" + name + "' added while the writer's content model is open:"
                            + " the writer may have written any value for it"));
        }
    }

    private void arrays(String at, JsonNode reader, JsonNode writer) {
        JsonNode readerItems = reader.get("items");
        JsonNode writerItems = writer.get("items");
        JsonNode readerPrefix = reader.get("prefixItems");
        if (readerPrefix != null && readerPrefix.isArray()) {
            JsonNode writerPrefix = writer.get("prefixItems");
            for (int i = 0; i < readerPrefix.size(); i++) {
                compare(
                        at + "/prefixItems/" + i,
                        readerPrefix.get(i),
                        writerPrefix != null && writerPrefix.isArray()
                                ? element(writerPrefix, writerItems, i)
                                : element(null, writerItems, i));
            }
        }
        if (readerItems == null) {
            return;
        }
        if (readerItems.isArray()) {
            for (int i = 0; i < readerItems.size(); i++) {
                compare(at + "/items/" + i, readerItems.get(i), element(writerItems, writer.get("additionalItems"), i));
            }
        } else if (writerItems != null && writerItems.isArray()) {
            for (JsonNode writerItem : writerItems) {
                compare(at + "/items", readerItems, writerItem);
            }
        } else {
            compare(at + "/items", readerItems, writerItems == null ? ANY : writerItems);
        }
    }

    /** The writer's schema for position {@code i}: its tuple's, else the one for the rest, else any. */
    private static JsonNode element(JsonNode tuple, JsonNode rest, int i) {
        if (tuple != null && tuple.isArray() && i < tuple.size()) {
            return tuple.get(i);
        }
        if (tuple != null && !tuple.isArray()) {
            return tuple;
        }
        return rest == null || rest.isArray() ? ANY : rest;
    }

    private void unresolved(String at, Target reader, Target writer) {
        String where = Json.pointer(at, "$ref");
        if (reader.unresolved() != null && writer.unresolved() != null) {
            if (!reader.unresolved().equals(writer.unresolved())) {
                found.add(new Incompatibility(
                        where, "$ref changed from '" + writer.unresolved() + "' to '" + reader.unresolved() + "'"));
            }
        } else if (reader.unresolved() != null) {
            found.add(new Incompatibility(
                    where,
                    "$ref '" + reader.unresolved()
                            + "' is neither in this document nor one of its references, so it cannot be"
                            + " compared with the writer's schema"));
        } else {
            found.add(new Incompatibility(
                    where,
                    "the writer's $ref '" + writer.unresolved()
                            + "' is neither in this document nor one of its references, so it cannot be"
                            + " compared with the reader's schema"));
        }
    }

    /**
     * Follows {@code $ref}s into the same document and into referenced ones; siblings of a {@code
     * $ref} are not read.
     */
    private static Target follow(ReferencedDocuments referenced, JsonNode root, JsonNode schema) {
        JsonNode document = root;
        JsonNode at = schema;
        for (int hops = 0; at.isObject() && at.path("$ref").isTextual(); hops++) {
            String ref = at.get("$ref").asText();
            int hash = ref.indexOf('#');
            String name = hash < 0 ? ref : ref.substring(0, hash);
            JsonNode in = name.isEmpty() ? document : referenced.document(name, document);
            JsonNode target =
                    hops < MAX_REF_HOPS && in != null ? resolve(in, hash < 0 ? "" : ref.substring(hash + 1)) : null;
            if (target == null) {
                return new Target(at, document, ref);
            }
            document = in;
            at = target;
        }
        return new Target(at, document, null);
    }

    private static JsonNode resolve(JsonNode root, String pointer) {
        if (!pointer.isEmpty() && !pointer.startsWith("/")) {
            return null; // an anchor: not followed
        }
        try {
            JsonNode target = root.at(JsonPointer.compile(pointer));
            return target.isMissingNode() ? null : target;
        } catch (IllegalArgumentException e) {
            return null;
        }
    }

    /** The schema of the first {@code patternProperties} entry whose pattern matches the name. */
    private static JsonNode patternFor(JsonNode schema, String name) {
        for (Map.Entry<String, JsonNode> entry :
                schema.path("patternProperties").properties()) {
            try {
                if (Pattern.compile(entry.getKey()).matcher(name).find()) {
                    return entry.getValue();
                }
            } catch (PatternSyntaxException e) {
                // not a pattern Java reads: it matches nothing here
            }
        }
        return null;
    }

    /** Accepts every value: {@code true}, or an object with annotations only. */
    private static boolean permissive(JsonNode schema) {
        if (schema.isBoolean()) {
            return schema.asBoolean();
        }
        for (String name : (Iterable<String>) schema::fieldNames) {
            if (!ANNOTATIONS.contains(name)) {
                return false;
            }
        }
        return true;
    }

    private static boolean isTrue(JsonNode node) {
        return node != null && node.isBoolean() && node.asBoolean();
    }

    private static boolean isFalse(JsonNode node) {
        return node != null && node.isBoolean() && !node.asBoolean();
    }

    private static Set<String> names(JsonNode array) {
        Set<String> names = new LinkedHashSet<>();
        if (array != null && array.isArray()) {
            array.forEach(name -> names.add(name.asText()));
        }
        return names;
    }
}
