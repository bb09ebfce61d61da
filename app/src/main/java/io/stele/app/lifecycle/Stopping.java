package io.stele.app.lifecycle;

import io.quarkus.runtime.LaunchMode;
import io.quarkus.runtime.ShutdownDelayInitiatedEvent;
import io.quarkus.runtime.StartupEvent;
import io.smallrye.config.ConfigMapping;
import io.stele.app.security.AccessControl;
import io.stele.app.security.RouteDeclarations;
import io.stele.app.security.RouteOrder;
import io.vertx.core.http.HttpHeaders;
import io.vertx.core.http.HttpVersion;
import io.vertx.ext.web.Router;
import io.vertx.ext.web.RoutingContext;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.enterprise.event.Observes;
import jakarta.inject.Inject;
import java.lang.reflect.Proxy;
import java.time.Duration;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;
import org.jboss.logging.Logger;

/**
 * How the registry stops (docs/operations.md#shutdown, ADR 0028). Quarkus tells it, before it
 * stops anything ({@link ShutdownDelayInitiatedEvent}, on its shutdown thread, which waits for this
 * to return); then, for {@code stele.shutdown.drain}, the registry reports not ready ({@link
 * #isStopping}) and serves every request, asking each client to reconnect; then it refuses new
 * requests with 503 and waits up to {@code stele.shutdown.timeout} for
 * the requests in flight. Only then does Quarkus close HTTP and the backend. After a SIGTERM the
 * process exits 0.
 *
 * <p>Requests in flight are counted from a route that only requests going on past the answers
 * from memory reach (those answers are written at once, on the event loop), so the hot paths pay
 * nothing for it. Thread-safe; the routes never block.
 */
@ApplicationScoped
public class Stopping {

    private static final Logger LOG = Logger.getLogger(Stopping.class);

    /** The shutdown timeline's two settings, under {@code stele.shutdown}. */
    @ConfigMapping(prefix = "stele.shutdown")
    public interface Timeline {

        /** How long the registry keeps serving, not ready, after SIGTERM. */
        Duration drain();

        /** How long it then waits for the requests in flight before it closes its backend regardless. */
        Duration timeout();
    }

    @Inject
    Timeline timeline;

    private volatile Router router;
    private volatile boolean stopping;
    private volatile boolean refusing;
    private final AtomicInteger inFlight = new AtomicInteger();

    /** Whether the registry has started to stop: it is not ready from then on. */
    public boolean isStopping() {
        return stopping;
    }

    /**
     * Asks the client of this request to reconnect once it has its answer, so that its next request
     * goes through its balancer to another replica: {@code Connection: close} over HTTP/1.x, a
     * {@code GOAWAY} over HTTP/2 (but to Java's HTTP client, which some of its versions mishandle).
     */
    private static void askToReconnect(RoutingContext ctx) {
        if (ctx.request().version() == HttpVersion.HTTP_2) {
            String agent = ctx.request().getHeader(HttpHeaders.USER_AGENT);
            if (agent == null || !agent.startsWith("Java-http-client/")) {
                ctx.addEndHandler(answered -> ctx.request().connection().goAway(0));
            }
            return;
        }
        ctx.response().putHeader(HttpHeaders.CONNECTION, HttpHeaders.CLOSE);
        ctx.addEndHandler(answered -> ctx.request().connection().close()); // closes once the answer is written
    }

    void register(@Observes Router router) {
        this.router = router;
        RouteDeclarations.passing(router.route().order(RouteOrder.TIMING.order()))
                .handler(this::track);
    }

    /**
     * Ahead of every other route once the registry stops (added then, so that it costs nothing
     * before): asks each client to reconnect during the drain, and refuses new requests after it.
     */
    private void whileStopping(RoutingContext ctx) {
        if (refusing) {
            AccessControl.refuseWhileStopping(ctx);
            return;
        }
        askToReconnect(ctx);
        ctx.next();
    }

    /** Counts a request in flight until it ends, or refuses it once the drain is over. */
    private void track(RoutingContext ctx) {
        // counted before it looks: the wait, which sets refusing before it reads the count, either
        // sees this request or this request sees refusing
        inFlight.incrementAndGet();
        if (refusing) { // it waited, for its body or its caller's verdict, past the drain
            inFlight.decrementAndGet();
            AccessControl.refuseWhileStopping(ctx);
            return;
        }
        ctx.addEndHandler(ended -> inFlight.decrementAndGet());
        ctx.next();
    }

    /**
     * Makes SIGTERM end the process with status 0 once the timeline has run, as a stop asked for and
     * done, where the JVM would exit 143; SIGINT keeps its 130. Only in a packaged registry: a test's
     * JVM keeps the JVM's own handling.
     */
    void started(@Observes StartupEvent event) {
        if (LaunchMode.current() == LaunchMode.NORMAL) {
            onTerm(() -> System.exit(0)); // runs the shutdown hooks, and so the timeline
        }
    }

    /**
     * Runs {@code action} on SIGTERM in place of the JVM's own handling, through {@code
     * sun.misc.Signal} (module jdk.unsupported), the JDK's only way to handle a signal. It is reached
     * by reflection because javac warns of every use of it with no way to suppress the warning, and
     * the build fails on warnings. Without it, SIGTERM keeps the JVM's handling.
     */
    private static void onTerm(Runnable action) {
        try {
            Class<?> signal = Class.forName("sun.misc.Signal");
            Class<?> handler = Class.forName("sun.misc.SignalHandler");
            Object term = signal.getConstructor(String.class).newInstance("TERM");
            Object running = Proxy.newProxyInstance(
                    handler.getClassLoader(),
                    new Class<?>[] {handler},
                    (proxy, method, args) -> switch (method.getName()) {
                        case "handle" -> {
                            action.run();
                            yield null;
                        }
                        case "hashCode" -> System.identityHashCode(proxy);
                        case "equals" -> proxy == args[0];
                        default -> "SIGTERM handler";
                    });
            signal.getMethod("handle", signal, handler).invoke(null, term, running);
        } catch (ReflectiveOperationException | RuntimeException e) {
            LOG.warnf("SIGTERM keeps the JVM's handling (exit status 143): %s", e);
        }
    }

    /** Runs the drain and the wait for requests in flight, on Quarkus' shutdown thread. */
    void stopStarts(@Observes ShutdownDelayInitiatedEvent event) {
        if (router != null) { // before readiness says so: a request sent once it says so meets the route
            RouteDeclarations.passing(router.route().order(RouteOrder.STOPPING.order()))
                    .handler(this::whileStopping);
        }
        stopping = true;
        LOG.infof(
                "Stopping: not ready from now on, still serving for %d s while clients move away, then waiting"
                        + " up to %d s for the requests in flight (stele.shutdown.drain, stele.shutdown.timeout)",
                timeline.drain().toSeconds(), timeline.timeout().toSeconds());
        try {
            Thread.sleep(timeline.drain().toMillis());
            refusing = true;
            long deadline = System.nanoTime() + timeline.timeout().toNanos();
            while (inFlight.get() > 0 && System.nanoTime() - deadline < 0) {
                TimeUnit.MILLISECONDS.sleep(10);
            }
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt(); // asked to stop at once: the backend closes now
        }
        int left = inFlight.get();
        if (left > 0) {
            LOG.warnf(
                    "%d requests still run after stele.shutdown.timeout (%d s); the backend closes under them",
                    left, timeline.timeout().toSeconds());
        } else {
            LOG.info("Every request in flight is answered; new ones are refused. Closing.");
        }
    }
}
