package io.stele.app.apicurio.v3;

import io.stele.app.apicurio.v2.ArtifactsV2Resource;
import io.stele.app.http.SmallBodies;
import io.stele.app.metrics.CachedAnswerMetrics;
import io.stele.app.metrics.CachedAnswerMetrics.Endpoint;
import io.stele.app.security.AccessControl;
import io.stele.app.security.Operation;
import io.stele.app.security.Operation.Api;
import io.stele.app.security.RouteDeclarations;
import io.stele.app.security.RouteOrder;
import io.stele.app.storage.StorageProvider;
import io.vertx.core.buffer.Buffer;
import io.vertx.core.http.HttpHeaders;
import io.vertx.ext.web.Router;
import io.vertx.ext.web.RoutingContext;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.enterprise.event.Observes;
import jakarta.inject.Inject;
import jakarta.ws.rs.core.MediaType;
import java.util.List;
import java.util.Locale;

/**
 * The registration a serializer with auto-register sends for each schema when its producer starts
 * ({@code POST /apis/registry/v3/groups/{groupId}/artifacts?ifExists=FIND_OR_CREATE_VERSION}, and
 * v2's {@code ...?ifExists=RETURN_OR_UPDATE}), answered on the event loop from memory ahead of the
 * JAX-RS layer when the same request found its version before ({@link RememberedRegistrations}).
 * Anything else goes on to the resource, with its body read here when it is small.
 */
@ApplicationScoped
public class RegistrationRoutes {

    @Inject
    StorageProvider provider;

    @Inject
    RememberedRegistrations remembered;

    @Inject
    CachedAnswerMetrics metrics;

    @Inject
    AccessControl access;

    /** A registration's path, the endpoint its answers from memory count as, and its operation. */
    private record RegistrationPath(String prefix, Endpoint endpoint, Operation operation) {

        /** Whether the path is this API's {@code /groups/{groupId}/artifacts}. */
        boolean matches(String path) {
            if (!path.startsWith(prefix) || !path.endsWith(ARTIFACTS)) {
                return false;
            }
            int group = prefix.length();
            int end = path.length() - ARTIFACTS.length();
            return end > group && path.indexOf('/', group) == end;
        }
    }

    private static final String ARTIFACTS = "/artifacts";

    /** The media type the resources answer a registration with. */
    private static final String ANSWERED_AS = MediaType.APPLICATION_JSON + ";charset=UTF-8";

    private static final List<RegistrationPath> PATHS = List.of(
            new RegistrationPath(
                    Api.REGISTRY_V3_PATH + "/groups/",
                    Endpoint.REGISTRY_V3_REGISTRATION,
                    Operation.servedFor(GroupArtifactsResource.class, "createArtifact")),
            new RegistrationPath(
                    Api.REGISTRY_V2_PATH + "/groups/",
                    Endpoint.REGISTRY_V2_REGISTRATION,
                    Operation.servedFor(ArtifactsV2Resource.class, "createArtifact")));

    private final SmallBodies bodies = new SmallBodies(RememberedRegistrations.MAX_BODY);

    void register(@Observes Router router) {
        RouteDeclarations.passing(router.post().order(RouteOrder.LOOKUP_BODY.order()))
                .handler(ctx -> bodies.read(ctx, registration(ctx) != null && provider.isStarted()))
                .failureHandler(SmallBodies::notRead);
        RouteDeclarations.serving(
                        router.post().order(RouteOrder.ANSWERS_FROM_MEMORY.order()),
                        PATHS.stream().map(RegistrationPath::operation).toArray(Operation[]::new))
                .handler(this::answer);
    }

    /** The registration path the request is sent to, asking for {@code ifExists}; else null. */
    private static RegistrationPath registration(RoutingContext ctx) {
        String query = ctx.request().query();
        if (query == null || !query.contains("ifExists=")) {
            return null; // the default, FAIL, is never remembered
        }
        String path = ctx.normalizedPath();
        for (RegistrationPath registration : PATHS) {
            if (registration.matches(path)) {
                return registration;
            }
        }
        return null;
    }

    private void answer(RoutingContext ctx) {
        RegistrationPath registration = registration(ctx);
        Buffer answer = registration == null ? null : remembered.answer(ctx);
        if (answer == null || !acceptsJson(ctx) || !access.admitsAudited(ctx, registration.operation())) {
            ctx.next();
            return;
        }
        metrics.answered(ctx, registration.endpoint(), false);
        ctx.response().putHeader(HttpHeaders.CONTENT_TYPE, ANSWERED_AS).end(answer);
    }

    /** Whether the request takes the JSON the resource answers with, as sent by the SDKs. */
    private static boolean acceptsJson(RoutingContext ctx) {
        String accept = ctx.request().getHeader(HttpHeaders.ACCEPT);
        if (accept == null) {
            return true;
        }
        String types = accept.toLowerCase(Locale.ROOT);
        return types.contains(MediaType.APPLICATION_JSON) || types.contains(MediaType.WILDCARD);
    }
}
