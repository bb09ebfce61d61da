package io.stele.app.apicurio.v1;

import io.netty.buffer.Unpooled;
import io.stele.app.apicurio.v2.ArtifactV2Resource;
import io.stele.app.apicurio.v2.IdsV2Resource;
import io.stele.app.apicurio.v3.ContentHashes;
import io.stele.app.apicurio.v3.DefaultGroup;
import io.stele.app.apicurio.v3.VersionsResource;
import io.stele.app.cache.CachedAnswer;
import io.stele.app.metrics.CachedAnswerMetrics;
import io.stele.app.metrics.CachedAnswerMetrics.Endpoint;
import io.stele.app.security.AccessControl;
import io.stele.app.security.Operation;
import io.stele.app.security.Operation.Api;
import io.stele.app.security.RouteDeclarations;
import io.stele.app.security.RouteOrder;
import io.stele.app.storage.StorageProvider;
import io.stele.storage.StoredContent;
import io.stele.storage.VersionState;
import io.vertx.core.buffer.Buffer;
import io.vertx.core.http.HttpHeaders;
import io.vertx.core.http.HttpServerResponse;
import io.vertx.core.net.impl.URIDecoder;
import io.vertx.ext.web.Router;
import io.vertx.ext.web.RoutingContext;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.enterprise.event.Observes;
import jakarta.inject.Inject;
import jakarta.ws.rs.core.MediaType;
import java.util.List;
import java.util.Set;
import java.util.stream.Stream;

/**
 * The hot path: {@code GET /api/artifacts/{id}} and {@code GET /api/ids/{globalId}}, the v2 and v3
 * APIs' {@code GET /ids/globalIds/{globalId}}, {@code GET /ids/contentIds/{contentId}} and {@code GET
 * /ids/contentHashes/{contentHash}} (a hash found before, {@link ContentHashes}), and their
 * latest content of an artifact of the default group (v2 {@code GET /groups/default/artifacts/{id}},
 * v3 {@code .../versions/branch=latest/content}), answered straight from the read cache on the event loop, ahead of the JAX-RS layer. Anything not
 * cached (or not plain) falls through to the JAX-RS resources, which load, cache and answer it,
 * errors included. Both answer with the same bytes, media type and ETag ({@link ContentResponses}).
 */
@ApplicationScoped
public class CachedContentRoutes {

    @Inject
    StorageProvider provider;

    @Inject
    CachedAnswerMetrics metrics;

    @Inject
    AccessControl access;

    @Inject
    ContentHashes hashes;

    /** The operations answered here, each the one of the resource method it answers for. */
    private static final Operation LATEST_OPERATION = Operation.servedFor(ArtifactsResource.class, "getLatestArtifact");

    private static final Operation BY_GLOBAL_ID_OPERATION =
            Operation.servedFor(IdsResource.class, "getArtifactByGlobalId");

    static final String LATEST = "/api/artifacts/";
    static final String BY_GLOBAL_ID = "/api/ids/";

    /** What an id path of the v2 or v3 API names. */
    private enum IdKind {
        GLOBAL_ID,
        CONTENT_ID,
        CONTENT_HASH
    }

    /** An id path of the v2 or v3 API, what it answers from memory, and for which operation. */
    private record IdPath(String prefix, IdKind kind, Endpoint endpoint, Operation operation) {

        /** Whether the query is answered from memory: none, or the one asking for the content as registered. */
        boolean plain(String query) {
            return query == null || query.equals(asRegistered());
        }

        /** The query asking for the content as registered; none on a content hash's path, which takes no query. */
        private String asRegistered() {
            if (kind == IdKind.CONTENT_HASH) {
                return null;
            }
            return prefix.startsWith(Api.REGISTRY_V3_PATH) ? V3_AS_REGISTERED : V2_AS_REGISTERED;
        }
    }

