package io.stele.app.storage;

import io.micrometer.core.instrument.Gauge;
import io.micrometer.core.instrument.MeterRegistry;
import io.quarkus.runtime.Startup;
import jakarta.annotation.PostConstruct;
import jakarta.annotation.PreDestroy;
import jakarta.inject.Inject;
import jakarta.inject.Singleton;
import java.util.concurrent.Executors;
import java.util.concurrent.ScheduledExecutorService;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicLong;
import org.jboss.logging.Logger;

/**
 * Gauges of how many artifacts and versions the storage holds ({@code stele.artifacts}, {@code
 * stele.versions}), -1 until first counted. The counts are refreshed in the background every 30 s,
 * and estimated where counting would scan every version: a count of ten million versions on
 * PostgreSQL kept both cores of a small machine busy long enough to stall the answers in flight.
 */
@Startup
@Singleton
public class StorageCounts {

    private static final Logger LOG = Logger.getLogger(StorageCounts.class);
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
