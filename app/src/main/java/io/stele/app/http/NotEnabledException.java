package io.stele.app.http;

/**
 * An operation the API declares that this registry is configured not to perform, such as a
 * deletion its operator has left off: 405, naming the setting that turns it on.
 */
public class NotEnabledException extends RuntimeException {

    public NotEnabledException(String message) {
        super(message);
    }
}
