package io.stele.storage;

/**
 * The write conflicts with the state it found, for example with a concurrent write that the backend
 * could not order after it. Retrying may succeed.
 */
public class ConflictException extends StorageException {

    public ConflictException(String message) {
        super(message);
    }

    public ConflictException(String message, Throwable cause) {
        super(message, cause);
    }
}
