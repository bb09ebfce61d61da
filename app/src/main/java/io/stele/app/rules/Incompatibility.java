package io.stele.app.rules;

import java.util.Objects;

/**
 * One reason why data written with one schema cannot be read with another.
 *
 * @param location where in the schema the difference is, as a path a user can follow (a JSON
 *     pointer for JSON-based schemas, {@code message.field} for Protobuf), or empty when it
 *     concerns the whole schema
 * @param message what differs, in words
 */
public record Incompatibility(String location, String message) {

    public Incompatibility {
        Objects.requireNonNull(location, "location");
        Objects.requireNonNull(message, "message");
    }

    @Override
    public String toString() {
        return location.isEmpty() ? message : location + ": " + message;
    }
}
