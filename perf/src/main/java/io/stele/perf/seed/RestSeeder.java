package io.stele.perf.seed;

import io.stele.perf.PerfHttp;
import io.stele.perf.data.SchemaGenerator;
import java.io.IOException;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.atomic.AtomicLong;

/**
 * Seeds through the ordinary API, as producers register schemas: {@code writers} threads, each
 * creating its artifacts with {@code POST /api/artifacts} and adding their versions with
 * {@code PUT /api/artifacts/{id}}.
 */
public final class RestSeeder {

    /** What the seeding took. */
    public record Result(int writers, long versions, long errors, double seconds) {
        public double versionsPerSecond() {
            return versions / seconds;
        }
    }

    private RestSeeder() {}

    /**
     * Creates {@code artifacts} artifacts of {@code versions} versions each, numbered from
     * {@code firstArtifact} so as not to meet imported ones, spread over the writers.
     */
    public static Result seed(
            URI base, SchemaGenerator schemas, long firstArtifact, int artifacts, int versions, int writers)
            throws InterruptedException {
        HttpClient http = PerfHttp.client();
        AtomicLong stored = new AtomicLong();
        AtomicLong errors = new AtomicLong();
        List<Thread> threads = new ArrayList<>();
        long start = System.nanoTime();
        for (int w = 0; w < writers; w++) {
            int writer = w;
            Thread t = new Thread(
                    () -> {
                        for (long i = firstArtifact + writer; i < firstArtifact + artifacts; i += writers) {
                            String id = SchemaGenerator.artifactId(i);
                            for (int v = 1; v <= versions; v++) {
                                HttpRequest.Builder request = HttpRequest.newBuilder()
                                        .header("Content-Type", "application/json")
                                        .timeout(Duration.ofSeconds(30));
                                String body = schemas.schema(i, v).text();
                                request = v == 1
                                        ? request.uri(base.resolve("/api/artifacts"))
                                                .header("X-Registry-ArtifactId", id)
                                                .POST(HttpRequest.BodyPublishers.ofString(body))
                                        : request.uri(base.resolve("/api/artifacts/" + id))
                                                .PUT(HttpRequest.BodyPublishers.ofString(body));
                                try {
                                    int status = http.send(request.build(), HttpResponse.BodyHandlers.discarding())
                                            .statusCode();
                                    (status == 200 ? stored : errors).incrementAndGet();
                                } catch (IOException e) {
                                    errors.incrementAndGet();
                                } catch (InterruptedException e) {
                                    Thread.currentThread().interrupt();
                                    return;
                                }
                            }
                        }
                    },
                    "perf-rest-writer-" + w);
            threads.add(t);
            t.start();
        }
        for (Thread t : threads) {
            t.join();
        }
        return new Result(writers, stored.get(), errors.get(), (System.nanoTime() - start) / 1e9);
    }
}
