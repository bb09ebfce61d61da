package io.stele.app.packaged;

import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

import java.io.IOException;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpRequest.BodyPublishers;
import java.net.http.HttpResponse;
import java.net.http.HttpResponse.BodyHandlers;
import java.time.Duration;
import java.time.LocalTime;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.concurrent.locks.LockSupport;
import java.util.function.Predicate;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * A mixed load on a registry, or on registries behind a balancer: clients that create artifacts on
 * the Apicurio API, register schemas on the Confluent API, and read a latest version, content by
 * globalId and a schema by Confluent id, each at a steady pace. It records every request's outcome
 * and every acknowledged write, to check afterwards what failed and that every write reads back.
 */
final class MixedLoad {

    /** Readers and writers of the load; at most this many requests are in flight at once. */
    static final int CLIENTS = 6;

    /**
     * Each client sends a request at most this often: 60 requests/s in all, a load the registries
     * serve with CPU to spare even on a small machine where the backend runs too, as a production
     * registry runs, so that a restart takes about as long as it would there.
     */
    private static final long PERIOD_NANOS = TimeUnit.MILLISECONDS.toNanos(100);

    private static final Pattern CONFLUENT_ID = Pattern.compile("\"id\":(\\d+)");

    /** A request's outcome: its status (0 for none), the failure or the body of an answer other than 200. */
    record Outcome(String what, LocalTime at, long sent, long answered, int status, String failure) {

        long micros() {
            return TimeUnit.NANOSECONDS.toMicros(answered - sent);
        }
    }

    private final URI base;
    private final HttpClient http = HttpClient.newBuilder()
            .version(HttpClient.Version.HTTP_1_1)
            .connectTimeout(Duration.ofSeconds(2))
            .build();
    private final List<Outcome> outcomes = Collections.synchronizedList(new ArrayList<>());
    private final List<Long> globalIds = Collections.synchronizedList(new ArrayList<>());
    private final Map<String, Long> subjects = new ConcurrentHashMap<>();
    private final AtomicBoolean running = new AtomicBoolean(true);
    /** What the scenario did and when, to read beside the outcomes and the balancer's log. */
    private final List<String> timeline = Collections.synchronizedList(new ArrayList<>());

    private final ExecutorService clients = Executors.newFixedThreadPool(CLIENTS);

    private MixedLoad(URI base) {
        this.base = base;
    }

    /** Seeds what the readers read through {@code base}, then starts the clients. */
    static MixedLoad start(URI base) throws Exception {
        MixedLoad load = new MixedLoad(base);
        load.start(load.seed());
        return load;
    }

    /** What the readers read: an artifact's latest version, its globalId, a Confluent schema id. */
    private record Seed(String artifactId, long globalId, long confluentId) {}

    private Seed seed() throws Exception {
        String run = Long.toString(System.nanoTime(), 36);
        HttpResponse<String> created = send("POST", "/api/artifacts", Writes.schema(1), run + "-seed");
        assertThat(created.statusCode()).as(created.body()).isEqualTo(200);
        HttpResponse<String> registered = register(run + "-seed-value", Writes.schema(2));
        assertThat(registered.statusCode()).as(registered.body()).isEqualTo(200);
        return new Seed(run + "-seed", Writes.globalId(created), confluentId(registered));
    }

    private void start(Seed seed) {
        String run = Long.toString(System.nanoTime(), 36);
        List<String> kinds = List.of("write", "write", "register", "latest", "by-global-id", "by-confluent-id");
        for (int c = 0; c < CLIENTS; c++) {
            String kind = kinds.get(c);
            String prefix = run + "-" + c + "-";
            clients.submit(() -> {
                long next = System.nanoTime();
                for (int i = 0; running.get(); i++) {
                    request(kind, prefix + i, i, seed);
                    next += PERIOD_NANOS;
                    LockSupport.parkNanos(next - System.nanoTime()); // paces the client; late, goes on at once
                }
            });
        }
    }

    /** Sends one request of the load and records its outcome, and what it acknowledged. */
    private void request(String kind, String name, int i, Seed seed) {
        LocalTime at = LocalTime.now();
        long sent = System.nanoTime();
        try {
            HttpResponse<String> r =
                    switch (kind) {
                        case "write" -> send("POST", "/api/artifacts", Writes.schema(1 + i % 5), name);
                        case "register" -> register(name, Writes.schema(1 + i % 5));
                        case "latest" -> send("GET", "/api/artifacts/" + seed.artifactId(), null, null);
                        case "by-global-id" -> send("GET", "/api/ids/" + seed.globalId(), null, null);
                        case "by-confluent-id" -> send("GET", "/schemas/ids/" + seed.confluentId(), null, null);
                        default -> throw new IllegalArgumentException(kind);
                    };
            boolean ok = r.statusCode() == 200;
            outcomes.add(new Outcome(kind, at, sent, System.nanoTime(), r.statusCode(), ok ? null : r.body()));
            if (ok && kind.equals("write")) {
                globalIds.add(Writes.globalId(r));
            } else if (ok && kind.equals("register")) {
                subjects.put(name, confluentId(r));
            }
        } catch (IOException e) {
            outcomes.add(new Outcome(kind, at, sent, System.nanoTime(), 0, e.toString()));
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            running.set(false);
        }
    }

