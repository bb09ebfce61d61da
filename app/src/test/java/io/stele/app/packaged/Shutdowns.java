package io.stele.app.packaged;

import static io.stele.app.packaged.Writes.create;
import static io.stele.app.packaged.Writes.globalId;
import static io.stele.app.packaged.Writes.schema;
import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

import io.stele.testservers.RegistryProcess;
import java.io.IOException;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpRequest.BodyPublishers;
import java.net.http.HttpResponse;
import java.net.http.HttpResponse.BodyHandlers;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicBoolean;

/**
 * A registry stopped with SIGTERM in the middle of reads and writes, as Kubernetes stops a pod: what
 * docs/operations.md#shutdown promises of the timeline, checked from outside.
 */
final class Shutdowns {

    /** The drain the scenario runs with: long enough to see requests served while not ready. */
    static final Duration DRAIN = Duration.ofSeconds(3);

    static final Duration TIMEOUT = Duration.ofSeconds(10);

    /** The settings that give a registry the scenario's timeline. */
    static final Map<String, String> SETTINGS = Map.of(
            "stele.shutdown.drain", DRAIN.toSeconds() + "s",
            "stele.shutdown.timeout", TIMEOUT.toSeconds() + "s");

    /**
     * A request's outcome: its status (0 for none), the failure or the body of an answer other than
     * 200, and when it was sent and answered.
     */
    private record Outcome(String what, long sent, long answered, int status, String failure, boolean closes) {}

    /**
     * The load's client: HTTP/1.1, whose answers say when the client must close its connection (an
     * HTTP/2 client is told by a GOAWAY frame, which Quarkus does not send to this JDK's client).
     */
    private static final HttpClient HTTP_1_1 = HttpClient.newBuilder()
            .version(HttpClient.Version.HTTP_1_1)
            .connectTimeout(Duration.ofSeconds(2))
            .build();

    private Shutdowns() {}

    /** Sends one request of the load; with an artifact id, as a creation of that artifact. */
    private static HttpResponse<String> send(
            RegistryProcess registry, String method, String path, String body, String artifactId)
            throws IOException, InterruptedException {
        HttpRequest.Builder request = HttpRequest.newBuilder(registry.baseUri().resolve(path))
                .timeout(Duration.ofSeconds(30))
                .method(method, body == null ? BodyPublishers.noBody() : BodyPublishers.ofString(body));
        if (artifactId != null) {
            request.header("X-Registry-ArtifactId", artifactId);
        }
        return HTTP_1_1.send(request.build(), BodyHandlers.ofString());
    }

    /**
     * Floods the registry with writes (new artifacts) and reads (a latest version), stops it with
     * SIGTERM, and checks the timeline: not ready well within the drain; every request sent before
     * the drain ends answered 200, and those sent once it was not ready asking the client to close
     * the connection; after the drain, 503 saying the registry stops, or no answer; exit status 0 within
     * the drain and the timeout; no ERROR logged.
     *
     * @return the globalIds of every acknowledged write, to be read back after a restart
     */
    static List<Long> drainUnderLoad(RegistryProcess registry) throws Exception {
        assertThat(create(registry, "read-while-stopping", schema(1)).statusCode())
                .isEqualTo(200);
        List<Outcome> outcomes = Collections.synchronizedList(new ArrayList<>());
        List<Long> acknowledged = Collections.synchronizedList(new ArrayList<>());
        AtomicBoolean running = new AtomicBoolean(true);
        ExecutorService load = Executors.newFixedThreadPool(6);
        String run = Long.toString(System.nanoTime(), 36);
        for (int t = 0; t < 6; t++) {
            boolean writer = t < 4;
            String name = run + "-" + t;
            load.submit(() -> {
                for (int i = 0; running.get(); i++) {
                    long sent = System.nanoTime();
                    try {
                        HttpResponse<String> r = writer
                                ? send(registry, "POST", "/api/artifacts", schema(1 + i % 5), name + "-" + i)
                                : send(registry, "GET", "/api/artifacts/read-while-stopping", null, null);
                        boolean closes = r.headers()
                                .firstValue("connection")
                                .filter("close"::equalsIgnoreCase)
                                .isPresent();
                        outcomes.add(new Outcome(
                                writer ? "write" : "read",
                                sent,
                                System.nanoTime(),
                                r.statusCode(),
                                r.statusCode() == 200 ? null : r.body(),
                                closes));
                        if (writer && r.statusCode() == 200) {
                            acknowledged.add(globalId(r));
                        }
                    } catch (IOException e) {
                        outcomes.add(new Outcome(
                                writer ? "write" : "read", sent, System.nanoTime(), 0, e.toString(), false));
                        if (!registry.isAlive()) {
                            return;
                        }
                    } catch (InterruptedException e) {
                        Thread.currentThread().interrupt();
                        return;
                    }
                }
            });
        }
        await("50 writes are acknowledged before SIGTERM")
                .atMost(Duration.ofSeconds(60))
                .pollInterval(Duration.ofMillis(20))
                .until(() -> acknowledged.size() >= 50);
        long terminated = System.nanoTime();
        registry.terminate();
        await("the ready check answers 503 after SIGTERM, well within the drain")
                .atMost(DRAIN.minusSeconds(1))
                .pollInterval(Duration.ofMillis(20))
                .until(() -> registry.send("GET", "/q/health/ready", null).statusCode() == 503);
        long notReady = System.nanoTime();
        int exit = registry.awaitExit(DRAIN.plus(TIMEOUT).plusSeconds(15));
        long exited = System.nanoTime();
        running.set(false);
        load.shutdown();
        assertThat(load.awaitTermination(60, TimeUnit.SECONDS))
                .as("the load stops within 60 s")
                .isTrue();

        assertThat(exit).as("the registry's exit status after SIGTERM").isZero();
        assertThat(exited - terminated)
                .as("nanoseconds from SIGTERM to exit: at least the drain")
                .isGreaterThanOrEqualTo(DRAIN.toNanos());
        long drainEnds = terminated + DRAIN.toNanos() - TimeUnit.MILLISECONDS.toNanos(500);
        synchronized (outcomes) {
            assertThat(outcomes)
                    .as("answers other than 200, or than the 503 of a request that came after the drain")
                    .filteredOn(o -> o.status() != 0 && o.status() != 200)
                    .allMatch(o -> o.status() == 503 && o.failure().contains("The registry is stopping"));
            assertThat(outcomes)
                    .as("requests sent before the drain ends that failed")
                    .filteredOn(o -> o.sent() < drainEnds && o.status() != 200)
                    .isEmpty();
            List<Outcome> whileDraining = outcomes.stream()
                    .filter(o -> o.sent() > notReady && o.status() == 200)
                    .toList();
            assertThat(whileDraining)
                    .as("requests answered 200 while the registry drained")
                    .extracting(Outcome::what)
                    .contains("write", "read");
            assertThat(whileDraining)
                    .as("answers while draining that ask the client to close its connection")
                    .allMatch(Outcome::closes);
        }
        assertThat(Writes.logLines(registry, "ERROR")).isEmpty();
        assertThat(Writes.logLines(registry, "INFO")).anyMatch(line -> line.contains("Stopping: not ready"));
        synchronized (acknowledged) {
            return new ArrayList<>(acknowledged);
        }
    }
}
