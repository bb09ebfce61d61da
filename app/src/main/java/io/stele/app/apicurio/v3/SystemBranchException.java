package io.stele.app.apicurio.v3;

import io.stele.storage.ConflictException;

/**
 * A request to change or delete the {@code latest} branch, which the registry keeps itself: every
 * version joins it as it is added. Apicurio answers it 409 {@code NotAllowedException}, as Stele
 * does; retrying does not help.
 */
public class SystemBranchException extends ConflictException {

    public SystemBranchException(String message) {
        super(message);
    }
}
