package io.stele.storage;

/**
 * The backend cannot start as it is configured or as it finds its storage: a wrong password, a
 * database that does not exist, a schema whose migrations do not validate, a Kafka topic that could
 * lose records, a local state built from another log. It is fatal: retrying cannot help until an
 * operator changes something, so the registry stops rather than wait. The message names the setting
 * to change or the fix to make, in the operator's terms.
 *
 * <p>Its counterpart is {@link StorageUnavailableException}: the server is not there yet, a network
 * error, a timeout, which retrying may cure.
 */
public class StorageMisconfiguredException extends StorageException {

    public StorageMisconfiguredException(String message) {
        super(message);
    }

    public StorageMisconfiguredException(String message, Throwable cause) {
        super(message, cause);
    }
}
