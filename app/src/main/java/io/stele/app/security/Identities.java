package io.stele.app.security;

import com.github.benmanes.caffeine.cache.AsyncCache;
import com.github.benmanes.caffeine.cache.Caffeine;
import com.github.benmanes.caffeine.cache.Expiry;
import io.quarkus.oidc.AccessTokenCredential;
import io.quarkus.security.AuthenticationFailedException;
import io.quarkus.security.identity.IdentityProviderManager;
import io.quarkus.security.identity.SecurityIdentity;
import io.quarkus.security.identity.request.TokenAuthenticationRequest;
import io.quarkus.vertx.http.runtime.security.HttpSecurityUtils;
import io.vertx.ext.web.RoutingContext;
import jakarta.inject.Inject;
import jakarta.inject.Singleton;
import java.nio.charset.StandardCharsets;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.time.Instant;
import java.util.Base64;
import java.util.HexFormat;
import java.util.Optional;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CompletionException;
import java.util.concurrent.TimeUnit;
import org.eclipse.microprofile.jwt.JsonWebToken;

/**
 * Turns a request's {@code Authorization} header into its {@link Caller}: a bearer token is
 * verified by Quarkus' OIDC extension against the identity provider's keys (signature, issuer,
 * expiry, and audience when configured); basic credentials are first exchanged for a token
 * ({@link TokenExchange}). Each verified header is kept until its token expires, so a client that
 * sends the same token or credentials again costs one look-up, not a verification or an exchange;
 * concurrent first requests with the same header share one verification. Nothing here blocks.
 */
@Singleton
class Identities {

    private static final String BEARER = "bearer ";
    private static final String BASIC = "basic ";

    /**
     * What a header was found to be: a caller until its token expires, or a refusal, which is kept
     * for no time at all (a stage that fails in the cache would be logged as a failed load).
     */
    private record Verified(Caller caller, Instant expires, RuntimeException refusal) {

        static Verified refused(RuntimeException refusal) {
            return new Verified(null, Instant.EPOCH, refusal);
        }

        Caller callerOrThrow() {
            if (refusal != null) {
                throw refusal;
            }
            return caller;
        }
    }

    private final IdentityProviderManager providers;
    private final TokenExchange exchange;
    private final AuthConfig config;
    private final AsyncCache<String, Verified> verified;

    @Inject
    Identities(IdentityProviderManager providers, TokenExchange exchange, AuthConfig config) {
        this.providers = providers;
        this.exchange = exchange;
        this.config = config;
        this.verified = Caffeine.newBuilder()
                .maximumSize(config.identityCacheSize())
                .expireAfter(new Expiry<String, Verified>() {
                    @Override
                    public long expireAfterCreate(String key, Verified value, long now) {
                        long millis = value.expires().toEpochMilli() - System.currentTimeMillis();
                        return TimeUnit.MILLISECONDS.toNanos(Math.max(0, millis));
                    }

                    @Override
                    public long expireAfterUpdate(String key, Verified value, long now, long current) {
                        return expireAfterCreate(key, value, now);
                    }

                    @Override
                    public long expireAfterRead(String key, Verified value, long now, long current) {
                        return current;
                    }
                })
                .buildAsync();
    }

    /**
     * The caller the header names.
     *
     * @param authorization the {@code Authorization} header, not null
     * @return a stage that fails with {@link NotAuthenticatedException} for credentials that are
     *     malformed, refused, forged or expired, or {@link ProviderUnavailableException}
     */
    CompletableFuture<Caller> caller(RoutingContext ctx, String authorization) {
        CompletableFuture<Verified> answer;
        if (authorization.regionMatches(true, 0, BEARER, 0, BEARER.length())) {
            // the header itself is the key: no copy of a token of a kilobyte or more per request
            answer = verified.get(
                    authorization,
                    (key, executor) ->
                            verify(ctx, key.substring(BEARER.length()).trim()));
        } else if (authorization.regionMatches(true, 0, BASIC, 0, BASIC.length())
                && config.basic().enabled()) {
            // the key is a digest, so that no secret is kept as it was sent
            answer = verified.get("u" + sha256(authorization), (key, executor) -> exchanged(ctx, authorization));
        } else {
            return CompletableFuture.failedFuture(new NotAuthenticatedException(
                    config.basic().enabled()
                            ? "The Authorization header must carry a bearer token or basic credentials."
                            : "The Authorization header must carry a bearer token."));
        }
        if (answer.isDone()) { // known: no stage of its own
            try {
                return CompletableFuture.completedFuture(answer.join().callerOrThrow());
            } catch (RuntimeException refused) {
                return CompletableFuture.failedFuture(refused);
            }
        }
        return answer.thenApply(Verified::callerOrThrow);
    }

