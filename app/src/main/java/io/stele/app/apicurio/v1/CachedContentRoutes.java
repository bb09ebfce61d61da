package io.stele.app.apicurio.v1;

import io.stele.app.cache.CachedAnswer;
import io.stele.app.metrics.CachedAnswerMetrics;
import io.stele.app.metrics.CachedAnswerMetrics.Endpoint;
import io.stele.app.security.AccessControl;
import io.stele.app.security.Operation;
import io.stele.app.security.RouteDeclarations;
import io.stele.app.security.RouteOrder;
import io.stele.app.storage.StorageProvider;
import io.stele.storage.VersionState;
import io.vertx.core.http.HttpHeaders;
import io.vertx.core.http.HttpServerResponse;
import io.vertx.core.net.impl.URIDecoder;
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

    @Inject
    StorageProvider provider;

    @Inject
    CachedAnswerMetrics metrics;

    @Inject
    AccessControl access;

    /** The operations answered here, each the one of the resource method it answers for. */
    private static final Operation LATEST_OPERATION = Operation.servedFor(ArtifactsResource.class, "getLatestArtifact");

    private static final Operation BY_GLOBAL_ID_OPERATION =
            Operation.servedFor(IdsResource.class, "getArtifactByGlobalId");

    static final String LATEST = "/api/artifacts/";
    static final String BY_GLOBAL_ID = "/api/ids/";

    /**
     * One route for both paths, matched by prefix rather than by the router's regular expressions,
     * which cost a tenth of a cached answer. A path it does not take as one segment after either
     * prefix goes on to the JAX-RS layer, which matches it as it always does.
     */
    void register(@Observes Router router) {
        RouteDeclarations.serving(
                        router.get().order(RouteOrder.ANSWERS_FROM_MEMORY.order()),
                        LATEST_OPERATION,
                        BY_GLOBAL_ID_OPERATION)
                .handler(this::route);
    }

    private void route(RoutingContext ctx) {
        String path = ctx.normalizedPath();
        if (path.startsWith(LATEST)) {
            String artifactId = segment(path, LATEST.length());
            if (artifactId != null) {
                latest(ctx, artifactId);
                return;
            }
        } else if (path.startsWith(BY_GLOBAL_ID)) {
            String globalId = segment(path, BY_GLOBAL_ID.length());
            if (globalId != null) {
                byGlobalId(ctx, globalId);
                return;
            }
        }
        ctx.next();
    }

    /**
     * The path's last segment from {@code start}, decoded as the router decodes a path parameter,
     * or null when it is empty or not the last.
     */
    static String segment(String path, int start) {
        if (start == path.length() || path.indexOf('/', start) >= 0) {
            return null;
        }
        return URIDecoder.decodeURIComponent(path.substring(start), false);
    }

    private void latest(RoutingContext ctx, String artifactId) {
        if (!provider.isStarted()) {
            ctx.next();
            return;
        }
        CachedAnswer answer = provider.answers().cachedAnswer(artifactId);
        if (answer == null) {
            ctx.next();
            return;
        }
        answer(ctx, Endpoint.LATEST, LATEST_OPERATION, answer);
    }

    private void byGlobalId(RoutingContext ctx, String id) {
        long globalId;
        try {
            globalId = Long.parseLong(id);
        } catch (NumberFormatException e) {
            ctx.next();
            return;
        }
        if (!provider.isStarted()) {
            ctx.next();
            return;
        }
        CachedAnswer answer = provider.answers().cachedAnswer(globalId);
        if (answer == null) {
            ctx.next();
            return;
        }
        answer(ctx, Endpoint.BY_GLOBAL_ID, BY_GLOBAL_ID_OPERATION, answer);
    }

    private void answer(RoutingContext ctx, Endpoint endpoint, Operation operation, CachedAnswer answer) {
        if (!access.admits(ctx, operation)) {
            ctx.next(); // the resource method refuses it
            return;
        }
        CharSequence etag = answer.etagHeader();
        HttpServerResponse response = ctx.response().putHeader(HttpHeaders.ETAG, etag);
        boolean notModified = ContentResponses.matches(ctx.request().getHeader(HttpHeaders.IF_NONE_MATCH), etag);
        metrics.answered(ctx, endpoint, notModified);
        if (notModified) {
            response.setStatusCode(304).end();
            return;
        }
        if (answer.state() == VersionState.DEPRECATED) {
            ContentResponses.deprecation(answer.version()).forEach(response::putHeader);
        }
        response.putHeader(HttpHeaders.CONTENT_TYPE, ContentResponses.mediaType(answer.type()))
                .end(answer.bodyBuffer());
    }
}
