package io.stele.storage;

/** What was to be created exists already. */
public class AlreadyExistsException extends StorageException {

    /** What exists already, for an API that names it in its errors. */
    public enum Existing {
        ARTIFACT,
        VERSION,
        RULE
    }

    private final Existing existing;

    /** An artifact or version that exists already, such as a taken id. */
    public AlreadyExistsException(String message) {
        this(Existing.ARTIFACT, message);
    }

    public AlreadyExistsException(Existing existing, String message) {
        super(message);
        this.existing = existing;
    }

    /** What exists already. */
    public Existing existing() {
        return existing;
    }

    public static AlreadyExistsException artifact(String artifactId) {
        return new AlreadyExistsException("An artifact with id '" + artifactId + "' already exists.");
    }

    /** An imported version whose number the artifact has given already. */
    public static AlreadyExistsException version(String artifactId, int version) {
        return new AlreadyExistsException(
                Existing.VERSION, "Version " + version + " of artifact '" + artifactId + "' exists already.");
    }

    public static AlreadyExistsException rule(RuleScope scope, RuleType rule) {
        return new AlreadyExistsException(
                Existing.RULE, "A rule " + rule + " is already configured for " + scope + ".");
    }
}
