package io.stele.app.http;

import io.vertx.core.http.HttpHeaders;
import io.vertx.core.http.HttpVersion;
import io.vertx.ext.web.RoutingContext;
import io.vertx.ext.web.handler.BodyHandler;
import java.util.Locale;

/**
 * Reads a small request body into its routing context ahead of the JAX-RS layer, so that a route
 * answering from memory can compare it; a request that goes on reaches its JAX-RS resource with the
 * body read, which the resource takes as if it had read it itself. Thread-safe; never blocks.
 */
public final class SmallBodies {

    private final BodyHandler bodies;
    private final long maxBytes;

    /** @param maxBytes the largest body read here; a larger one goes on unread */
    public SmallBodies(int maxBytes) {
        this.bodies = BodyHandler.create(false).setBodyLimit(maxBytes);
        this.maxBytes = maxBytes;
    }

    /**
     * Reads the body when {@code wanted} and it declares a length of at most the limit over
     * HTTP/1.x, and is not a form; else passes the request on unread.
     */
    public void read(RoutingContext ctx, boolean wanted) {
        String length = ctx.request().getHeader(HttpHeaders.CONTENT_LENGTH);
        long size = -1;
        try {
            size = length == null ? -1 : Long.parseLong(length.trim());
        } catch (NumberFormatException e) {
            // not a length: the resource answers
        }
        // Over HTTP/2 a body read here ends the request, and the resource, where a request not held
        // in memory goes on, cannot pause an ended HTTP/2 request: it reads such bodies itself. An
        // empty body is none: read here, the resource would wait for one that never comes.
        // A form (multipart or URL-encoded) is parsed into attributes by the body handler, which
        // leaves no bytes for a resource that takes the body whole: it would wait for them.
        if (!wanted
                || size <= 0
                || size > maxBytes
                || ctx.request().version() == HttpVersion.HTTP_2
                || isForm(ctx.request().getHeader(HttpHeaders.CONTENT_TYPE))) {
            ctx.next();
            return;
        }
        bodies.handle(ctx);
    }

    private static boolean isForm(String contentType) {
        if (contentType == null) {
            return false;
        }
        String type = contentType.trim().toLowerCase(Locale.ROOT);
        return type.startsWith("multipart/") || type.startsWith("application/x-www-form-urlencoded");
    }

    /**
     * The failure handler of a route that reads bodies: a request whose client closed its connection
     * before sending the whole body has nobody to answer, which is no error of the registry's, so
     * it is neither answered nor logged. Any other failure goes on to the error handler.
     */
    public static void notRead(RoutingContext ctx) {
        if (!ClientLeft.is(ctx.failure())) {
            ctx.next();
        }
    }
}
