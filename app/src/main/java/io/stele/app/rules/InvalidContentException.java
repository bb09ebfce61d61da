package io.stele.app.rules;

/** The content is not valid for its artifact type, or its type cannot be told. */
public class InvalidContentException extends RuntimeException {

    public InvalidContentException(String message) {
        super(message);
    }

    public InvalidContentException(String message, Throwable cause) {
        super(message, cause);
    }
}
