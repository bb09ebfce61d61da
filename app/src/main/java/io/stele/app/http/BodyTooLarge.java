package io.stele.app.http;

import java.io.IOException;

/**
 * Whether a failure is the HTTP layer refusing a request body past {@code
 * quarkus.http.limits.max-body-size} while it was being read: a body sent without a {@code
 * Content-Length} (chunked), or one inflated from {@code Content-Encoding: gzip}, is counted as it
 * arrives. The HTTP layer has answered 413 and closed the connection by then; it is the client's
 * error, not the registry's.
 */
public final class BodyTooLarge {

    /** What RESTEasy Reactive's body stream says when the HTTP layer's cap is passed. */
    private static final String MESSAGE = "Request too large";

    private BodyTooLarge() {}

    /** Whether {@code failure}, or one of its causes, says the body passed the HTTP layer's cap. */
    public static boolean is(Throwable failure) {
        return Causes.any(failure, cause -> cause instanceof IOException && MESSAGE.equals(cause.getMessage()));
    }
}
