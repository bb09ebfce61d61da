package io.stele.app.ccompat;

import io.stele.app.artifacts.ContentTooLargeException;
import io.stele.app.mode.ReadOnlyException;
import io.stele.app.rules.Incompatibility;
import io.stele.app.rules.InvalidContentException;
import io.stele.app.rules.RuleViolationException;
import io.stele.app.security.NotOwnerException;
import io.stele.storage.AlreadyExistsException;
import io.stele.storage.ArtifactTypeMismatchException;
import io.stele.storage.ConflictException;
import io.stele.storage.InvalidRequestException;
import io.stele.storage.MissingReferenceException;
import io.stele.storage.NotFoundException;
import io.stele.storage.ReferenceExistsException;
import io.stele.storage.RuleType;
import io.stele.storage.StorageUnavailableException;
import java.util.function.Supplier;
import java.util.stream.Collectors;

/**
 * Stele's failures in Confluent's terms, chosen by the failure's type and typed reason, never by its
 * message: the status and {@code error_code} Confluent Schema Registry answers in the same case.
 */
final class ConfluentErrors {

    static final int SUBJECT_NOT_FOUND = 40401;
    static final int VERSION_NOT_FOUND = 40402;
    static final int SCHEMA_NOT_FOUND = 40403;
    static final int SUBJECT_SOFT_DELETED = 40404;
    static final int SUBJECT_NOT_SOFT_DELETED = 40405;
    static final int VERSION_SOFT_DELETED = 40406;
    static final int VERSION_NOT_SOFT_DELETED = 40407;
    static final int SUBJECT_COMPATIBILITY_NOT_CONFIGURED = 40408;
    static final int INCOMPATIBLE_SCHEMA = 409;
    static final int INVALID_SCHEMA = 42201;
    static final int INVALID_VERSION = 42202;
    static final int INVALID_COMPATIBILITY_LEVEL = 42203;
    static final int INVALID_MODE = 42204;
    static final int OPERATION_NOT_PERMITTED = 42205;
    static final int REFERENCE_EXISTS = 42206;
    static final int SUBJECT_MODE_NOT_CONFIGURED = 40409;
    static final int SCHEMA_TOO_LARGE = 42209;
    static final int UNPROCESSABLE = 422;
    static final int STORE_ERROR = 50001;
    static final int FORBIDDEN = 40301;
    static final int TIMEOUT = 50002;

    private ConfluentErrors() {}

    /** Runs work for a request about {@code subject} (or none), answering its failures as Confluent does. */
    static <T> T about(String subject, Supplier<T> work) {
        try {
            return work.get();
        } catch (RuntimeException e) {
            throw translate(subject, e);
        }
    }

    static ConfluentException translate(String subject, RuntimeException e) {
        if (e instanceof ConfluentException confluent) {
            return confluent;
        }
        if (e instanceof NotFoundException missing) {
            return switch (missing.missing()) {
                case ARTIFACT, GROUP, BRANCH, SETTING, DOWNLOAD -> subjectNotFound(subject);
                case VERSION -> new ConfluentException(404, VERSION_NOT_FOUND, "Version not found.", e);
                case CONTENT -> schemaNotFound();
                case RULE ->
                    new ConfluentException(
                            404,
                            SUBJECT_COMPATIBILITY_NOT_CONFIGURED,
                            "Subject '" + subject + "' does not have subject-level compatibility configured",
                            e);
            };
        }
        if (e instanceof RuleViolationException violation) {
            if (violation.rule() == RuleType.COMPATIBILITY) {
                String details = violation.causes().stream()
                        .map(Incompatibility::toString)
                        .collect(Collectors.joining("\", \"", "[\"", "\"]"));
                return new ConfluentException(
                        409,
                        INCOMPATIBLE_SCHEMA,
                        "Schema being registered is incompatible with an earlier schema for subject \"" + subject
                                + "\", details: " + details,
                        e);
            }
            // said as Confluent says an invalid schema, without the v1 API's rule words
            return invalidSchema(
                    violation.causes().stream().map(Incompatibility::message).collect(Collectors.joining("; ")), e);
        }
        if (e instanceof InvalidContentException || e instanceof MissingReferenceException) {
            return invalidSchema(e.getMessage(), e);
        }
        if (e instanceof ContentTooLargeException) {
            return new ConfluentException(
                    422,
                    SCHEMA_TOO_LARGE,
                    "Register operation failed because schema is too large: " + e.getMessage(),
                    e);
        }
        if (e instanceof ArtifactTypeMismatchException || e instanceof AlreadyExistsException) {
            return new ConfluentException(409, INCOMPATIBLE_SCHEMA, e.getMessage(), e);
        }
        if (e instanceof ReadOnlyException readOnly) {
            return new ConfluentException(
                    422,
                    OPERATION_NOT_PERMITTED,
                    readOnly.artifactId()
                            .map(id -> "Subject " + id + " is in read-only mode")
                            .orElse("The registry is in read-only mode"),
                    e);
        }
        if (e instanceof NotOwnerException) {
            return new ConfluentException(403, FORBIDDEN, e.getMessage(), e);
        }
        if (e instanceof ReferenceExistsException referenced) {
            return referenceExists(referenced.artifactId(), referenced.version());
        }
        if (e instanceof ConflictException) {
            // concurrent writes to one subject that did not settle: retriable, as clients retry 503
            return new ConfluentException(503, TIMEOUT, e.getMessage(), e);
        }
        if (e instanceof InvalidRequestException) {
            return new ConfluentException(422, UNPROCESSABLE, e.getMessage(), e);
        }
        if (e instanceof StorageUnavailableException) {
            return new ConfluentException(503, STORE_ERROR, "The storage backend is unavailable; retry later.", e);
        }
        throw e;
    }

