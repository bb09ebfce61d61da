package io.stele.app.rules.jsonschema;

import com.fasterxml.jackson.databind.JsonNode;
import java.net.URI;
import java.util.HashMap;
import java.util.Map;
import java.util.Optional;
import java.util.Set;

/**
 * The documents a schema references besides its own: the schemas its references give, by name,
 * each parsed when first asked for. A {@code $ref} names one by its part before {@code #}, either
 * as the reference's name or resolved against the {@code $id} of the document the {@code $ref} is
 * in. Not thread-safe: one per comparison or check.
 */
final class ReferencedDocuments {

    private final Map<String, String> texts;
    private final Map<String, JsonNode> parsed = new HashMap<>();

    /** @param texts the referenced schemas' text by reference name */
    ReferencedDocuments(Map<String, String> texts) {
        this.texts = texts;
    }

    /** The reference name a document name in a {@code $ref} stands for, if any. */
    Optional<String> name(String document, JsonNode from) {
        return name(texts.keySet(), document, from);
    }

    /**
     * Which of {@code names} a document name in a {@code $ref} stands for: itself, or itself
     * resolved against the {@code $id} of {@code from}, the document the {@code $ref} is in.
     */
    static Optional<String> name(Set<String> names, String document, JsonNode from) {
        if (names.contains(document)) {
            return Optional.of(document);
        }
        String base = from.path("$id").asText(from.path("id").asText(""));
        if (base.isEmpty()) {
            return Optional.empty();
        }
        try {
            String resolved = URI.create(base).resolve(document).toString();
            return names.contains(resolved) ? Optional.of(resolved) : Optional.empty();
        } catch (IllegalArgumentException e) {
            return Optional.empty();
        }
    }

    /** The document a {@code $ref}'s part before {@code #} names, read from {@code from}; null for none. */
    JsonNode document(String document, JsonNode from) {
        return name(document, from)
                .map(key -> parsed.computeIfAbsent(key, k -> Json.parseSchema(texts.get(k))))
                .orElse(null);
    }
}
