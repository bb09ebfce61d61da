package io.stele.app.ccompat;

import com.fasterxml.jackson.annotation.JsonIgnoreProperties;
import com.fasterxml.jackson.annotation.JsonInclude;
import com.fasterxml.jackson.annotation.JsonProperty;
import io.stele.storage.ArtifactType;
import io.stele.storage.Content;
import io.stele.storage.StoredVersion;
import java.util.List;
import java.util.Map;
import java.util.Optional;

/** The JSON bodies of the Confluent-compatible API, named and shaped as Confluent's. */
final class ConfluentBodies {

    private ConfluentBodies() {}

    /** {@code schemaType} as Confluent writes it: absent for AVRO, the default. */
    static String schemaType(ArtifactType type) {
        return type == ArtifactType.AVRO ? null : type.name();
    }

    /**
     * A schema sent to register or look up. {@code id} and {@code version} are what a migration in
     * IMPORT mode gives; fields Stele does not read (such as {@code metadata} and {@code ruleSet})
     * are ignored, as Confluent ignores them.
     */
    @JsonIgnoreProperties(ignoreUnknown = true)
    record SchemaRequest(String schema, String schemaType, List<Reference> references, Long id, Integer version) {

        /** The id to register the schema with, when one is given (0 and below are none, as in Confluent). */
        Optional<Long> givenId() {
            return Optional.ofNullable(id).filter(i -> i > 0);
        }

        /** The version number to register it as, when one is given. */
        Optional<Integer> givenVersion() {
            return Optional.ofNullable(version).filter(v -> v > 0);
        }
    }

    /** A reference from one schema to a version of another subject. */
    @JsonIgnoreProperties(ignoreUnknown = true)
    record Reference(String name, String subject, Integer version) {

        /** The references of stored content, as Confluent answers them: none as no field. */
        static List<Reference> of(Content content) {
            return content.references().isEmpty()
                    ? null
                    : content.references().stream()
                            .map(r -> new Reference(r.name(), r.artifactId(), r.version()))
                            .toList();
        }
    }

    /** The answer to a registration. */
    record RegisterAnswer(long id) {}

    /** A schema by id. */
    @JsonInclude(JsonInclude.Include.NON_NULL)
    record SchemaString(String schema, String schemaType, List<Reference> references) {}

    /** A version of a subject, with its schema. */
    @JsonInclude(JsonInclude.Include.NON_NULL)
    record SubjectSchema(
            String subject, int version, long id, String schemaType, String schema, List<Reference> references) {

        /** A version with its content's references, and its schema written as {@code schema}. */
        static SubjectSchema of(StoredVersion version, Content content, String schema) {
            return new SubjectSchema(
                    version.artifactId(),
                    version.version(),
                    version.contentId(),
                    ConfluentBodies.schemaType(version.type()),
                    schema,
                    Reference.of(content));
        }
    }

    /** One subject and version that use a schema id. */
    record SubjectVersion(String subject, int version) {}

    /** A compatibility level to set, as {@code PUT /config} takes and echoes it. */
    @JsonIgnoreProperties(ignoreUnknown = true)
    @JsonInclude(JsonInclude.Include.NON_NULL)
    record ConfigUpdate(String compatibility) {}

    /** Whether a schema would be accepted, with the reasons when asked for ({@code verbose=true}). */
    @JsonInclude(JsonInclude.Include.NON_NULL)
    record CompatibilityAnswer(@JsonProperty("is_compatible") boolean isCompatible, List<String> messages) {}

    /** The compatibility level in force, as {@code GET /config} answers it. */
    record ConfigAnswer(String compatibilityLevel) {}

    /** A mode, as {@code /mode} answers, takes and echoes it. */
    @JsonIgnoreProperties(ignoreUnknown = true)
    record ModeBody(String mode) {}

    /** What {@code /v1/metadata/id} answers: the clusters this registry belongs to. */
    record ClusterId(Scope scope) {
        record Scope(List<String> path, Map<String, String> clusters) {}
    }

    /** What {@code /v1/metadata/version} answers: the release that runs and its commit. */
    @JsonInclude(JsonInclude.Include.NON_NULL)
    record ServerVersion(String version, String commitId) {}

    /** Confluent's error body. */
    record Error(@JsonProperty("error_code") int errorCode, String message) {}
}
