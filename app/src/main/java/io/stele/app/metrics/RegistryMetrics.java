package io.stele.app.metrics;

import io.micrometer.core.instrument.Meter;
import io.micrometer.core.instrument.config.MeterFilter;
import io.micrometer.core.instrument.distribution.DistributionStatisticConfig;
import jakarta.enterprise.inject.Produces;
import jakarta.inject.Singleton;
import java.time.Duration;

/**
 * The registry's own metrics beside Quarkus' HTTP and JVM ones: latency histograms for requests and
 * storage calls ({@link TimedStorage}). The gauges of how many artifacts and versions exist are
 * the storage's ({@code io.stele.app.storage.StorageCounts}).
 */
@Singleton
public class RegistryMetrics {

    /** Histograms, so that percentiles can be computed across replicas from /q/metrics. */
    @Produces
    @Singleton
    MeterFilter histograms() {
        return new MeterFilter() {
            @Override
            public DistributionStatisticConfig configure(Meter.Id id, DistributionStatisticConfig config) {
                if (id.getName().equals("http.server.requests") || id.getName().equals("stele.storage.operation")) {
                    return DistributionStatisticConfig.builder()
                            .percentilesHistogram(true)
                            .minimumExpectedValue((double) Duration.ofMillis(1).toNanos() / 10)
                            .maximumExpectedValue(
                                    (double) Duration.ofSeconds(10).toNanos())
                            .build()
                            .merge(config);
                }
                return config;
            }
        };
    }
}
