package io.stele.app.mode;

import java.util.Optional;

/** A write refused because the registry, or the artifact written, is in {@link Mode#READONLY} mode. */
public final class ReadOnlyException extends RuntimeException {

    private final Optional<String> artifactId;

    public ReadOnlyException(Optional<String> artifactId) {
        super(artifactId
                .map(id -> "Artifact '" + id + "' is in read-only mode: the registry takes no write to it until"
                        + " its mode is READWRITE again.")
                .orElse("The registry is in read-only mode: it takes no write until its mode is READWRITE"
                        + " again."));
        this.artifactId = artifactId;
    }

    /** The artifact written, when the write concerned one. */
    public Optional<String> artifactId() {
        return artifactId;
    }
}
