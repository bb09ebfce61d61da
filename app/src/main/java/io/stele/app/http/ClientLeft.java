package io.stele.app.http;

import io.vertx.core.http.HttpClosedException;
import java.nio.channels.ClosedChannelException;

/**
 * Whether a failure is a client that closed its connection before the registry had read its
 * request: nobody reads an answer, and it is no error of the registry's. Vert.x reports it as an
 * {@link HttpClosedException} when the connection closes while the body is awaited, and the body's
 * stream as an I/O error caused by a {@link ClosedChannelException} when it closes before the body
 * is asked for; which one comes depends on timing alone.
 */
public final class ClientLeft {

    private ClientLeft() {}

    /** Whether {@code failure}, or one of its causes, says the client's connection closed. */
    public static boolean is(Throwable failure) {
        return Causes.any(
                failure, cause -> cause instanceof HttpClosedException || cause instanceof ClosedChannelException);
    }
}