    /** Exchanges basic credentials for a token at the provider, and verifies it. */
    private CompletableFuture<Verified> exchanged(RoutingContext ctx, String authorization) {
        String[] client;
        try {
            client = clientOf(authorization.substring(BASIC.length()).trim());
        } catch (NotAuthenticatedException e) {
            return CompletableFuture.completedFuture(Verified.refused(e));
        }
        return exchange.token(client[0], client[1])
                .thenCompose(token -> verify(ctx, token))
                .exceptionally(failure -> Verified.refused(refusal(failure)))
                .toCompletableFuture();
    }

    private CompletableFuture<Verified> verify(RoutingContext ctx, String token) {
        TokenAuthenticationRequest request = new TokenAuthenticationRequest(new AccessTokenCredential(token));
        HttpSecurityUtils.setRoutingContextAttribute(request, ctx);
        return providers
                .authenticate(request)
                .subscribeAsCompletionStage()
                .handle((identity, failure) -> failure != null
                        ? Verified.refused(refusal(failure))
                        : new Verified(callerOf(identity), expiry(identity), null));
    }

    private static RuntimeException refusal(Throwable failure) {
        Throwable cause =
                failure instanceof CompletionException && failure.getCause() != null ? failure.getCause() : failure;
        if (cause instanceof NotAuthenticatedException || cause instanceof ProviderUnavailableException) {
            return (RuntimeException) cause;
        }
        if (cause instanceof AuthenticationFailedException) {
            return new NotAuthenticatedException("The bearer token is not valid: it is malformed, expired,"
                    + " or not signed by the identity provider the registry trusts.");
        }
        return new ProviderUnavailableException("The token could not be verified: " + cause.getMessage(), cause);
    }

    /** The caller a verified identity is: its principal and the highest of the registry's roles it holds. */
    Caller callerOf(SecurityIdentity identity) {
        AuthConfig.Roles names = config.roles();
        Optional<Role> role = identity.hasRole(names.admin())
                ? Optional.of(Role.ADMIN)
                : identity.hasRole(names.developer())
                        ? Optional.of(Role.DEVELOPER)
                        : identity.hasRole(names.readOnly()) ? Optional.of(Role.READ_ONLY) : Optional.empty();
        return new Caller(identity.getPrincipal().getName(), role);
    }

    /** When the token expires; a token without {@code exp} is kept for a minute. */
    private static Instant expiry(SecurityIdentity identity) {
        if (identity.getPrincipal() instanceof JsonWebToken jwt && jwt.getExpirationTime() > 0) {
            return Instant.ofEpochSecond(jwt.getExpirationTime());
        }
        return Instant.now().plusSeconds(60);
    }

    /** The client id and secret of a basic credential's base64 {@code id:secret}. */
    private static String[] clientOf(String encoded) {
        String decoded;
        try {
            decoded = new String(Base64.getDecoder().decode(encoded), StandardCharsets.UTF_8);
        } catch (IllegalArgumentException e) {
            throw new NotAuthenticatedException("The basic credentials are not valid base64.");
        }
        int colon = decoded.indexOf(':');
        if (colon <= 0) {
            throw new NotAuthenticatedException("The basic credentials must be a client id and secret, as id:secret.");
        }
        return new String[] {decoded.substring(0, colon), decoded.substring(colon + 1)};
    }

    private static String sha256(String text) {
        try {
            MessageDigest digest = MessageDigest.getInstance("SHA-256");
            return HexFormat.of().formatHex(digest.digest(text.getBytes(StandardCharsets.UTF_8)));
        } catch (NoSuchAlgorithmException e) {
            throw new IllegalStateException("This JVM offers no SHA-256", e);
        }
    }
}