    private static final List<IdPath> ID_PATHS = List.of(
            new IdPath(
                    Api.REGISTRY_V3_PATH + "/ids/globalIds/",
                    IdKind.GLOBAL_ID,
                    Endpoint.REGISTRY_V3_BY_GLOBAL_ID,
                    Operation.servedFor(io.stele.app.apicurio.v3.IdsResource.class, "getContentByGlobalId")),
            new IdPath(
                    Api.REGISTRY_V3_PATH + "/ids/contentIds/",
                    IdKind.CONTENT_ID,
                    Endpoint.REGISTRY_V3_BY_CONTENT_ID,
                    Operation.servedFor(io.stele.app.apicurio.v3.IdsResource.class, "getContentById")),
            new IdPath(
                    Api.REGISTRY_V3_PATH + "/ids/contentHashes/",
                    IdKind.CONTENT_HASH,
                    Endpoint.REGISTRY_V3_BY_CONTENT_HASH,
                    Operation.servedFor(io.stele.app.apicurio.v3.IdsResource.class, "getContentByHash")),
            new IdPath(
                    Api.REGISTRY_V2_PATH + "/ids/globalIds/",
                    IdKind.GLOBAL_ID,
                    Endpoint.REGISTRY_V2_BY_GLOBAL_ID,
                    Operation.servedFor(IdsV2Resource.class, "getContentByGlobalId")),
            new IdPath(
                    Api.REGISTRY_V2_PATH + "/ids/contentIds/",
                    IdKind.CONTENT_ID,
                    Endpoint.REGISTRY_V2_BY_CONTENT_ID,
                    Operation.servedFor(IdsV2Resource.class, "getContentById")),
            new IdPath(
                    Api.REGISTRY_V2_PATH + "/ids/contentHashes/",
                    IdKind.CONTENT_HASH,
                    Endpoint.REGISTRY_V2_BY_CONTENT_HASH,
                    Operation.servedFor(IdsV2Resource.class, "getContentByHash")));

    /**
     * A path of the v2 or v3 API to an artifact's latest content: the group, {@code artifacts}, the
     * artifact, then {@code tail}, each segment of which is one of the forms it lists.
     */
    private record LatestPath(String prefix, List<Set<String>> tail, Endpoint endpoint, Operation operation) {

        /** The one query answered from memory: the one asking for the content as registered. */
        String plainQuery() {
            return prefix.startsWith(Api.REGISTRY_V3_PATH) ? V3_AS_REGISTERED : V2_AS_REGISTERED;
        }
    }

    private static final List<LatestPath> LATEST_PATHS = List.of(
            new LatestPath(
                    Api.REGISTRY_V2_PATH + "/groups/",
                    List.of(),
                    Endpoint.REGISTRY_V2_LATEST,
                    Operation.servedFor(ArtifactV2Resource.class, "getLatestArtifact")),
            new LatestPath(
                    Api.REGISTRY_V3_PATH + "/groups/",
                    List.of(
                            Set.of("versions"),
                            Set.of("branch=latest", "branch%3Dlatest", "branch%3dlatest"),
                            Set.of("content")),
                    Endpoint.REGISTRY_V3_LATEST,
                    Operation.servedFor(VersionsResource.class, "getArtifactVersionContent")));

    /** The query that asks the v3 API for content as registered; any other goes to the resource. */
    private static final String V3_AS_REGISTERED = "references=PRESERVE";

    /** The query that asks the v2 API for content as registered; any other goes to the resource. */
    private static final String V2_AS_REGISTERED = "dereference=false";

