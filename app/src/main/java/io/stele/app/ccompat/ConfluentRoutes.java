package io.stele.app.ccompat;

import io.stele.app.cache.CachedAnswer;
import io.stele.app.metrics.CachedAnswerMetrics;
import io.stele.app.metrics.CachedAnswerMetrics.Endpoint;
import io.stele.app.metrics.RequestTimer;
import io.stele.app.storage.StorageProvider;
import io.vertx.core.buffer.Buffer;
import io.vertx.core.http.HttpHeaders;
import io.vertx.core.net.impl.URIDecoder;
import io.vertx.ext.web.Router;
import io.vertx.ext.web.RoutingContext;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.enterprise.event.Observes;
import jakarta.inject.Inject;
import java.nio.charset.StandardCharsets;

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

    /** Before requests are timed: its answers are counted instead. */
    static final int ORDER = RequestTimer.ORDER - 1;

    private static final String V7 = "/apis/ccompat/v7";
    private static final String SCHEMAS_BY_ID = "/schemas/ids/";
    private static final String SUBJECTS = "/subjects/";
    private static final String LATEST = "/versions/latest";

    @Inject
    StorageProvider provider;

    @Inject
    ConfluentAnswers answers;

    @Inject
    CachedAnswerMetrics metrics;

    void register(@Observes Router router) {
        router.get().order(ORDER).handler(this::route);
    }

    private void route(RoutingContext ctx) {
        String path = ctx.normalizedPath();
        if (path.startsWith(V7 + "/")) {
            path = path.substring(V7.length());
        }
        Buffer answer = null;
        Endpoint endpoint = null;
        if (path.startsWith(SCHEMAS_BY_ID)) {
            endpoint = Endpoint.CONFLUENT_SCHEMA_BY_ID;
            answer = schemaById(path);
        } else if (path.startsWith(SUBJECTS) && path.endsWith(LATEST)) {
            endpoint = Endpoint.CONFLUENT_LATEST;
            answer = latest(path);
        }
        if (answer == null || !plain(ctx)) {
            ctx.next();
            return;
        }
        metrics.answered(ctx, endpoint, false);
        ctx.response()
                .putHeader(HttpHeaders.CONTENT_TYPE, ConfluentResource.V1_JSON)
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
        CachedAnswer latest = provider.storage().cachedAnswer(URIDecoder.decodeURIComponent(encoded, false));
        if (latest == null) {
            return null;
        }
        return answers.version(latest.version(), () -> new String(latest.body(), StandardCharsets.UTF_8));
    }

    /** No {@code format} asked for, and JSON acceptable: what the cached answer is. */
    private static boolean plain(RoutingContext ctx) {
        String query = ctx.request().query();
        if (query != null && query.contains("format=")) {
            return false;
        }
        String accept = ctx.request().getHeader(HttpHeaders.ACCEPT);
        return accept == null || accept.contains("*/*") || accept.contains("json");
    }
}
