package io.stele.app.security;

/**
 * Where each Vert.x route of the registry's own runs among the router's, the one place that says
 * so: a route is added with {@code router.route().order(RouteOrder.X.order())}. Every stage comes
 * before the JAX-RS layer's own route, which serves whatever these pass on, and they run in the
 * order declared here: nothing is answered before access control has decided, and nothing timed
 * is answered before the timer has started.
 */
public enum RouteOrder {
    /**
     * Added once the registry stops: asks each client to reconnect during the drain and refuses
     * new requests after it, ahead of everything else.
     */
    STOPPING(-1100),

    /** Access control: authenticates each request and decides whether its operation is allowed. */
    ACCESS(-1099),

    /**
     * Reads the bodies of requests answered from memory (a Confluent lookup, an Apicurio
     * registration), so that the answer from memory can compare them.
     */
    LOOKUP_BODY(-1001),

    /**
     * The answers served from memory (the v1 API's latest and by globalId, the Confluent API's ids,
     * latest and lookups, the v2 and v3 APIs' ids, latest content and registrations). Ahead of the timer: these count their answers themselves, at a cost the
     * timer would double.
     */
    ANSWERS_FROM_MEMORY(-1000),

    /** Times each request, and counts the requests in flight for the drain. */
    TIMING(-999),

    /** Routes that answer requests themselves and are timed (the import), and the media-type trimming. */
    TIMED_ROUTES(-998);

    private final int order;

    RouteOrder(int order) {
        this.order = order;
    }

    /** The Vert.x order of a route of this stage: lower runs first. */
    public int order() {
        return order;
    }
}