    /**
     * One route for both paths, matched by prefix rather than by the router's regular expressions,
     * which cost a tenth of a cached answer. A path it does not take as one segment after either
     * prefix goes on to the JAX-RS layer, which matches it as it always does.
     */
    void register(@Observes Router router) {
        RouteDeclarations.serving(
                        router.get().order(RouteOrder.ANSWERS_FROM_MEMORY.order()),
                        Stream.concat(
                                        Stream.of(LATEST_OPERATION, BY_GLOBAL_ID_OPERATION),
                                        Stream.concat(
                                                ID_PATHS.stream().map(IdPath::operation),
                                                LATEST_PATHS.stream().map(LatestPath::operation)))
                                .toArray(Operation[]::new))
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
        } else if (path.startsWith("/apis/registry/")) {
            for (IdPath ids : ID_PATHS) {
                String id = path.startsWith(ids.prefix())
                        ? segment(path, ids.prefix().length())
                        : null;
                if (id != null) {
                    byId(ctx, ids, id);
                    return;
                }
            }
            for (LatestPath latest : LATEST_PATHS) {
                String artifactId = path.startsWith(latest.prefix()) ? artifactOf(path, latest) : null;
                if (artifactId != null) {
                    latestOf(ctx, latest, artifactId);
                    return;
                }
            }
        }
        ctx.next();
    }

    /**
     * The artifact a latest-content path names in the default group, decoded as the router decodes a
     * path parameter; null when the path is not of that shape or names another group.
     */
    private static String artifactOf(String path, LatestPath latest) {
        String[] segments = path.substring(latest.prefix().length()).split("/", -1);
        if (segments.length != 3 + latest.tail().size()
                || !segments[1].equals("artifacts")
                || segments[2].isEmpty()
                || !segments[0].equalsIgnoreCase(DefaultGroup.NAME)) {
            return null;
        }
        for (int i = 0; i < latest.tail().size(); i++) {
            if (!latest.tail().get(i).contains(segments[3 + i])) {
                return null;
            }
        }
        return URIDecoder.decodeURIComponent(segments[2], false);
    }

    /** An artifact's latest content on the v2 or v3 API, when cached, with no query but the plain one. */
    private void latestOf(RoutingContext ctx, LatestPath latest, String artifactId) {
        String query = ctx.request().query();
        CachedAnswer answer = query != null && !query.equals(latest.plainQuery()) || !provider.isStarted()
                ? null
                : provider.answers().cachedAnswer(artifactId);
        if (answer == null) {
            ctx.next();
            return;
        }
        answer(ctx, latest.endpoint(), latest.operation(), answer);
    }

    /**
     * A v2 or v3 id path: the version's content by globalId, or the content by its id or by a hash
     * it was found by before, when cached.
     */
    private void byId(RoutingContext ctx, IdPath ids, String text) {
        long id = ids.kind() == IdKind.CONTENT_HASH ? hashes.remembered(text) : number(text);
        if (id < 0 || !ids.plain(ctx.request().query()) || !provider.isStarted()) {
            ctx.next();
            return;
        }
        if (ids.kind() == IdKind.GLOBAL_ID) {
            CachedAnswer answer = provider.answers().cachedAnswer(id);
            if (answer == null) {
                ctx.next();
                return;
            }
            answer(ctx, ids.endpoint(), ids.operation(), answer);
            return;
        }
        StoredContent content = provider.answers().cachedContent(id);
        if (content == null || !access.admits(ctx, ids.operation())) {
            ctx.next();
            return;
        }
        metrics.answered(ctx, ids.endpoint(), false);
        ctx.response()
                .putHeader(HttpHeaders.CONTENT_TYPE, MediaType.APPLICATION_OCTET_STREAM)
                .end(wrapped(content.content().bytes()));
    }

    /** Bytes as a buffer to end a response with, without a copy. Never modify them. */
    @SuppressWarnings("deprecation") // Vert.x 4 wraps a Netty buffer without a copy only through this
    private static Buffer wrapped(byte[] bytes) {
        return Buffer.buffer(Unpooled.wrappedBuffer(bytes));
    }

    /** A path's id as a whole number of up to 18 digits, or -1; anything else the resource answers. */
    private static long number(String text) {
        if (text.isEmpty() || text.length() > 18) {
            return -1;
        }
        long id = 0;
        for (int i = 0; i < text.length(); i++) {
            char c = text.charAt(i);
            if (c < '0' || c > '9') {
                return -1;
            }
            id = id * 10 + (c - '0');
        }
        return id;
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
