package io.stele.app.rest;

import io.stele.app.cache.CachingStorage;
import io.stele.app.cache.LatestAnswer;
import io.stele.app.storage.StorageProvider;
import io.stele.storage.StoredContent;
import io.stele.storage.StoredVersion;
import io.stele.storage.VersionState;
import io.vertx.core.buffer.Buffer;
import io.vertx.core.http.HttpHeaders;
import io.vertx.core.http.HttpServerResponse;
import io.vertx.ext.web.Router;
import io.vertx.ext.web.RoutingContext;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.enterprise.event.Observes;
import jakarta.inject.Inject;
import java.util.Optional;

/**
 * The hot path: {@code GET /api/artifacts/{id}} and {@code GET /api/ids/{globalId}} answered
 * straight from the read cache on the event loop, ahead of the JAX-RS layer. Anything not cached
 * (or not plain) falls through to the JAX-RS resources, which load, cache and answer it, errors
 * included. Both answer with the same bytes, media type and ETag ({@link ContentResponses}).
 */
@ApplicationScoped
public class CachedContentRoutes {

    /** Before the JAX-RS layer's own route. */
    static final int ORDER = -1000;

    @Inject
    StorageProvider provider;

    void register(@Observes Router router) {
        router.get("/api/artifacts/:artifactId").order(ORDER).handler(this::latest);
        router.get("/api/ids/:globalId").order(ORDER).handler(this::byGlobalId);
    }

    private void latest(RoutingContext ctx) {
        if (!provider.isStarted()) {
            ctx.next();
            return;
        }
        LatestAnswer answer = provider.storage().cachedAnswer(ctx.pathParam("artifactId"));
        if (answer == null) {
            ctx.next();
            return;
        }
        answer(ctx, answer.version(), answer.body(), answer.etag());
    }

    private void byGlobalId(RoutingContext ctx) {
        long globalId;
        try {
            globalId = Long.parseLong(ctx.pathParam("globalId"));
        } catch (NumberFormatException e) {
            ctx.next();
            return;
        }
        if (!provider.isStarted()) {
            ctx.next();
            return;
        }
        CachingStorage storage = provider.storage();
        Optional<StoredVersion> version = storage.cachedVersion(globalId);
        Optional<StoredContent> content = version.filter(v -> v.state() != VersionState.DISABLED)
                .flatMap(v -> storage.cachedContent(v.contentId()));
        if (content.isEmpty()) {
            ctx.next();
            return;
        }
        answer(ctx, version.get(), content.get().content().bytes(), LatestAnswer.etag(content.get()));
    }

    private static void answer(RoutingContext ctx, StoredVersion version, byte[] body, String etag) {
        HttpServerResponse response = ctx.response().putHeader(HttpHeaders.ETAG, etag);
        if (ContentResponses.matches(ctx.request().getHeader(HttpHeaders.IF_NONE_MATCH), etag)) {
            response.setStatusCode(304).end();
            return;
        }
        ContentResponses.deprecation(version).forEach(response::putHeader);
        response.putHeader(HttpHeaders.CONTENT_TYPE, ContentResponses.mediaType(version.type()))
                .end(Buffer.buffer(body));
    }
}
