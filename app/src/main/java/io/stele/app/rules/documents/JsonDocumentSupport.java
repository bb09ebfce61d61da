package io.stele.app.rules.documents;

import com.fasterxml.jackson.databind.JsonNode;
import io.stele.app.rules.InvalidContentException;
import io.stele.app.rules.TypeSupport;
import io.stele.app.rules.Validity;
import io.stele.storage.ArtifactType;
import java.util.List;

/**
 * API descriptions and connector schemas stored as JSON documents: OpenAPI and AsyncAPI (JSON or
 * YAML) and Kafka Connect schemas (JSON). SYNTAX_ONLY parses the document; FULL also requires the
 * top-level fields that mark the kind of document (for OpenAPI, {@code openapi} or {@code swagger}
 * with {@code info}). The canonical form is the document as compact JSON with sorted keys. These
 * types have no compatibility checks.
 */
public final class JsonDocumentSupport implements TypeSupport {

    private final ArtifactType type;
    private final boolean yaml;
    private final List<List<String>> markers;

    private JsonDocumentSupport(ArtifactType type, boolean yaml, List<List<String>> markers) {
        this.type = type;
        this.yaml = yaml;
        this.markers = markers;
    }

    public static JsonDocumentSupport openApi() {
        return new JsonDocumentSupport(
                ArtifactType.OPENAPI, true, List.of(List.of("openapi", "info"), List.of("swagger", "info")));
    }

    public static JsonDocumentSupport asyncApi() {
        return new JsonDocumentSupport(ArtifactType.ASYNCAPI, true, List.of(List.of("asyncapi", "info")));
    }

    public static JsonDocumentSupport kafkaConnect() {
        return new JsonDocumentSupport(ArtifactType.KCONNECT, false, List.of(List.of("type")));
    }

    @Override
    public ArtifactType type() {
        return type;
    }

    @Override
    public void validate(String content, Validity level) {
        if (level == Validity.NONE) {
            return;
        }
        JsonNode node = JsonDocuments.parse(content, yaml, type + " document");
        if (!node.isObject()) {
            throw new InvalidContentException("Invalid " + type + " document: the top level must be an object.");
        }
        if (level == Validity.FULL && markers.stream().noneMatch(fields -> JsonDocuments.hasAll(node, fields))) {
            throw new InvalidContentException("Invalid " + type + " document: the top level must have the fields "
                    + String.join(" or ", markers.stream().map(Object::toString).toList()) + ".");
        }
    }

    @Override
    public String canonical(String content) {
        try {
            return JsonDocuments.canonical(JsonDocuments.parse(content, yaml, type + " document"));
        } catch (InvalidContentException e) {
            return content;
        }
    }
}
