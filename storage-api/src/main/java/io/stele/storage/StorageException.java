package io.stele.storage;

/**
 * The root of the exceptions a backend throws. Each subclass tells the caller what happened in terms
 * a client can act on; the message is safe to show to a client.
 */
public abstract class StorageException extends RuntimeException {

    protected StorageException(String message) {
        super(message);
    }

    protected StorageException(String message, Throwable cause) {
        super(message, cause);
    }
}
