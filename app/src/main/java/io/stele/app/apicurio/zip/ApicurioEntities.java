package io.stele.app.apicurio.zip;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import io.stele.storage.ArtifactType;
import io.stele.storage.EditableMeta;
import io.stele.storage.ImportPlan;
import io.stele.storage.InvalidRequestException;
import io.stele.storage.RuleType;
import io.stele.storage.SchemaReference;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.time.Instant;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Optional;

/**
 * The fields of the entities in Apicurio Registry's export zip, 2.x's and 3.x's alike, read into
 * Stele's values, with an error in the user's terms for each field Stele cannot take: what {@link
 * ApicurioZipImport} reads each entry with.
 */
final class ApicurioEntities {

    private static final ObjectMapper JSON = new ObjectMapper();
    /** The rules Apicurio keeps: those that check content (the Confluent API's mode is Stele's own). */
    private static final List<String> RULES = Arrays.stream(RuleType.values())
            .filter(RuleType::checksContent)
            .map(Enum::name)
            .toList();

    private ApicurioEntities() {}

    /** A version's metadata: v3's labels map as its properties; v2's labels list and properties. */
    static EditableMeta meta(JsonNode node) {
        List<String> labels = new ArrayList<>();
        Map<String, String> properties = new LinkedHashMap<>();
        JsonNode v3 = node.path("labels");
        if (v3.isObject()) {
            v3.properties().forEach(e -> properties.put(e.getKey(), e.getValue().asText("")));
        } else if (v3.isArray()) {
            v3.forEach(label -> labels.add(label.asText()));
        }
        node.path("properties")
                .properties()
                .forEach(e -> properties.put(e.getKey(), e.getValue().asText("")));
        return new EditableMeta(optional(node, "name"), optional(node, "description"), labels, properties);
    }

    static List<SchemaReference> references(JsonNode node, String name) {
        String serialized = optional(node, "serializedReferences").orElse("");
        if (serialized.isBlank()) {
            return List.of();
        }
        List<SchemaReference> references = new ArrayList<>();
        for (JsonNode r : tree(serialized.getBytes(StandardCharsets.UTF_8), name)) {
            requireDefault(optional(r, "groupId"), name);
            String version = text(r, "version");
            try {
                references.add(new SchemaReference(text(r, "name"), text(r, "artifactId"), Integer.parseInt(version)));
            } catch (NumberFormatException e) {
                throw new InvalidRequestException(name + " references version '" + version
                        + "', which is not a whole number: Stele numbers an artifact's versions 1, 2, 3 and so on.");
            }
        }
        return references;
    }

    static String artifactId(JsonNode node, String name) {
        requireDefault(optional(node, "groupId"), name);
        return text(node, "artifactId");
    }

    static void requireDefault(Optional<String> group, String name) {
        if (group.isPresent() && !group.get().equalsIgnoreCase("default")) {
            throw notKept(name, "group '" + group.get() + "'", "groups other than the default one");
        }
    }

    static InvalidRequestException notKept(String name, String what, String kind) {
        return new InvalidRequestException("The file holds " + what + " (" + name + "), and Stele does not keep " + kind
                + " yet; nothing was imported.");
    }

    static RuleType rule(String type, String name) {
        if (!RULES.contains(type)) {
            throw new InvalidRequestException(
                    name + " is a rule of type '" + type + "', which is not one of " + RULES + ".");
        }
        return RuleType.valueOf(type);
    }

    static ArtifactType type(String name, String artifactId) {
        try {
            return ArtifactType.valueOf(name.toUpperCase(Locale.ROOT));
        } catch (IllegalArgumentException e) {
            throw new InvalidRequestException(
                    "Artifact '" + artifactId + "' is of type '" + name + "', which Stele does not store.");
        }
    }

    static JsonNode tree(byte[] bytes, String name) {
        try {
            return JSON.readTree(bytes);
        } catch (IOException e) {
            throw new InvalidRequestException(name + " is not JSON.");
        }
    }

    static String text(JsonNode node, String field) {
        return optional(node, field)
                .orElseThrow(() -> new InvalidRequestException("An entry of the file lacks its '" + field + "'."));
    }

    static Optional<String> optional(JsonNode node, String field) {
        JsonNode value = node.path(field);
        return value.isNull() || value.isMissingNode() ? Optional.empty() : Optional.of(value.asText());
    }

    static long number(JsonNode node, String field) {
        JsonNode value = node.path(field);
        if (!value.canConvertToLong() || value.asLong() < 1) {
            throw new InvalidRequestException("An entry of the file has no '" + field + "' of 1 or more.");
        }
        return value.asLong();
    }

    static Instant time(JsonNode node, String field) {
        return Instant.ofEpochMilli(node.path(field).asLong(0));
    }

    /** A user the registry can store: what a batch would refuse once part of the file is stored, refused first. */
    static void requireUser(String user, String artifactId) {
        if (user.length() > ImportPlan.MAX_USER_LENGTH) {
            throw new InvalidRequestException("Artifact '" + artifactId + "' names a user longer than "
                    + ImportPlan.MAX_USER_LENGTH + " characters, which the registry cannot store.");
        }
    }
}
