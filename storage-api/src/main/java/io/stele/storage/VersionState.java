package io.stele.storage;

/**
 * The state of one version. {@link #DISABLED} versions are skipped when the latest version is
 * asked for; {@link #DEPRECATED} ones are still served.
 */
public enum VersionState {
    ENABLED,
    DISABLED,
    DEPRECATED
}
