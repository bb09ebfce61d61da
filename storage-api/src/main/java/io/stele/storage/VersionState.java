package io.stele.storage;

/**
 * The state of one version. {@link #DISABLED} and {@link #DELETED} versions are skipped when the
 * latest version is asked for, and when a version is looked for by its content; {@link #DEPRECATED}
 * ones are still served.
 */
public enum VersionState {
    ENABLED,
    DISABLED,
    DEPRECATED,
    /**
     * Soft-deleted: hidden from the latest version, from lookups by content and (for an artifact
     * whose every version is so) from {@link ArtifactStore#liveIds}, but still read by number,
     * globalId and contentId, until the version is deleted for good with {@link
     * VersionStore#delete}. Setting another state restores it.
     */
    DELETED;

    /** Whether the latest version and lookups by content may be this one: ENABLED and DEPRECATED. */
    public boolean servable() {
        return this == ENABLED || this == DEPRECATED;
    }
}
