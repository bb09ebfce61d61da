package io.stele.app.rules;

import java.util.List;

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
}
