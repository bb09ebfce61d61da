package io.stele.storage;

/** The request breaks a rule of the storage model, such as an empty or over-long artifact id. */
public class InvalidRequestException extends StorageException {

    public InvalidRequestException(String message) {
        super(message);
    }
}
