package io.stele.app.ccompat;

import io.stele.app.metrics.RequestTimer;
import io.stele.app.security.Operation.Api;
import io.stele.app.security.RouteDeclarations;
import io.vertx.core.http.HttpHeaders;
import io.vertx.core.http.HttpServerResponse;
import io.vertx.ext.web.Router;
import io.vertx.ext.web.RoutingContext;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.enterprise.event.Observes;
import org.jboss.resteasy.reactive.server.ServerResponseFilter;
import org.jboss.resteasy.reactive.server.SimpleResourceInfo;

/**
 * The Confluent API's answers name their media type as Confluent's do, without a {@code charset}
 * parameter (JSON defines none; its encoding is UTF-8), whether a resource returns a body that the
 * JSON writer encodes, which adds one, or a body it encoded itself. The resource's response marks
 * the request as the Confluent API's, and the header is trimmed as it leaves, after the writer has
 * set it (a headers-end hook added ahead of the resources runs after theirs).
 */
@ApplicationScoped
public class ConfluentMediaTypes {

    private static final String CONFLUENT = ConfluentMediaTypes.class.getName();

    void register(@Observes Router router) {
        RouteDeclarations.passing(router.route().order(RequestTimer.ORDER + 1)).handler(this::trimming);
    }

    private void trimming(RoutingContext ctx) {
        ctx.addHeadersEndHandler(ended -> {
            if (ctx.get(CONFLUENT) != null) {
                trim(ctx.response());
            }
        });
        ctx.next();
    }

    @ServerResponseFilter
    public void mark(SimpleResourceInfo resource, RoutingContext ctx) {
        if (resource != null
                && resource.getResourceClass() != null
                && Api.of(resource.getResourceClass()) == Api.CONFLUENT) {
            ctx.put(CONFLUENT, Boolean.TRUE);
        }
    }

    private static void trim(HttpServerResponse response) {
        String type = response.headers().get(HttpHeaders.CONTENT_TYPE);
        int parameters = type == null ? -1 : type.indexOf(';');
        if (parameters > 0 && type.regionMatches(true, parameters + 1, "charset=", 0, 8)) {
            response.putHeader(HttpHeaders.CONTENT_TYPE, type.substring(0, parameters));
        }
    }
}
