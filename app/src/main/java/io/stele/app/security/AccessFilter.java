package io.stele.app.security;

import io.smallrye.mutiny.Uni;
import io.vertx.ext.web.RoutingContext;
import jakarta.inject.Inject;
import jakarta.ws.rs.Priorities;
import jakarta.ws.rs.container.ResourceInfo;
import jakarta.ws.rs.core.MultivaluedMap;
import jakarta.ws.rs.core.Response;
import jakarta.ws.rs.core.UriInfo;
import java.lang.reflect.Method;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.ConcurrentHashMap;
import org.jboss.logging.Logger;
import org.jboss.resteasy.reactive.server.ServerRequestFilter;

/**
 * The access check of every JAX-RS operation, run once the router has matched it: the role comes
 * from the matched resource method's {@link Needs}, the caller from what {@link AccessControl}
 * found. A method that declares no role is refused to everyone (and logged), never served. An
 * anonymous person in the console is sent to sign in when the console's sign-in is on.
 */
public class AccessFilter {

    private static final Logger LOG = Logger.getLogger(AccessFilter.class);

    /** Path parameters that name the artifact or subject an operation is about, for the audit trail. */
    private static final String[] NAMING = {"artifactId", "subject"};

    private record Mount(Class<?> resource, Method method) {}

    private final Map<Mount, Optional<Operation>> operations = new ConcurrentHashMap<>();

    @Inject
    AccessControl access;

    @Inject
    WebSignIn webSignIn;

    @ServerRequestFilter(priority = Priorities.AUTHORIZATION)
    public Uni<Response> check(ResourceInfo resource, UriInfo uri, RoutingContext ctx) {
        Optional<Operation> operation = operations.computeIfAbsent(
                new Mount(resource.getResourceClass(), resource.getResourceMethod()), AccessFilter::operation);
        if (operation.isEmpty()) {
            return Uni.createFrom()
                    .item(Refusal.forbidden(
                                    Operation.Api.of(resource.getResourceClass()),
                                    "This operation declares no role, so nobody may use it.")
                            .response());
        }
        if (access.signsIn(ctx, operation.get())) {
            return webSignIn.signIn(ctx);
        }
        return Uni.createFrom()
                .item(access.decide(ctx, operation.get(), artifact(uri.getPathParameters()))
                        .map(Refusal::response)
                        .orElse(null));
    }

    private static Optional<Operation> operation(Mount mount) {
        try {
            return Optional.of(Operation.of(mount.resource(), mount.method()));
        } catch (IllegalStateException e) {
            LOG.error(e.getMessage());
            return Optional.empty();
        }
    }

    private static String artifact(MultivaluedMap<String, String> parameters) {
        for (String name : NAMING) {
            String value = parameters.getFirst(name);
            if (value != null) {
                return value;
            }
        }
        return "";
    }
}
