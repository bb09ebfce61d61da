package io.stele.app.security;

import io.vertx.core.MultiMap;
import io.vertx.core.Vertx;
import io.vertx.core.buffer.Buffer;
import io.vertx.core.json.JsonObject;
import io.vertx.ext.web.client.HttpResponse;
import io.vertx.ext.web.client.WebClient;
import io.vertx.ext.web.client.WebClientOptions;
import jakarta.annotation.PreDestroy;
import jakarta.inject.Inject;
import jakarta.inject.Singleton;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CompletionStage;
import java.util.concurrent.atomic.AtomicReference;

/**
 * Exchanges a client id and secret, sent as HTTP basic credentials, for an access token at the
 * identity provider's token endpoint with the client-credentials grant (RFC 6749, 4.4). The
 * endpoint is the configured one, or the one the provider's OpenID discovery document names,
 * looked up once. Nothing here blocks: every call answers a stage completed on an event loop.
 */
@Singleton
class TokenExchange {

    private final AuthConfig config;
    private final WebClient http;
    private final AtomicReference<CompletableFuture<String>> endpoint = new AtomicReference<>();

    @Inject
    TokenExchange(AuthConfig config, Vertx vertx) {
        this.config = config;
        this.http = WebClient.create(vertx, new WebClientOptions().setFollowRedirects(false));
    }

    @PreDestroy
    void close() {
        http.close();
    }

    /**
     * An access token for this client.
     *
     * @return a stage that fails with {@link NotAuthenticatedException} when the provider refuses
     *     the credentials, or {@link ProviderUnavailableException} when it does not answer as it should
     */
    CompletionStage<String> token(String clientId, String secret) {
        return tokenEndpoint().thenCompose(url -> {
            MultiMap form = MultiMap.caseInsensitiveMultiMap()
                    .add("grant_type", "client_credentials")
                    .add("client_id", clientId)
                    .add("client_secret", secret);
            return http.postAbs(url)
                    .timeout(config.basic().timeout().toMillis())
                    .sendForm(form)
                    .toCompletionStage()
                    .handle((response, failure) -> accessToken(url, response, failure));
        });
    }

    private static String accessToken(String url, HttpResponse<Buffer> response, Throwable failure) {
        if (failure != null) {
            throw new ProviderUnavailableException(
                    "The identity provider's token endpoint " + url + " did not answer: " + failure.getMessage(),
                    failure);
        }
        int status = response.statusCode();
        if (status == 400 || status == 401) {
            throw new NotAuthenticatedException(
                    "The identity provider refused the basic credentials: they must be a client id and secret"
                            + " allowed the client-credentials grant.");
        }
        String token = status == 200 ? json(response).getString("access_token") : null;
        if (token == null) {
            throw new ProviderUnavailableException(
                    "The identity provider's token endpoint " + url + " answered " + status + " without a token", null);
        }
        return token;
    }

    private static JsonObject json(HttpResponse<Buffer> response) {
        try {
            return response.bodyAsJsonObject();
        } catch (RuntimeException e) {
            return new JsonObject();
        }
    }

    /** The token endpoint: configured, or discovered once (again after a failed look-up). */
    private CompletableFuture<String> tokenEndpoint() {
        CompletableFuture<String> known = endpoint.get();
        if (known != null && !known.isCompletedExceptionally()) {
            return known;
        }
        CompletableFuture<String> lookUp = new CompletableFuture<>();
        if (!endpoint.compareAndSet(known, lookUp)) {
            return endpoint.get();
        }
        if (config.basic().tokenEndpoint().isPresent()) {
            lookUp.complete(config.basic().tokenEndpoint().get());
            return lookUp;
        }
        String issuer =
                config.serverUrl().orElseThrow(() -> new IllegalStateException("stele.auth.server-url is required"));
        String discovery = (issuer.endsWith("/") ? issuer : issuer + "/") + ".well-known/openid-configuration";
        http.getAbs(discovery)
                .timeout(config.basic().timeout().toMillis())
                .send()
                .onSuccess(response -> {
                    String url = response.statusCode() == 200 ? json(response).getString("token_endpoint") : null;
                    if (url == null) {
                        lookUp.completeExceptionally(new ProviderUnavailableException(
                                "The identity provider's discovery document " + discovery + " answered "
                                        + response.statusCode() + " without a token_endpoint",
                                null));
                    } else {
                        lookUp.complete(url);
                    }
                })
                .onFailure(failure -> lookUp.completeExceptionally(new ProviderUnavailableException(
                        "The identity provider's discovery document " + discovery + " could not be read: "
                                + failure.getMessage(),
                        failure)));
        return lookUp;
    }
}
