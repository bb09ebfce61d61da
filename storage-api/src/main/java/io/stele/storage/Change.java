package io.stele.storage;

/** What a backend reports after a change, so that caches above it can drop what went stale. */
public sealed interface Change {

    /** Something about this artifact changed: a version, its metadata, its state, its rules, or its deletion. */
    record ArtifactChanged(String artifactId) implements Change {}

    /**
     * Only this artifact's versions changed (one added, or a version's state or metadata), not its
     * rules, nor whether it exists. A backend reports it where it knows as much,
     * so that caches keep the artifact's rules; {@link ArtifactChanged} is always correct in its place.
     */
    record VersionsChanged(String artifactId) implements Change {}

    /** Something outside one artifact changed (global rules). */
    record GlobalChanged() implements Change {}

    /**
     * The backend may have missed changes (for example after reconnecting), so every cached entry
     * that can go stale must be dropped.
     */
    record Unknown() implements Change {}
}
