package io.stele.perf.pause;

import io.stele.perf.PerfHttp;
import java.io.IOException;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.time.Duration;

/**
 * The registry's latest-version cache as its metrics count it ({@code /q/metrics}): a request the
 * cache cannot answer reads the store, so misses and evictions during a flood explain latency that
 * no stop does.
 *
 * @param misses look-ups that found no entry, since the registry started
 * @param evictions entries dropped to stay within the cache's bound, since the registry started
 */
public record CacheCounts(long misses, long evictions) {

    private static final String CACHE = "cache=\"stele.latest\"";

    /** Reads the counts now. */
    public static CacheCounts of(URI registry) {
        HttpClient http = PerfHttp.client();
        HttpRequest request = HttpRequest.newBuilder(registry.resolve("/q/metrics"))
                .timeout(Duration.ofSeconds(30))
                .build();
        try {
            HttpResponse<String> response = http.send(request, HttpResponse.BodyHandlers.ofString());
            if (response.statusCode() != 200) {
                throw new IllegalStateException("The registry's metrics answered " + response.statusCode());
            }
            return parse(response.body());
        } catch (IOException e) {
            throw new IllegalStateException("Could not read the registry's metrics: " + e.getMessage(), e);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new IllegalStateException("Interrupted while reading the registry's metrics", e);
        }
    }

    static CacheCounts parse(String metrics) {
        long misses = 0;
        long evictions = 0;
        for (String line : metrics.split("\n")) {
            if (!line.contains(CACHE)) {
                continue;
            }
            if (line.startsWith("cache_gets_total{") && line.contains("result=\"miss\"")) {
                misses += value(line);
            } else if (line.startsWith("cache_evictions_total{")) {
                evictions += value(line);
            }
        }
        return new CacheCounts(misses, evictions);
    }

    private static long value(String line) {
        return (long) Double.parseDouble(line.substring(line.lastIndexOf(' ') + 1));
    }

    /** What happened between an earlier reading and this one. */
    public CacheCounts since(CacheCounts earlier) {
        return new CacheCounts(misses - earlier.misses, evictions - earlier.evictions);
    }
}
