package io.stele.perf.load;

import io.hyperfoil.api.config.BenchmarkBuilder;
import io.hyperfoil.api.config.PhaseBuilder;
import io.hyperfoil.api.config.SessionLimitPolicy;
import io.hyperfoil.api.session.PhaseInstance;
import io.hyperfoil.core.impl.LocalSimulationRunner;
import io.hyperfoil.http.api.HttpMethod;
import io.hyperfoil.http.config.HttpPluginBuilder;
import io.hyperfoil.http.config.Protocol;
import io.hyperfoil.http.steps.HttpStepCatalog;
import java.io.IOException;
import java.net.InetSocketAddress;
import java.net.Socket;
import java.net.URI;
import java.net.URLEncoder;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.concurrent.atomic.AtomicReference;
import java.util.concurrent.atomic.LongAdder;

/**
 * Floods the registry's {@code GET /api/artifacts/{id}} as a {@link Plan} says, with Hyperfoil's
 * engine running in this JVM (docs/adr/0008-load-generator.md says why Hyperfoil), and returns
 * what the measured part saw.
 *
 * <p>The warm-up and the measured part are two phases of one Hyperfoil run over the same
 * connections; the measured part starts once every warm-up request has been answered. Hyperfoil
 * runs one event loop per available processor (at most one per connection), so the flood competes
 * for CPU with whatever else runs on the machine, the registry included: it used about one core
 * of a two-core machine to send 65,000 to 85,000 requests a second, and a tenth of one at 200.
 *
 * <p>An open loop's measured phase runs on for {@value #GRACE_MS} ms beyond its duration, so that
 * the requests due at its very end are sent even when the generator's timer fires late (a pause of
 * this JVM, a busy event loop); {@link Recording} measures only the requests due within the
 * duration.
 *
 * <p>Each request times out after {@value #TIMEOUT_SECONDS} seconds; a timeout counts as an error.
 * Each call is a Hyperfoil run of its own, with its own connections and event loops, closed when
 * it returns (Hyperfoil leaves one idle daemon thread, its CPU watchdog); calls may follow one
 * another in one JVM.
 */
public final class Flood {

    /** Seconds after which a request without an answer fails. */
    public static final int TIMEOUT_SECONDS = 10;

    /** How long an open loop's measured phase runs on after its duration, unmeasured. */
    static final int GRACE_MS = 1000;

    private static final String WARM_UP = "warm-up";
    private static final String MEASURED = "measured";
    private static final int MAX_SESSIONS = 20_000;

    private Flood() {}

    /**
     * Runs the plan and blocks until it is over: its warm-up, its duration, and the answers still
     * due then (at most {@link #TIMEOUT_SECONDS} more).
     *
     * @throws IllegalStateException if nothing listens at the plan's address, if Hyperfoil fails a
     *     phase, or if the flood does not end within 30 seconds of when it should (as when the
     *     registry stops answering connections)
     */
    public static Result run(Plan plan) {
        Load load = plan.load();
        int connections =
                load instanceof Load.ClosedLoop closed ? closed.connections() : ((Load.OpenLoop) load).maxConnections();
        int rate = load instanceof Load.OpenLoop open ? open.requestsPerSecond() : 0;
        String[] paths = plan.keys().ids().stream()
                .map(id -> "/api/artifacts/"
                        + URLEncoder.encode(id, StandardCharsets.UTF_8).replace("+", "%20"))
                .toArray(String[]::new);
        Keys.IndexPicker picker = plan.keys().picker();

        BenchmarkBuilder benchmark = BenchmarkBuilder.builder()
                .name("stele-flood")
                .threads(Math.max(1, Math.min(connections, Runtime.getRuntime().availableProcessors())));
        benchmark
                .addPlugin(HttpPluginBuilder::new)
                .ergonomics()
                .repeatCookies(false)
                .userAgentFromSession(false)
                .autoRangeCheck(false)
                .stopOnInvalid(false)
                .endErgonomics()
                .http()
                .protocol(Protocol.HTTP)
                .host(plan.baseUri().getHost())
                .port(plan.baseUri().getPort())
                .sharedConnections(connections)
                .requestTimeout(TIMEOUT_SECONDS * 1000L);
        int warmSeconds = (int) plan.warmUp().toSeconds();
        if (warmSeconds > 0) {
            addPhase(
                    benchmark,
                    WARM_UP,
                    null,
                    load,
                    warmSeconds,
                    0,
                    new Sender(new Recording(warmSeconds, rate), picker, paths));
        }
        int seconds = (int) plan.duration().toSeconds();
        Recording measured = new Recording(seconds, rate);
        addPhase(
                benchmark,
                MEASURED,
                warmSeconds > 0 ? WARM_UP : null,
                load,
                seconds,
                rate > 0 ? GRACE_MS : 0,
                new Sender(measured, picker, paths));

        LongAdder failed = new LongAdder();
        LocalSimulationRunner runner = new LocalSimulationRunner(
                benchmark.build(),
                (phase, stepId, metric, snapshot, countDown) -> {
                    if (phase.name().equals(MEASURED)) {
                        failed.add(snapshot.errors());
                    }
                },
                null,
                null);
        checkListening(plan.baseUri());
        runWithin(
                runner,
                plan.warmUp().plus(plan.duration()).plusMillis(GRACE_MS).plusSeconds(TIMEOUT_SECONDS + 20),
                plan.baseUri());
        for (PhaseInstance phase : runner.instances().values()) {
            if (phase.getError() != null) {
                throw new IllegalStateException(
                        "Hyperfoil failed the " + phase.definition().name() + " phase against " + plan.baseUri() + ": "
                                + phase.getError(),
                        phase.getError());
            }
        }
        long unsent = rate == 0 ? 0 : (long) rate * seconds - measured.started();
        return measured.result(failed.sum(), unsent);
    }

