package io.stele.app.ccompat;

import io.stele.app.cache.CachedAnswer;
import io.stele.app.http.SmallBodies;
import io.stele.app.metrics.CachedAnswerMetrics;
import io.stele.app.metrics.CachedAnswerMetrics.Endpoint;
import io.stele.app.security.AccessControl;
import io.stele.app.security.Operation;
import io.stele.app.security.RouteDeclarations;
import io.stele.app.security.RouteOrder;
import io.stele.app.storage.StorageProvider;
import io.vertx.core.buffer.Buffer;
import io.vertx.core.http.HttpHeaders;
import io.vertx.core.net.impl.URIDecoder;
import io.vertx.ext.web.RequestBody;
import io.vertx.ext.web.Router;
import io.vertx.ext.web.RoutingContext;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.enterprise.event.Observes;
import jakarta.inject.Inject;

/**
 * The serializers' hot paths, answered on the event loop from memory ahead of the JAX-RS layer, at
 * either root: {@code GET /schemas/ids/{id}}, which every deserializer asks for each new id, and
 * {@code GET /subjects/{subject}/versions/latest}, which serializers with {@code
 * use.latest.version} ask. Anything not in memory, or asked with a {@code format}, goes on to the
 * JAX-RS resources, which load it, keep it ({@link ConfluentAnswers}) and answer, errors included,
 * with the same bytes.
 */
@ApplicationScoped
public class ConfluentRoutes {

    /** Where the API is mounted besides the root. */
    static final String V7 = "/apis/ccompat/v7";

    private static final String SCHEMAS_BY_ID = "/schemas/ids/";
    private static final String SUBJECTS = "/subjects/";
    private static final String LATEST = "/versions/latest";

    @Inject
    StorageProvider provider;

    @Inject
    ConfluentAnswers answers;

    @Inject
    RememberedLookups lookups;

    @Inject
    CachedAnswerMetrics metrics;

    @Inject
    AccessControl access;

    /** The operations answered here, each the one of the resource method it answers for. */
    private static final Operation SCHEMA_BY_ID = Operation.servedFor(SchemasResource.Root.class, "schemaById");

    private static final Operation LATEST_VERSION = Operation.servedFor(SubjectVersionsResource.Root.class, "version");

    private static final Operation LOOKUP_OPERATION = Operation.servedFor(SubjectsResource.Root.class, "lookup");

    /** The largest lookup body read here; a larger one goes to the JAX-RS resource unread. */
    private static final int MAX_LOOKUP_BODY = 256 * 1024;

    private final SmallBodies bodies = new SmallBodies(MAX_LOOKUP_BODY);

    void register(@Observes Router router) {
        RouteDeclarations.serving(
                        router.get().order(RouteOrder.ANSWERS_FROM_MEMORY.order()), SCHEMA_BY_ID, LATEST_VERSION)
                .handler(this::route);
        RouteDeclarations.passing(router.post().order(RouteOrder.LOOKUP_BODY.order()))
                .handler(ctx -> bodies.read(ctx, subjectAt(ctx.normalizedPath()) >= 0 && provider.isStarted()))
                .failureHandler(SmallBodies::notRead);
        RouteDeclarations.serving(router.post().order(RouteOrder.ANSWERS_FROM_MEMORY.order()), LOOKUP_OPERATION)
                .handler(this::lookup);
    }

    /**
     * Where the subject starts in a lookup's path at either root, {@code POST /subjects/{subject}};
     * -1 for any other path. Matched by hand rather than by a regular expression: every POST passes.
     */
    private static int subjectAt(String path) {
        int at = path.startsWith(SUBJECTS)
                ? SUBJECTS.length()
                : path.startsWith(V7 + SUBJECTS) ? V7.length() + SUBJECTS.length() : -1;
        return at < 0 || at == path.length() || path.indexOf('/', at) >= 0 ? -1 : at;
    }

    /**
     * A lookup found before, answered from memory ({@link RememberedLookups}); anything else, or a
     * lookup asking for deleted versions or a normalized schema, goes on to the resource.
     */
    private void lookup(RoutingContext ctx) {
        String path = ctx.normalizedPath();
        int at = subjectAt(path);
        RequestBody body = ctx.body();
        String query = ctx.request().query();
        Buffer answer = null;
        if (at >= 0
                && body != null
                && body.buffer() != null
                && (query == null || !query.contains("deleted") && !query.contains("normalize"))) {
            String subject = URIDecoder.decodeURIComponent(path.substring(at), false);
            answer = answers.rememberedLookup(subject, lookups.found(subject, body.buffer()));
        }
        if (answer == null
                || !plain(ctx)
                || !ConfluentMediaTypes.consumed(ctx.request().getHeader(HttpHeaders.CONTENT_TYPE))
                || !access.admits(ctx, LOOKUP_OPERATION)) {
            ctx.next();
            return;
        }
        metrics.answered(ctx, Endpoint.CONFLUENT_LOOKUP, false);
        ctx.response()
                .putHeader(HttpHeaders.CONTENT_TYPE, ConfluentMediaTypes.V1_JSON)
                .end(answer);
    }

    private void route(RoutingContext ctx) {
        String path = ctx.normalizedPath();
        if (path.startsWith(V7 + "/")) {
            path = path.substring(V7.length());
        }
        Buffer answer = null;
        Endpoint endpoint = null;
        Operation operation = null;
        if (path.startsWith(SCHEMAS_BY_ID)) {
            endpoint = Endpoint.CONFLUENT_SCHEMA_BY_ID;
            operation = SCHEMA_BY_ID;
            answer = schemaById(path);
        } else if (path.startsWith(SUBJECTS) && path.endsWith(LATEST)) {
            endpoint = Endpoint.CONFLUENT_LATEST;
            operation = LATEST_VERSION;
            answer = latest(path);
        }
        if (answer == null || !plain(ctx) || !access.admits(ctx, operation)) {
            ctx.next();
            return;
        }
        metrics.answered(ctx, endpoint, false);
        ctx.response()
                .putHeader(HttpHeaders.CONTENT_TYPE, ConfluentMediaTypes.V1_JSON)
                .end(answer);
    }

    private Buffer schemaById(String path) {
        String id = path.substring(SCHEMAS_BY_ID.length());
        if (id.isEmpty() || id.length() > 19 || !provider.isStarted()) {
            return null;
        }
        long contentId = 0;
        for (int i = 0; i < id.length(); i++) {
            char c = id.charAt(i);
            if (c < '0' || c > '9') {
                return null; // a longer path, or no number: the JAX-RS layer answers it
            }
            contentId = contentId * 10 + (c - '0');
        }
        return answers.cachedSchema(contentId);
    }

    private Buffer latest(String path) {
        String encoded = path.substring(SUBJECTS.length(), path.length() - LATEST.length());
        if (encoded.isEmpty() || encoded.indexOf('/') >= 0 || !provider.isStarted()) {
            return null;
        }
        CachedAnswer latest = provider.answers().cachedAnswer(URIDecoder.decodeURIComponent(encoded, false));
        return latest == null ? null : answers.version(latest);
    }

    /** No {@code format} asked for, and the cached answer's type the one the request would get. */
    private static boolean plain(RoutingContext ctx) {
        String query = ctx.request().query();
        if (query != null && query.contains("format=")) {
            return false;
        }
        return ConfluentMediaTypes.acceptsV1(ctx.request().getHeader(HttpHeaders.ACCEPT));
    }
}
