package io.stele.storage.sql;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.core.type.TypeReference;
import com.fasterxml.jackson.databind.ObjectMapper;
import io.stele.storage.SchemaReference;
import java.util.List;
import java.util.Map;

/** Labels, properties and a content's references are kept as JSON text in one column each. */
final class MetaJson {

    private static final ObjectMapper MAPPER = new ObjectMapper();
    private static final TypeReference<List<String>> LABELS = new TypeReference<>() {};
    private static final TypeReference<Map<String, String>> PROPERTIES = new TypeReference<>() {};
    private static final TypeReference<List<SchemaReference>> REFERENCES = new TypeReference<>() {};

    private MetaJson() {}

    static String write(Object value) {
        try {
            return MAPPER.writeValueAsString(value);
        } catch (JsonProcessingException e) {
            throw new IllegalStateException("labels and properties are always serialisable", e);
        }
    }

    static List<String> labels(String json) {
        return read(json, LABELS);
    }

    static Map<String, String> properties(String json) {
        return read(json, PROPERTIES);
    }

    /** The references kept by {@link #write}, or none for null. */
    static List<SchemaReference> references(String json) {
        return json == null ? List.of() : read(json, REFERENCES);
    }

    private static <T> T read(String json, TypeReference<T> type) {
        try {
            return MAPPER.readValue(json, type);
        } catch (JsonProcessingException e) {
            throw new IllegalStateException("Stored metadata is not valid JSON: " + json, e);
        }
    }
}
