package io.stele.app.metrics;

import io.micrometer.core.instrument.Gauge;
import io.micrometer.core.instrument.Meter;
import io.micrometer.core.instrument.MeterRegistry;
import io.micrometer.core.instrument.config.MeterFilter;
import io.micrometer.core.instrument.distribution.DistributionStatisticConfig;
import io.quarkus.runtime.Startup;
import io.stele.app.storage.StorageProvider;
import jakarta.annotation.PostConstruct;
import jakarta.annotation.PreDestroy;
import jakarta.enterprise.inject.Produces;
import jakarta.inject.Inject;
import jakarta.inject.Singleton;
import java.time.Duration;
import java.util.concurrent.Executors;
import java.util.concurrent.ScheduledExecutorService;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicLong;
import org.jboss.logging.Logger;

/**
 * The registry's own metrics beside Quarkus' HTTP and JVM ones: latency histograms for requests and
 * storage calls, and gauges of how many artifacts and versions exist. The counts are refreshed in
 * the background every 30 s, and estimated where counting would scan every version: a count of ten
 * million versions on PostgreSQL kept both cores of a small machine busy long enough to stall the
 * answers in flight.
 */
@Startup
@Singleton
public class RegistryMetrics {

    private static final Logger LOG = Logger.getLogger(RegistryMetrics.class);
    private static final long REFRESH_SECONDS = 30;

    @Inject
    StorageProvider provider;

    @Inject
    MeterRegistry meters;

    private final AtomicLong artifacts = new AtomicLong(-1);
    private final AtomicLong versions = new AtomicLong(-1);
    private final ScheduledExecutorService refresher = Executors.newSingleThreadScheduledExecutor(r -> {
        Thread t = new Thread(r, "stele-metrics-counts");
        t.setDaemon(true);
        return t;
    });

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

    @PostConstruct
    void register() {
        Gauge.builder("stele.artifacts", artifacts, AtomicLong::get)
                .description("Artifacts in the registry (-1 until first counted)")
                .register(meters);
        Gauge.builder("stele.versions", versions, AtomicLong::get)
                .description("Artifact versions in the registry (-1 until first counted)")
                .register(meters);
        refresher.scheduleWithFixedDelay(this::refresh, 0, REFRESH_SECONDS, TimeUnit.SECONDS);
    }

    private void refresh() {
        if (!provider.isReady()) {
            return;
        }
        try {
            artifacts.set(provider.storage().artifacts().estimatedCount());
            versions.set(provider.storage().versions().estimatedCount());
        } catch (RuntimeException e) {
            LOG.debugf("Could not count artifacts and versions: %s", e.getMessage());
        }
    }

    @PreDestroy
    void stop() {
        refresher.shutdownNow();
    }
}
