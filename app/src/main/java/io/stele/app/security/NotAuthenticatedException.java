package io.stele.app.security;

/** The request's credentials are missing, malformed, expired or refused: 401. */
final class NotAuthenticatedException extends RuntimeException {

    NotAuthenticatedException(String message) {
        super(message, null, false, false);
    }
}
