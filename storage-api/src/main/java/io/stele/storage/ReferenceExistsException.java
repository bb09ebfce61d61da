package io.stele.storage;

/**
 * A version cannot be deleted, softly or for good, while another version's content references it
 * (see {@link SchemaReference}); nor can its artifact.
 */
public class ReferenceExistsException extends StorageException {

    private final String artifactId;
    private final int version;

    public ReferenceExistsException(String artifactId, int version) {
        super("Version " + version + " of artifact '" + artifactId + "' is referenced by other schemas;"
                + " delete those versions for good first.");
        this.artifactId = artifactId;
        this.version = version;
    }

    /** The artifact of the referenced version. */
    public String artifactId() {
        return artifactId;
    }

    /** The referenced version. */
    public int version() {
        return version;
    }
}
