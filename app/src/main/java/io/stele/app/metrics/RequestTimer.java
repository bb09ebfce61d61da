package io.stele.app.metrics;

import io.micrometer.core.instrument.MeterRegistry;
import io.micrometer.core.instrument.Tags;
import io.micrometer.core.instrument.Timer;
import io.micrometer.core.instrument.binder.http.Outcome;
import io.stele.app.security.RouteDeclarations;
import io.stele.app.security.RouteOrder;
import io.vertx.core.http.impl.HttpServerRequestInternal;
import io.vertx.ext.web.Router;
import io.vertx.ext.web.RoutingContext;
import jakarta.enterprise.event.Observes;
import jakarta.inject.Inject;
import jakarta.inject.Singleton;
import java.util.concurrent.TimeUnit;
import org.eclipse.microprofile.config.inject.ConfigProperty;

/**
 * Times HTTP requests in {@code http_server_requests_seconds}, tagged {@code method}, {@code uri}
 * (the path template), {@code status} and {@code outcome} as Quarkus' own HTTP binder tags them.
 * That binder is off: it hooks into every request the server reads, the answers served from the
 * read cache included, and cost them an eighth of their CPU (ADR 0013). This one is a route that
 * runs after the cached answers' route, so it times every request but those answers, and costs
 * them nothing. Requests to the non-application endpoints ({@code /q/...}) are not timed, as
 * Quarkus' binder does not time them.
 *
 * <p>The {@code uri} tag is the template Quarkus REST names for the matched resource method, or
 * the one a route of the registry's own names ({@link #nameTemplate}); a request with none is filed under
 * {@code NOT_FOUND} for a 404, {@code REDIRECTION} for a 3xx and {@code UNKNOWN} otherwise, never
 * under its raw path, so that ids cannot multiply the series. Thread-safe; nothing here blocks.
 */
@Singleton
public class RequestTimer {

    /** The request-context key under which Quarkus REST, and the registry, name a path template. */
    public static final String TEMPLATE_KEY = "UrlPathTemplate";

    @Inject
    MeterRegistry meters;

    @ConfigProperty(name = "quarkus.http.non-application-root-path", defaultValue = "q")
    String nonApplicationRoot;

    private String untimedPrefix;

    void register(@Observes Router router) {
        String root = nonApplicationRoot.startsWith("/") ? nonApplicationRoot : "/" + nonApplicationRoot;
        untimedPrefix = root.endsWith("/") ? root : root + "/";
        RouteDeclarations.passing(router.route().order(RouteOrder.TIMING.order()))
                .handler(this::route);
    }

    private void route(RoutingContext ctx) {
        if (!ctx.normalizedPath().startsWith(untimedPrefix)) {
            start(ctx);
        }
        ctx.next();
    }

    /**
     * Starts timing a request, to be recorded when its response ends (or its connection closes)
     * under the template named by {@link #TEMPLATE_KEY} by then.
     */
    public void start(RoutingContext ctx) {
        long start = System.nanoTime();
        ctx.addEndHandler(ended -> record(ctx, System.nanoTime() - start));
    }

    private void record(RoutingContext ctx, long nanos) {
        int status = ctx.response().getStatusCode();
        Timer.builder("http.server.requests")
                .tags(Tags.of(
                        "method", ctx.request().method().name(),
                        "uri", template(ctx, status),
                        "status", Integer.toString(status),
                        "outcome", Outcome.forStatus(status).name()))
                .register(meters)
                .record(nanos, TimeUnit.NANOSECONDS);
    }

    static String template(RoutingContext ctx, int status) {
        String template = ((HttpServerRequestInternal) ctx.request()).context().getLocal(TEMPLATE_KEY);
        if (template != null) {
            return template;
        }
        if (status == 404) {
            return "NOT_FOUND";
        }
        return status >= 300 && status < 400 ? "REDIRECTION" : "UNKNOWN";
    }

    /** Names the path template a request is timed under; for routes of the registry's own. */
    public static void nameTemplate(RoutingContext ctx, String template) {
        ((HttpServerRequestInternal) ctx.request()).context().putLocal(TEMPLATE_KEY, template);
    }
}
