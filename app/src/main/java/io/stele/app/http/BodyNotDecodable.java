package io.stele.app.http;

import io.netty.handler.codec.compression.DecompressionException;

/**
 * Whether a failure is a request body that its {@code Content-Encoding} does not decode, such as
 * bytes sent as {@code gzip} that are not gzip: the client's error. The HTTP layer meets it while it
 * inflates the body, fails the request and may close the connection before an answer is read.
 */
public final class BodyNotDecodable {

    private BodyNotDecodable() {}

    /** Whether {@code failure}, or one of its causes, says the body did not decode. */
    public static boolean is(Throwable failure) {
        return Causes.any(failure, DecompressionException.class::isInstance);
    }
}
