package io.stele.app.security;

/**
 * A change to an artifact by someone other than its creator, refused because only owners may
 * change their artifacts ({@code stele.auth.owner-only}): 403.
 */
public final class NotOwnerException extends RuntimeException {

    public NotOwnerException(String artifactId, String caller) {
        super("'" + caller + "' may not change artifact '" + artifactId
                + "': only its creator or an admin may (stele.auth.owner-only).");
    }
}
