package io.stele.storage;

/** What was to be created exists already. */
public class AlreadyExistsException extends StorageException {

    public AlreadyExistsException(String message) {
        super(message);
    }

    public static AlreadyExistsException artifact(String artifactId) {
        return new AlreadyExistsException("An artifact with id '" + artifactId + "' already exists.");
    }

    /** An imported version whose number the artifact has given already. */
    public static AlreadyExistsException version(String artifactId, int version) {
        return new AlreadyExistsException("Version " + version + " of artifact '" + artifactId + "' exists already.");
    }

    public static AlreadyExistsException rule(RuleScope scope, RuleType rule) {
        return new AlreadyExistsException("A rule " + rule + " is already configured for " + scope + ".");
    }
}
