package io.stele.app.console;

import io.micrometer.core.instrument.Gauge;
import io.micrometer.core.instrument.Measurement;
import io.micrometer.core.instrument.Meter;
import io.micrometer.core.instrument.MeterRegistry;
import io.stele.app.storage.StorageProvider;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.inject.Inject;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.TreeMap;

/**
 * The registry at a glance, read from what it already measures: the counts its metrics refresh in
 * the background (so that a look at the console never counts a million rows), the backend and its
 * readiness, and each read cache's hits and misses since start-up. Thread-safe.
 */
@ApplicationScoped
public class Overview {

    @Inject
    StorageProvider provider;

    @Inject
    MeterRegistry meters;

    /** One read cache's use since start-up; {@code hitRate} is a percentage, or a dash before any use. */
    public record Cache(String name, long hits, long misses, String hitRate) {}

    /** What the overview page shows; a count is a dash until first counted. */
    public record View(String backend, boolean ready, String artifacts, String versions, List<Cache> caches) {}

    public View view() {
        return new View(
                provider.kind(), provider.isReady(), count("stele.artifacts"), count("stele.versions"), caches());
    }

    private String count(String gauge) {
        Gauge g = meters.find(gauge).gauge();
        double value = g == null ? -1 : g.value();
        return value < 0 ? "-" : String.format(Locale.ROOT, "%,d", (long) value);
    }

    private List<Cache> caches() {
        Map<String, long[]> byCache = new TreeMap<>();
        for (Meter meter : meters.find("cache.gets").meters()) {
            String cache = meter.getId().getTag("cache");
            String result = meter.getId().getTag("result");
            if (cache == null || result == null) {
                continue;
            }
            long[] counts = byCache.computeIfAbsent(cache, c -> new long[2]);
            counts["hit".equals(result) ? 0 : 1] += (long) total(meter);
        }
        return byCache.entrySet().stream()
                .map(e -> {
                    long hits = e.getValue()[0];
                    long misses = e.getValue()[1];
                    String rate = hits + misses == 0
                            ? "-"
                            : String.format(Locale.ROOT, "%.1f %%", 100.0 * hits / (hits + misses));
                    return new Cache(e.getKey(), hits, misses, rate);
                })
                .toList();
    }

    private static double total(Meter meter) {
        double sum = 0;
        for (Measurement m : meter.measure()) {
            sum += Double.isNaN(m.getValue()) ? 0 : m.getValue();
        }
        return sum;
    }
}
