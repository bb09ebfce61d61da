package io.stele.storage;

/**
 * The backend cannot answer now (its server is down, unreachable or timed out). Nothing was changed
 * unless the message says otherwise; retrying later may succeed.
 */
public class StorageUnavailableException extends StorageException {

    public StorageUnavailableException(String message, Throwable cause) {
        super(message, cause);
    }
}
