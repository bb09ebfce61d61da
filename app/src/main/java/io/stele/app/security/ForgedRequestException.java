package io.stele.app.security;

/**
 * A form that did not come from the registry's own page: it lacks the token the page carried, or
 * carries another. Answered 403, and nothing is written.
 */
public class ForgedRequestException extends RuntimeException {

    public ForgedRequestException(String message) {
        super(message);
    }
}
