package io.stele.app.ccompat;

import io.stele.app.security.Operation.Api;
import io.stele.app.security.RouteDeclarations;
import io.stele.app.security.RouteOrder;
import io.vertx.core.http.HttpHeaders;
import io.vertx.core.http.HttpServerResponse;
import io.vertx.ext.web.Router;
import io.vertx.ext.web.RoutingContext;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.enterprise.event.Observes;
import jakarta.ws.rs.container.ContainerRequestContext;
import jakarta.ws.rs.container.ContainerResponseContext;
import jakarta.ws.rs.core.MediaType;
import java.util.List;
import org.jboss.resteasy.reactive.server.ServerResponseFilter;
import org.jboss.resteasy.reactive.server.SimpleResourceInfo;

/**
 * The Confluent API's answers name their media type as Confluent's do:
 *
 * <ul>
 *   <li>without a {@code charset} parameter (JSON defines none; its encoding is UTF-8), whether a
 *       resource returns a body that the JSON writer encodes, which adds one, or a body it encoded
 *       itself. The response marks the request as the Confluent API's, and the header is trimmed as
 *       it leaves, after the writer has set it (a headers-end hook added ahead of the resources runs
 *       after theirs);
 *   <li>in the type the request accepts ({@link #negotiated}), errors too, whether an operation
 *       was matched or not: every operation produces the same types, as Confluent's do, and the
 *       resources name the API's own when they build an answer themselves.
 * </ul>
 */
@ApplicationScoped
public class ConfluentMediaTypes {

    /** The media type of Confluent's answers, and the first it reads. */
    static final String V1_JSON = "application/vnd.schemaregistry.v1+json";

    /** The media type Confluent's clients may also send and accept. */
    static final String JSON = "application/vnd.schemaregistry+json";

    private static final String CONFLUENT = ConfluentMediaTypes.class.getName();

    /** The types the API's JSON is served as, in the order Confluent prefers them. */
    private static final List<MediaType> SERVED =
            List.of(MediaType.valueOf(V1_JSON), MediaType.valueOf(JSON), MediaType.APPLICATION_JSON_TYPE);

    /**
     * The types the schema-taking operations read a body as, those Confluent's read: what their
     * {@code @Consumes} name.
     */
    static final List<String> CONSUMED =
            List.of(V1_JSON, JSON, MediaType.APPLICATION_JSON, MediaType.APPLICATION_OCTET_STREAM);

    void register(@Observes Router router) {
        RouteDeclarations.passing(router.route().order(RouteOrder.TIMED_ROUTES.order()))
                .handler(this::trimming);
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
    public void mark(
            SimpleResourceInfo resource,
            RoutingContext ctx,
            ContainerRequestContext request,
            ContainerResponseContext response) {
        Api api = resource != null && resource.getResourceClass() != null
                ? Api.of(resource.getResourceClass())
                : Api.ofPath(ctx.normalizedPath());
        if (api != Api.CONFLUENT) {
            return;
        }
        ctx.put(CONFLUENT, Boolean.TRUE);
        if (response.hasEntity()) {
            response.setEntity(
                    response.getEntity(),
                    response.getEntityAnnotations(),
                    negotiated(request.getAcceptableMediaTypes()));
        }
    }

    /**
     * The type of the Confluent API's JSON that a request accepts, as Confluent chooses it: for the
     * request's most wanted ranges first, the API's own type before the generic one before plain
     * JSON ({@code *}{@code /*} and no {@code Accept} are the API's own); plain JSON when none fits.
     */
    static MediaType negotiated(List<MediaType> acceptable) {
        for (MediaType range : acceptable) {
            for (MediaType type : SERVED) {
                if (range.isCompatible(type)) {
                    return type;
                }
            }
        }
        return MediaType.APPLICATION_JSON_TYPE;
    }

    /**
     * Whether an answer held in memory, written as {@link #V1_JSON}, is what a
     * request with this {@code Accept} header would be given: none, any type, or that type first,
     * as Confluent's clients ask.
     */
    static boolean acceptsV1(String accept) {
        return accept == null
                || accept.isBlank()
                || accept.startsWith(V1_JSON)
                || accept.strip().equals("*/*");
    }

    /**
     * Whether the schema-taking operations would read a body sent with this {@code Content-Type}:
     * one of {@link #CONSUMED}, with any parameters, or none (which JAX-RS reads as bytes).
     */
    static boolean consumed(String contentType) {
        if (contentType == null) {
            return true;
        }
        int parameters = contentType.indexOf(';');
        String type = (parameters < 0 ? contentType : contentType.substring(0, parameters)).trim();
        for (String consumed : CONSUMED) {
            if (consumed.equalsIgnoreCase(type)) {
                return true;
            }
        }
        return false;
    }

    private static void trim(HttpServerResponse response) {
        String type = response.headers().get(HttpHeaders.CONTENT_TYPE);
        int parameters = type == null ? -1 : type.indexOf(';');
        if (parameters > 0 && type.regionMatches(true, parameters + 1, "charset=", 0, 8)) {
            response.putHeader(HttpHeaders.CONTENT_TYPE, type.substring(0, parameters));
        }
    }
}
