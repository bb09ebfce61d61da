package io.stele.perf;

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
 * Reads the latest version of each artifact in a range once, with concurrent readers: what a
 * registry in service has done long before a flood, and what a registry just seeded by import has
 * not (its read cache is empty).
 */
final class CacheFill {

    /** How long the pass took, and how many reads failed. */
    record Result(double seconds, long errors) {}

    private CacheFill() {}

    static Result readAll(URI base, long from, long to, int readers) throws InterruptedException {
        HttpClient http = PerfHttp.client();
        AtomicLong next = new AtomicLong(from);
        AtomicLong errors = new AtomicLong();
        List<Thread> threads = new ArrayList<>();
        long start = System.nanoTime();
        for (int r = 0; r < readers; r++) {
            Thread t = new Thread(
                    () -> {
                        for (long i = next.getAndIncrement(); i < to; i = next.getAndIncrement()) {
                            HttpRequest request = HttpRequest.newBuilder(
                                            base.resolve("/api/artifacts/" + SchemaGenerator.artifactId(i)))
                                    .timeout(Duration.ofSeconds(30))
                                    .build();
                            try {
                                if (http.send(request, HttpResponse.BodyHandlers.discarding())
                                                .statusCode()
                                        != 200) {
                                    errors.incrementAndGet();
                                }
                            } catch (IOException e) {
                                errors.incrementAndGet();
                            } catch (InterruptedException e) {
                                Thread.currentThread().interrupt();
                                return;
                            }
                        }
                    },
                    "perf-cache-fill-" + r);
            threads.add(t);
            t.start();
        }
        for (Thread t : threads) {
            t.join();
        }
        return new Result((System.nanoTime() - start) / 1e9, errors.get());
    }
}
