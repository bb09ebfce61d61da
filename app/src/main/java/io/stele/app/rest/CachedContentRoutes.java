package io.stele.app.rest;

import io.stele.app.cache.CachedAnswer;
import io.stele.app.metrics.CachedAnswerMetrics;
import io.stele.app.metrics.CachedAnswerMetrics.Endpoint;
import io.stele.app.storage.StorageProvider;
import io.vertx.core.http.HttpHeaders;
import io.vertx.core.http.HttpServerResponse;
import io.vertx.ext.web.Router;
import io.vertx.ext.web.RoutingContext;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.enterprise.event.Observes;
import jakarta.inject.Inject;

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

    @Inject
    CachedAnswerMetrics metrics;

    void register(@Observes Router router) {
        router.get("/api/artifacts/:artifactId").order(ORDER).handler(this::latest);
        router.get("/api/ids/:globalId").order(ORDER).handler(this::byGlobalId);
    }

    private void latest(RoutingContext ctx) {
        if (!provider.isStarted()) {
            ctx.next();
            return;
        }
        CachedAnswer answer = provider.storage().cachedAnswer(ctx.pathParam("artifactId"));
        if (answer == null) {
            ctx.next();
            return;
        }
        answer(ctx, Endpoint.LATEST, answer);
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
        CachedAnswer answer = provider.storage().cachedAnswer(globalId);
        if (answer == null) {
            ctx.next();
            return;
        }
        answer(ctx, Endpoint.BY_GLOBAL_ID, answer);
    }

    private void answer(RoutingContext ctx, Endpoint endpoint, CachedAnswer answer) {
        HttpServerResponse response = ctx.response().putHeader(HttpHeaders.ETAG, answer.etagHeader());
        boolean notModified =
                ContentResponses.matches(ctx.request().getHeader(HttpHeaders.IF_NONE_MATCH), answer.etag());
        metrics.answered(ctx, endpoint, notModified);
        if (notModified) {
            response.setStatusCode(304).end();
            return;
        }
        ContentResponses.deprecation(answer.version()).forEach(response::putHeader);
        response.putHeader(
                        HttpHeaders.CONTENT_TYPE,
                        ContentResponses.mediaType(answer.version().type()))
                .end(answer.bodyBuffer());
    }
}
