package io.stele.storage;

/** What was to be created exists already. */
public class AlreadyExistsException extends StorageException {

    public AlreadyExistsException(String message) {
        super(message);
    }

    public static AlreadyExistsException artifact(String artifactId) {
        return new AlreadyExistsException("An artifact with id '" + artifactId + "' already exists.");
    }

    public static AlreadyExistsException rule(RuleScope scope, RuleType rule) {
        return new AlreadyExistsException("A rule " + rule + " is already configured for " + scope + ".");
    }
}
