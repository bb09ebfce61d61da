package io.stele.storage;

import java.util.Objects;

/**
 * The artifact, version, content, rule, group, branch or setting asked for does not exist. {@link #missing()} says which,
 * so that each API can answer in its own terms without reading the message.
 */
public class NotFoundException extends StorageException {

    /** What was not found. */
    public enum Missing {
        /** The artifact (a Confluent subject). */
        ARTIFACT,
        /** A version of an existing artifact, or a version by globalId. */
        VERSION,
        /** Content (a Confluent schema id), or a version with the given content. */
        CONTENT,
        /** A rule. */
        RULE,
        /** A group of artifacts, as Apicurio Registry's v2 and v3 APIs name one. */
        GROUP,
        /** A branch of an artifact's versions, as Apicurio Registry's v3 API names one. */
        BRANCH,
        /** A setting that can be changed while the registry runs, as Apicurio's admin API names one. */
        SETTING,
        /** A one-time link to an export, as Apicurio's v2 and v3 APIs give one. */
        DOWNLOAD
    }

    private final Missing missing;

    public NotFoundException(Missing missing, String message) {
        super(message);
        this.missing = Objects.requireNonNull(missing, "missing");
    }

    /** What was not found. */
    public Missing missing() {
        return missing;
    }

    public static NotFoundException artifact(String artifactId) {
        return new NotFoundException(Missing.ARTIFACT, "No artifact with id '" + artifactId + "' could be found.");
    }

    public static NotFoundException version(String artifactId, int version) {
        return new NotFoundException(
                Missing.VERSION, "No version '" + version + "' of artifact '" + artifactId + "' could be found.");
    }

    public static NotFoundException globalId(long globalId) {
        return new NotFoundException(
                Missing.VERSION, "No artifact version with global id '" + globalId + "' could be found.");
    }

    public static NotFoundException contentId(long contentId) {
        return new NotFoundException(Missing.CONTENT, "No schema with id " + contentId + " could be found.");
    }

    /** The version exists but is DISABLED, so its content is not served. */
    public static NotFoundException disabled(StoredVersion version) {
        return new NotFoundException(
                Missing.VERSION,
                "Version " + version.version() + " of artifact '" + version.artifactId() + "' (globalId "
                        + version.globalId() + ") is disabled.");
    }

    public static NotFoundException rule(RuleScope scope, RuleType rule) {
        return new NotFoundException(Missing.RULE, "No rule " + rule + " is configured for " + scope + ".");
    }
}