    /** Fails at once, rather than after Hyperfoil's retries, when nothing accepts connections. */
    private static void checkListening(URI baseUri) {
        try (Socket socket = new Socket()) {
            socket.connect(new InetSocketAddress(baseUri.getHost(), baseUri.getPort()), 2000);
        } catch (IOException e) {
            throw new IllegalStateException("Nothing accepts connections at " + baseUri + ": " + e, e);
        }
    }

    /**
     * Runs Hyperfoil on a thread of its own and gives up after {@code limit}: Hyperfoil 0.25 keeps
     * a closed loop going when it can no longer connect, for example if the registry dies.
     */
    private static void runWithin(LocalSimulationRunner runner, Duration limit, URI baseUri) {
        AtomicReference<Throwable> failure = new AtomicReference<>();
        Thread thread = new Thread(
                () -> {
                    try {
                        runner.run();
                    } catch (Throwable t) {
                        failure.set(t);
                    }
                },
                "stele-flood");
        thread.setDaemon(true);
        thread.start();
        try {
            thread.join(limit.toMillis());
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            runner.shutdown();
            throw new IllegalStateException("Interrupted while flooding " + baseUri, e);
        }
        if (thread.isAlive()) {
            runner.shutdown();
            throw new IllegalStateException(
                    "The flood of " + baseUri + " did not end within " + limit + "; Hyperfoil's log above says why");
        }
        if (failure.get() != null) {
            throw new IllegalStateException("Hyperfoil failed while flooding " + baseUri, failure.get());
        }
    }

    private static void addPhase(
            BenchmarkBuilder benchmark, String name, String after, Load load, int seconds, int graceMs, Sender sender) {
        PhaseBuilder<?> phase;
        if (load instanceof Load.OpenLoop open) {
            // Sessions are cheap, connections are not: sessions beyond the connections wait for one,
            // and that wait counts as latency. Metronome (no variance) so that Recording knows when
            // each request was due.
            phase = benchmark
                    .addPhase(name)
                    .constantRate(open.requestsPerSecond())
                    .variance(false)
                    .maxSessions(Math.max(open.maxConnections(), Math.min(MAX_SESSIONS, open.requestsPerSecond() * 2)))
                    .sessionLimitPolicy(SessionLimitPolicy.CONTINUE);
        } else {
            phase = benchmark.addPhase(name).always(((Load.ClosedLoop) load).connections());
        }
        phase.duration(seconds * 1000L + graceMs).maxDuration((seconds + TIMEOUT_SECONDS + 5) * 1000L + graceMs);
        if (after != null) {
            phase.startAfterStrict(after);
        }
        phase.scenario()
                .maxRequests(1)
                .initialSequence("get")
                .step(sender)
                .step(HttpStepCatalog.SC)
                .httpRequest(HttpMethod.GET)
                .path(sender::path)
                .handler()
                .status(sender::status)
                .onCompletion(sender::answered)
                .endHandler()
                .endStep()
                .endSequence();
    }
}
