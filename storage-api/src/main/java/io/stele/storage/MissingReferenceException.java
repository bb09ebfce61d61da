package io.stele.storage;

/**
 * A version to be stored references a version that does not exist or is soft-deleted ({@link
 * VersionState#DELETED}).
 */
public class MissingReferenceException extends InvalidRequestException {

    private final SchemaReference reference;

    public MissingReferenceException(SchemaReference reference) {
        super("Reference '" + reference.name() + "' names version " + reference.version() + " of artifact '"
                + reference.artifactId() + "', which does not exist.");
        this.reference = reference;
    }

    /** The reference to nothing. */
    public SchemaReference reference() {
        return reference;
    }
}
