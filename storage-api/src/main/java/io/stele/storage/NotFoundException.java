package io.stele.storage;

/** The artifact, version, content or rule asked for does not exist. */
public class NotFoundException extends StorageException {

    public NotFoundException(String message) {
        super(message);
    }

    public static NotFoundException artifact(String artifactId) {
        return new NotFoundException("No artifact with id '" + artifactId + "' could be found.");
    }

    public static NotFoundException version(String artifactId, int version) {
        return new NotFoundException("No version '" + version + "' of artifact '" + artifactId + "' could be found.");
    }

    public static NotFoundException globalId(long globalId) {
        return new NotFoundException("No artifact version with global id '" + globalId + "' could be found.");
    }

    /** The version exists but is DISABLED, so its content is not served. */
    public static NotFoundException disabled(StoredVersion version) {
        return new NotFoundException("Version " + version.version() + " of artifact '" + version.artifactId()
                + "' (globalId " + version.globalId() + ") is disabled.");
    }

    public static NotFoundException rule(RuleScope scope, RuleType rule) {
        return new NotFoundException("No rule " + rule + " is configured for " + scope + ".");
    }
}
