package io.stele.app.security;

import io.quarkus.security.AuthenticationException;
import io.quarkus.security.AuthenticationFailedException;
import io.quarkus.security.AuthenticationRedirectException;
import io.quarkus.vertx.http.runtime.security.HttpAuthenticator;
import io.smallrye.mutiny.Uni;
import io.vertx.core.http.HttpHeaders;
import io.vertx.ext.web.RoutingContext;
import jakarta.inject.Inject;
import jakarta.inject.Singleton;
import jakarta.ws.rs.core.Response;
import java.util.concurrent.CompletableFuture;

/**
 * The console's sign-in for people: OpenID Connect's authorization-code flow, run by Quarkus' OIDC
 * extension in its hybrid mode (a request with an {@code Authorization} header is verified as a
 * bearer token, any other by its session cookie). On when {@code stele.auth.console.client-id}
 * names the provider's client for the console. An anonymous person asking for a console page is
 * sent to the provider's sign-in page ({@link #signIn}); the provider sends the browser back with a
 * code, which the extension exchanges for tokens kept in an encrypted, {@code HttpOnly} session
 * cookie; {@code /ui/logout} ends the session at the registry and the provider. Every request that
 * carries the session's cookies has them verified ({@link #caller}); the roles come from the access
 * token, as for bearer tokens. Nothing here blocks.
 */
@Singleton
class WebSignIn {

    /** The session cookie and the state cookie of a sign-in under way, as the extension names them. */
    private static final String[] COOKIES = {"q_session", "q_auth"};

    @Inject
    AuthConfig config;

    @Inject
    HttpAuthenticator authenticator;

    @Inject
    Identities identities;

    /** Whether people sign in to the console with the provider's own page. */
    boolean enabled() {
        return config.console().clientId().isPresent();
    }

    /** Whether the request carries a console session, or comes back from the provider's sign-in. */
    boolean carriesSession(RoutingContext ctx) {
        if (!enabled()) {
            return false;
        }
        String cookies = ctx.request().getHeader(HttpHeaders.COOKIE);
        if (cookies == null) {
            return false;
        }
        for (String cookie : COOKIES) {
            if (cookies.contains(cookie)) {
                return true;
            }
        }
        return false;
    }

    /**
     * The person the session names, {@link Caller#ANONYMOUS} when it names nobody any longer (it
     * expired and could not be refreshed). When the request ends a sign-in or signs out, the
     * extension's redirect is answered here and the stage completes with the request ended.
     */
    CompletableFuture<Caller> caller(RoutingContext ctx) {
        return authenticator
                .attemptAuthentication(ctx)
                .onItemOrFailure()
                .transform((identity, failure) -> {
                    if (failure == null) {
                        return identity == null || identity.isAnonymous()
                                ? Caller.ANONYMOUS
                                : identities.callerOf(identity);
                    }
                    if (failure instanceof AuthenticationRedirectException redirect) {
                        ctx.response()
                                .setStatusCode(redirect.getCode())
                                .putHeader(HttpHeaders.LOCATION, redirect.getRedirectUri())
                                .putHeader(HttpHeaders.CACHE_CONTROL, "no-store")
                                .end();
                        return Caller.ANONYMOUS;
                    }
                    if (failure instanceof AuthenticationFailedException) {
                        return Caller.ANONYMOUS; // the session is over: the console asks to sign in again
                    }
                    if (failure instanceof AuthenticationException) { // the provider refused the sign-in
                        throw new NotAuthenticatedException(
                                "The sign-in could not be completed; open the console again to sign in anew.");
                    }
                    throw new ProviderUnavailableException(
                            "The identity provider could not be reached to verify the session.", failure);
                })
                .subscribeAsCompletionStage();
    }

    /** Sends an anonymous person to the provider's sign-in page, to come back to the page asked for. */
    Uni<Response> signIn(RoutingContext ctx) {
        return authenticator.getChallenge(ctx).map(challenge -> {
            Response.ResponseBuilder answer = Response.status(challenge == null ? 401 : challenge.status)
                    .header(HttpHeaders.CACHE_CONTROL.toString(), "no-store");
            if (challenge != null) {
                challenge.getHeaders().forEach((name, value) -> answer.header(name.toString(), value));
            }
            return answer.build();
        });
    }
}
