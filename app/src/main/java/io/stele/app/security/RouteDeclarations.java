package io.stele.app.security;

import io.vertx.ext.web.Route;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.ConcurrentHashMap;

/**
 * What each Vert.x route of the registry's own is for: the operations it answers (each with the
 * role it needs, which the route checks through {@link AccessControl}), or none when it answers
 * nothing and passes every request on. Every route the registry adds to the router is declared
 * here as it is added; a test lists the running router's routes and fails on one that is not.
 */
public final class RouteDeclarations {

    private static final Map<Route, List<Operation>> DECLARED = new ConcurrentHashMap<>();

    private RouteDeclarations() {}

    /** Declares a route that answers these operations itself; returns it, to be given its handler. */
    public static Route serving(Route route, Operation... operations) {
        if (operations.length == 0) {
            throw new IllegalArgumentException("a route that answers requests serves at least one operation");
        }
        DECLARED.put(route, List.of(operations));
        return route;
    }

    /** Declares a route that answers no request itself: it only looks at requests and passes them on. */
    public static Route passing(Route route) {
        DECLARED.put(route, List.of());
        return route;
    }

    /** What a route was declared to serve; empty when it was never declared. */
    public static Optional<List<Operation>> of(Route route) {
        return Optional.ofNullable(DECLARED.get(route));
    }
}
