package io.stele.app.ccompat;

import io.stele.app.ccompat.ConfluentBodies.ConfigUpdate;
import io.stele.app.ccompat.ConfluentBodies.SchemaRequest;
import io.stele.app.rules.Compatibility;
import io.stele.storage.ArtifactType;

/** What the Confluent API reads from a request, checked and in Stele's values. */
final class ConfluentRequests {

    private ConfluentRequests() {}

    static long schemaId(String id) {
        try {
            long value = Long.parseLong(id);
            if (value >= 1) {
                return value;
            }
        } catch (NumberFormatException e) {
            // not a number: no schema has this id
        }
        throw ConfluentErrors.schemaNotFound();
    }

    /**
     * The body of a request that registers or checks a schema: present, with a schema that is not
     * blank. A body without one is Confluent's 42201, "Empty schema".
     */
    static SchemaRequest required(SchemaRequest request) {
        SchemaRequest body = present(request);
        if (blank(body)) {
            throw new ConfluentException(422, ConfluentErrors.INVALID_SCHEMA, "Empty schema");
        }
        return body;
    }

    /** A request body, which must be there: a request without one is 422. */
    static SchemaRequest present(SchemaRequest request) {
        if (request == null) {
            throw new ConfluentException(
                    422,
                    ConfluentErrors.UNPROCESSABLE,
                    "The request has no body: send the schema as {\"schema\": \"...\"}.");
        }
        return request;
    }

    /** Whether the body gives no schema, or one of white space alone. */
    static boolean blank(SchemaRequest request) {
        return request.schema() == null || request.schema().isBlank();
    }

    static ArtifactType type(SchemaRequest request) {
        // named exactly, as Confluent names its schema providers
        String type = request.schemaType() == null ? "AVRO" : request.schemaType();
        return switch (type) {
            case "AVRO" -> ArtifactType.AVRO;
            case "JSON" -> ArtifactType.JSON;
            case "PROTOBUF" -> ArtifactType.PROTOBUF;
            default ->
                throw new ConfluentException(
                        422, ConfluentErrors.INVALID_SCHEMA, "Invalid schema type " + request.schemaType());
        };
    }

    /** Whether a path's version names the latest: {@code latest} or {@code -1}. */
    static boolean latest(String version) {
        String v = version.trim();
        return v.equalsIgnoreCase("latest") || v.equals("-1");
    }

    /**
     * A version number as a path gives it, from 1.
     *
     * @throws ConfluentException 42202 when it is not one
     */
    static int versionNumber(String version) {
        try {
            int number = Integer.parseInt(version.trim());
            if (number >= 1) {
                return number;
            }
        } catch (NumberFormatException e) {
            // not a number: said below
        }
        throw ConfluentErrors.invalidVersion(version);
    }

    /** A boolean query parameter, read as Confluent's clients write it ({@code true}, {@code True}). */
    static boolean flag(String value) {
        return value != null && value.trim().equalsIgnoreCase("true");
    }

    /** A whole-number query parameter, or {@code fallback} when it is absent. */
    static long number(String value, String name, long fallback) {
        if (value == null || value.isBlank()) {
            return fallback;
        }
        try {
            return Long.parseLong(value.trim());
        } catch (NumberFormatException e) {
            throw new ConfluentException(
                    422, ConfluentErrors.UNPROCESSABLE, name + " must be a whole number, was '" + value + "'.");
        }
    }

    /** The level a {@code PUT /config} body names. */
    static Compatibility level(ConfigUpdate update) {
        if (update == null || update.compatibility() == null) {
            throw ConfluentErrors.invalidCompatibilityLevel();
        }
        return Compatibility.parse(update.compatibility()).orElseThrow(ConfluentErrors::invalidCompatibilityLevel);
    }
}
