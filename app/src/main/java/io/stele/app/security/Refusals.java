package io.stele.app.security;

import io.vertx.core.http.HttpHeaders;
import io.vertx.core.json.JsonObject;
import io.vertx.ext.web.RoutingContext;
import java.util.List;

/**
 * The answers to a request refused before any API sees it, in the error body of the API it was
 * sent to: {@code {"error_code":401,"message":...}} on the v1 API and the console, and Confluent's
 * codes ({@code 40101}, {@code 40301}, {@code 50301}) on the Confluent-compatible API.
 */
final class Refusals {

    private Refusals() {}

    /** 401, with a challenge for each kind of credential taken. */
    static void unauthenticated(RoutingContext ctx, String message, boolean basic) {
        List<String> challenges = basic
                ? List.of("Bearer realm=\"stele\"", "Basic realm=\"stele\", charset=\"UTF-8\"")
                : List.of("Bearer realm=\"stele\"");
        ctx.response().headers().add("WWW-Authenticate", challenges);
        send(ctx, 401, message);
    }

    /** 403: signed in, without the role or ownership the operation needs. */
    static void forbidden(RoutingContext ctx, String message) {
        send(ctx, 403, message);
    }

    /** 503: the identity provider did not answer. */
    static void providerUnavailable(RoutingContext ctx, String message) {
        ctx.response().putHeader(HttpHeaders.RETRY_AFTER, "5");
        send(ctx, 503, message);
    }

    private static void send(RoutingContext ctx, int status, String message) {
        int code = isConfluent(ctx.normalizedPath()) ? status * 100 + 1 : status;
        ctx.response()
                .setStatusCode(status)
                .putHeader(HttpHeaders.CONTENT_TYPE, "application/json")
                .end(new JsonObject()
                        .put("error_code", code)
                        .put("message", message)
                        .encode());
    }

    /** Whether a path belongs to the Confluent-compatible API (either root). */
    static boolean isConfluent(String path) {
        return !(path.startsWith("/api/") || path.equals("/api") || path.startsWith("/ui") || path.startsWith("/q/"));
    }
}
