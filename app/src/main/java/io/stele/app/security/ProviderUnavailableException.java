package io.stele.app.security;

/** The identity provider did not answer a token exchange or a key look-up in time: 503. */
final class ProviderUnavailableException extends RuntimeException {

    ProviderUnavailableException(String message, Throwable cause) {
        super(message, cause);
    }
}
