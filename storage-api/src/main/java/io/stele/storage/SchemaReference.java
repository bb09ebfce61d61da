package io.stele.storage;

import java.util.Objects;

/**
 * A schema's reference to a version of another artifact that it uses: an Avro named type defined
 * there, a Protobuf file it imports, a JSON Schema {@code $ref} to it.
 *
 * @param name how the referring schema names it: the Avro type's full name, the Protobuf import
 *     path, the JSON Schema {@code $ref} URL
 * @param artifactId the artifact (a Confluent subject) holding the referenced schema
 * @param version the referenced version's number, 1 or more
 */
public record SchemaReference(String name, String artifactId, int version) {

    public SchemaReference {
        Objects.requireNonNull(name, "name");
        if (name.isBlank()) {
            throw new InvalidRequestException("A reference's name must not be blank.");
        }
        ArtifactIds.requireValid(artifactId);
        if (version < 1) {
            throw new InvalidRequestException(
                    "Reference '" + name + "' must name a version of 1 or more, was " + version + ".");
        }
    }

    /** The version referenced, without the name it is referenced by. */
    public Target target() {
        return new Target(artifactId, version);
    }

    /**
     * A referenced version.
     *
     * @param artifactId its artifact
     * @param version its number
     */
    public record Target(String artifactId, int version) {}
}
