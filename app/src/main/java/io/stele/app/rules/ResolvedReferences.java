package io.stele.app.rules;

import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * The schemas a schema references, read from the registry: each under the name the referring
 * schema uses for it, transitively, every schema after the schemas it references itself, each once.
 *
 * @param inOrder the referenced schemas, dependencies first
 */
public record ResolvedReferences(List<Named> inOrder) {

    /** Nothing referenced. */
    public static final ResolvedReferences NONE = new ResolvedReferences(List.of());

    public ResolvedReferences {
        inOrder = List.copyOf(inOrder);
    }

    /**
     * One referenced schema.
     *
     * @param name the name a referring schema gives it (an Avro type's full name, an import path)
     * @param text the schema as stored
     */
    public record Named(String name, String text) {}

    public boolean isEmpty() {
        return inOrder.isEmpty();
    }

    /** The referenced schemas' text by name, dependencies first; a name given twice keeps its first schema. */
    public Map<String, String> byName() {
        Map<String, String> byName = new LinkedHashMap<>();
        inOrder.forEach(named -> byName.putIfAbsent(named.name(), named.text()));
        return byName;
    }
}
