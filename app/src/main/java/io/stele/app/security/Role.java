package io.stele.app.security;

/**
 * What a caller may do, each role allowing all that the ones before it allow. Every operation
 * needs one of them, or none ({@link Needs}, {@link Operation}).
 */
public enum Role {
    /** Reads artifacts, versions, rules and settings, and checks content against the rules. */
    READ_ONLY,
    /** Creates and changes artifacts, their versions, metadata, states and rules. */
    DEVELOPER,
    /** Changes global rules and modes, exports and imports. */
    ADMIN;

    /** Whether this role allows what {@code needed} allows. */
    public boolean allows(Role needed) {
        return compareTo(needed) >= 0;
    }
}
