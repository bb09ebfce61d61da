package io.stele.storage;

import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Optional;

/**
 * The metadata a user may set on a version: name, description, labels and properties.
 *
 * @param name the display name, or empty
 * @param description the description, or empty
 * @param labels free-form labels, in the order given; never null
 * @param properties free-form name-value pairs; never null
 */
public record EditableMeta(
        Optional<String> name, Optional<String> description, List<String> labels, Map<String, String> properties) {

    public static final EditableMeta EMPTY = new EditableMeta(Optional.empty(), Optional.empty(), List.of(), Map.of());

    public EditableMeta {
        name = name == null ? Optional.empty() : name;
        description = description == null ? Optional.empty() : description;
        if (labels != null && labels.stream().anyMatch(Objects::isNull)) {
            throw new InvalidRequestException("Labels must not be null.");
        }
        if (properties != null
                && properties.entrySet().stream().anyMatch(e -> e.getKey() == null || e.getValue() == null)) {
            throw new InvalidRequestException("Property names and values must not be null.");
        }
        labels = labels == null ? List.of() : List.copyOf(labels);
        properties = properties == null ? Map.of() : Map.copyOf(properties);
    }

    public static EditableMeta named(String name, String description) {
        return new EditableMeta(Optional.ofNullable(name), Optional.ofNullable(description), List.of(), Map.of());
    }
}