    private HttpResponse<String> send(String method, String path, String body, String artifactId)
            throws IOException, InterruptedException {
        HttpRequest.Builder request = HttpRequest.newBuilder(base.resolve(path))
                .timeout(Duration.ofSeconds(30))
                .method(method, body == null ? BodyPublishers.noBody() : BodyPublishers.ofString(body));
        if (artifactId != null) {
            request.header("X-Registry-ArtifactId", artifactId);
        }
        return http.send(request.build(), BodyHandlers.ofString());
    }

    /** The status of a GET; 0 when there is no answer. */
    private int status(URI uri) {
        try {
            return http.send(
                            HttpRequest.newBuilder(uri)
                                    .timeout(Duration.ofSeconds(30))
                                    .build(),
                            BodyHandlers.discarding())
                    .statusCode();
        } catch (IOException e) {
            return 0;
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new IllegalStateException(e);
        }
    }

    private HttpResponse<String> register(String subject, String schema) throws IOException, InterruptedException {
        String body = "{\"schema\":\"" + schema.replace("\"", "\\\"") + "\"}";
        HttpRequest request = HttpRequest.newBuilder(base.resolve("/subjects/" + subject + "/versions"))
                .timeout(Duration.ofSeconds(30))
                .header("Content-Type", "application/vnd.schemaregistry.v1+json")
                .POST(BodyPublishers.ofString(body))
                .build();
        return http.send(request, BodyHandlers.ofString());
    }

    private static long confluentId(HttpResponse<String> response) {
        Matcher m = CONFLUENT_ID.matcher(response.body());
        assertThat(m.find()).as(response.body()).isTrue();
        return Long.parseLong(m.group(1));
    }

    void event(String what) {
        timeline.add(LocalTime.now() + " " + what);
    }

    /** Writes acknowledged so far, on both APIs. */
    int writes() {
        return globalIds.size() + subjects.size();
    }

    void awaitWrites(int count, String when) {
        await(count + " writes acknowledged " + when)
                .atMost(Duration.ofSeconds(60))
                .pollInterval(Duration.ofMillis(20))
                .until(() -> writes() >= count);
    }

    void stop() throws InterruptedException {
        running.set(false);
        clients.shutdown();
        assertThat(clients.awaitTermination(60, TimeUnit.SECONDS))
                .as("the load stops within 60 s")
                .isTrue();
    }

    /** Checks that at most {@code most} of the requests {@code which} names failed. */
    void assertFailed(Predicate<Outcome> which, String named, int most) {
        List<Outcome> failed;
        synchronized (outcomes) {
            failed = outcomes.stream()
                    .filter(o -> which.test(o) && o.status() != 200)
                    .toList();
        }
        assertThat(failed)
                .as("requests that failed, %s (timeline: %s)", named, timeline)
                .hasSizeLessThanOrEqualTo(most);
    }

    /** Adds writes acknowledged apart from the load, by their globalIds, to those read back. */
    void acknowledged(List<Long> more) {
        globalIds.addAll(more);
    }

    /** Paths that answer 200 once each write acknowledged so far is stored, on either API. */
    List<String> acknowledgedPaths() {
        List<String> paths = new ArrayList<>();
        synchronized (globalIds) {
            globalIds.forEach(id -> paths.add("/api/ids/" + id + "/meta"));
        }
        subjects.forEach((subject, id) -> {
            paths.add("/schemas/ids/" + id);
            paths.add("/subjects/" + subject + "/versions/1");
        });
        return paths;
    }

    /**
     * Checks that every one of {@code paths} (see {@link #acknowledgedPaths}) answers 200 at {@code
     * where}, allowing 10 s for a replica to catch up.
     */
    void assertReadBack(List<String> paths, URI where) {
        List<String> missing = new ArrayList<>(paths);
        long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(10);
        while (true) {
            missing.removeIf(path -> status(where.resolve(path)) == 200);
            if (missing.isEmpty()) {
                break;
            }
            assertThat(System.nanoTime())
                    .as(
                            "%d acknowledged writes still do not read back after 10 s, such as %s",
                            missing.size(), missing.subList(0, Math.min(10, missing.size())))
                    .isLessThan(deadline);
            LockSupport.parkNanos(TimeUnit.MILLISECONDS.toNanos(100));
        }
    }

    /** The latencies of the requests sent between {@code from} and {@code to} (nanoTimes), for a report. */
    String latencies(long from, long to) {
        List<Long> micros;
        synchronized (outcomes) {
            micros = outcomes.stream()
                    .filter(o -> o.sent() >= from && o.sent() < to)
                    .map(Outcome::micros)
                    .sorted()
                    .toList();
        }
        return String.format(
                "%d requests, p50 %.1f ms, p99 %.1f ms, max %.1f ms",
                micros.size(),
                micros.get(micros.size() / 2) / 1000.0,
                micros.get((int) (micros.size() * 0.99)) / 1000.0,
                micros.get(micros.size() - 1) / 1000.0);
    }
}