    /** 42201 with the reason, which names what is invalid, said once ("Invalid Avro schema: ..."). */
    private static ConfluentException invalidSchema(String reason, Throwable e) {
        return new ConfluentException(
                422, INVALID_SCHEMA, reason.startsWith("Invalid ") ? reason : "Invalid schema: " + reason, e);
    }

    static ConfluentException subjectNotFound(String subject) {
        return new ConfluentException(404, SUBJECT_NOT_FOUND, "Subject '" + subject + "' not found.");
    }

    static ConfluentException subjectSoftDeleted(String subject) {
        return new ConfluentException(
                404,
                SUBJECT_SOFT_DELETED,
                "Subject '" + subject + "' was soft deleted. Set permanent=true to delete permanently");
    }

    static ConfluentException subjectNotSoftDeleted(String subject) {
        return new ConfluentException(
                404,
                SUBJECT_NOT_SOFT_DELETED,
                "Subject '" + subject + "' was not deleted first before being permanently deleted");
    }

    static ConfluentException versionSoftDeleted(String subject, int version) {
        return new ConfluentException(
                404,
                VERSION_SOFT_DELETED,
                "Subject '" + subject + "' Version " + version
                        + " was soft deleted. Set permanent=true to delete permanently");
    }

    static ConfluentException versionNotSoftDeleted(String subject, int version) {
        return new ConfluentException(
                404,
                VERSION_NOT_SOFT_DELETED,
                "Subject '" + subject + "' Version " + version + " was not deleted first before being permanently"
                        + " deleted");
    }

    static ConfluentException referenceExists(String subject, int version) {
        return new ConfluentException(
                422,
                REFERENCE_EXISTS,
                "One or more references exist to the schema {subject=" + subject + ", version=" + version
                        + "}; delete the schemas that reference it for good first.");
    }

    static ConfluentException versionNotFound(String version) {
        return new ConfluentException(404, VERSION_NOT_FOUND, "Version " + version + " not found.");
    }

    static ConfluentException schemaNotFound() {
        return new ConfluentException(404, SCHEMA_NOT_FOUND, "Schema not found");
    }

    static ConfluentException invalidCompatibilityLevel() {
        return new ConfluentException(
                422,
                INVALID_COMPATIBILITY_LEVEL,
                "Invalid compatibility level. Valid values are none, backward, forward, full, backward_transitive,"
                        + " forward_transitive, and full_transitive");
    }

    static ConfluentException invalidVersion(String version) {
        return new ConfluentException(
                422,
                INVALID_VERSION,
                "The specified version '" + version + "' is not a valid version id. Allowed values are between"
                        + " [1, 2^31-1] and the string \"latest\"");
    }
}
