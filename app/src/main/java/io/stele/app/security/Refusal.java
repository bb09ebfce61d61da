package io.stele.app.security;

import io.stele.app.security.Operation.Api;
import io.vertx.core.http.HttpHeaders;
import io.vertx.ext.web.RoutingContext;
import jakarta.ws.rs.core.MediaType;
import jakarta.ws.rs.core.Response;
import java.util.List;

/**
 * A request refused before any operation runs, in the error body of the API it was sent to: {@code
 * {"error_code":401,"message":...}} on the v1 API and the console, Confluent's codes ({@code
 * 40101}, {@code 40301}, {@code 50301}) on the Confluent-compatible API, and Apicurio's bodies on
 * its v2 and v3 APIs ({@link Api#errorBody}). Sent either by a Vert.x
 * route ({@link #send}) or as a JAX-RS filter's answer ({@link #response}).
 *
 * @param status the HTTP status
 * @param message what the caller is told, in its terms
 * @param challenges the {@code WWW-Authenticate} values, for a 401
 * @param api whose error body the answer takes
 */
record Refusal(int status, String message, List<String> challenges, Api api) {

    private static final String RETRY_AFTER_SECONDS = "5";

    /** 401, with a challenge for each kind of credential taken. */
    static Refusal unauthenticated(Api api, String message, boolean basic) {
        List<String> challenges = basic
                ? List.of("Bearer realm=\"stele\"", "Basic realm=\"stele\", charset=\"UTF-8\"")
                : List.of("Bearer realm=\"stele\"");
        return new Refusal(401, message, challenges, api);
    }

    /** 403: signed in, without the role the operation needs, or a request the registry never serves. */
    static Refusal forbidden(Api api, String message) {
        return new Refusal(403, message, List.of(), api);
    }

    /** 400: a request whose path cannot name one operation for certain. */
    static Refusal badRequest(Api api, String message) {
        return new Refusal(400, message, List.of(), api);
    }

    /** 503: the registry is stopping, and another replica can answer. */
    static Refusal stopping(Api api) {
        return new Refusal(
                503,
                "The registry is stopping and takes no new request: send it again, to another replica.",
                List.of(),
                api);
    }

    /** 503: the identity provider did not answer. */
    static Refusal providerUnavailable(Api api, String message) {
        return new Refusal(503, message, List.of(), api);
    }

    /** Ends the request with this answer. */
    void send(RoutingContext ctx) {
        if (!challenges.isEmpty()) {
            ctx.response().headers().add("WWW-Authenticate", challenges);
        }
        if (status == 503) {
            ctx.response().putHeader(HttpHeaders.RETRY_AFTER, RETRY_AFTER_SECONDS);
        }
        ctx.response()
                .setStatusCode(status)
                .putHeader(HttpHeaders.CONTENT_TYPE, MediaType.APPLICATION_JSON)
                .end(body());
    }

    /** This answer, for a JAX-RS filter to return. */
    Response response() {
        Response.ResponseBuilder answer =
                Response.status(status).type(MediaType.APPLICATION_JSON_TYPE).entity(body());
        challenges.forEach(challenge -> answer.header("WWW-Authenticate", challenge));
        if (status == 503) {
            answer.header(HttpHeaders.RETRY_AFTER.toString(), RETRY_AFTER_SECONDS);
        }
        return answer.build();
    }

    private String body() {
        return api.errorBody(status, message, null);
    }
}
