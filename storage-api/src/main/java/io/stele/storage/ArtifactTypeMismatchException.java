package io.stele.storage;

/** A new version's type differs from its artifact's type, which never changes. */
public class ArtifactTypeMismatchException extends ConflictException {

    private final ArtifactType artifactType;

    public ArtifactTypeMismatchException(String artifactId, ArtifactType artifactType, ArtifactType versionType) {
        super("Artifact '" + artifactId + "' is of type " + artifactType + "; a new version cannot be of type "
                + versionType + ".");
        this.artifactType = artifactType;
    }

    /** The type of the artifact. */
    public ArtifactType artifactType() {
        return artifactType;
    }
}
