package io.stele.app.metrics;

import io.micrometer.core.instrument.FunctionCounter;
import io.micrometer.core.instrument.MeterRegistry;
import io.smallrye.config.ConfigMapping;
import io.smallrye.config.WithDefault;
import io.vertx.ext.web.RoutingContext;
import jakarta.annotation.PostConstruct;
import jakarta.inject.Inject;
import jakarta.inject.Singleton;
import java.util.concurrent.atomic.LongAdder;

/**
 * What the answers served from the read cache on the event loop cost in metrics: a count per
 * endpoint and status, {@code stele_http_cached_answers_total}, in place of a sample in the
 * per-request latency histogram {@code http_server_requests_seconds}. Such an answer takes a few
 * microseconds; timing it, building its tags, finding its timer and filling its histogram cost a
 * quarter of the registry's CPU per request, and would tell only how long the request queued.
 * Requests the cache could not answer, errors included, are timed by {@link RequestTimer}.
 *
 * <p>With {@code stele.metrics.time-cached-answers=true} every answer is timed as well (and still
 * counted here), at that cost. Thread-safe; {@link #answered} never blocks.
 */
@Singleton
public class CachedAnswerMetrics {

    /** Settings of the registry's own metrics, under {@code stele.metrics}. */
    @ConfigMapping(prefix = "stele.metrics")
    public interface Config {

        /**
         * Whether answers served from the read cache are also timed in {@code
         * http_server_requests_seconds}; they are always counted in {@code
         * stele_http_cached_answers_total}.
         */
        @WithDefault("false")
        boolean timeCachedAnswers();
    }

    /** The endpoints answered from the cache; the Confluent API's at either of its roots. */
    public enum Endpoint {
        LATEST("/api/artifacts/{artifactId}"),
        BY_GLOBAL_ID("/api/ids/{globalId}"),
        CONFLUENT_LATEST("/subjects/{subject}/versions/latest"),
        CONFLUENT_SCHEMA_BY_ID("/schemas/ids/{id}"),
        CONFLUENT_LOOKUP("/subjects/{subject}"),
        REGISTRY_V3_BY_GLOBAL_ID("/apis/registry/v3/ids/globalIds/{globalId}"),
        REGISTRY_V3_BY_CONTENT_ID("/apis/registry/v3/ids/contentIds/{contentId}"),
        REGISTRY_V2_BY_GLOBAL_ID("/apis/registry/v2/ids/globalIds/{globalId}"),
        REGISTRY_V2_BY_CONTENT_ID("/apis/registry/v2/ids/contentIds/{contentId}"),
        REGISTRY_V3_BY_CONTENT_HASH("/apis/registry/v3/ids/contentHashes/{contentHash}"),
        REGISTRY_V2_BY_CONTENT_HASH("/apis/registry/v2/ids/contentHashes/{contentHash}"),
        REGISTRY_V3_LATEST(
                "/apis/registry/v3/groups/{groupId}/artifacts/{artifactId}/versions/{versionExpression}/content"),
        REGISTRY_V2_LATEST("/apis/registry/v2/groups/{groupId}/artifacts/{artifactId}"),
        REGISTRY_V3_REGISTRATION("/apis/registry/v3/groups/{groupId}/artifacts"),
        REGISTRY_V2_REGISTRATION("/apis/registry/v2/groups/{groupId}/artifacts");

        final String uri;

        Endpoint(String uri) {
            this.uri = uri;
        }
    }

    @Inject
    MeterRegistry meters;

    @Inject
    Config config;

    @Inject
    RequestTimer timer;

    /** Indexed by endpoint, then 0 for 200 and 1 for 304. */
    private final LongAdder[][] counts = new LongAdder[Endpoint.values().length][2];

    private volatile boolean timed; // set once at start, read on every event loop

    @PostConstruct
    void register() {
        timed = config.timeCachedAnswers();
        for (Endpoint endpoint : Endpoint.values()) {
            for (int status = 0; status < 2; status++) {
                LongAdder count = new LongAdder();
                counts[endpoint.ordinal()][status] = count;
                FunctionCounter.builder("stele.http.cached.answers", count, LongAdder::sum)
                        .description(
                                "Answers served from the read cache, without a sample in http_server_requests_seconds")
                        .tag("uri", endpoint.uri)
                        .tag("status", status == 0 ? "200" : "304")
                        .register(meters);
            }
        }
    }

    /**
     * Counts an answer from the cache, and when timing was asked for times it under its endpoint's
     * path template. Call on the request's event loop before the response ends.
     *
     * @param notModified whether the answer is 304 rather than 200
     */
    public void answered(RoutingContext ctx, Endpoint endpoint, boolean notModified) {
        counts[endpoint.ordinal()][notModified ? 1 : 0].increment();
        if (timed) {
            RequestTimer.nameTemplate(ctx, endpoint.uri);
            timer.start(ctx);
        }
    }
}
