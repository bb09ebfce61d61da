package io.stele.app.storage;

import io.quarkus.runtime.Startup;
import io.micrometer.core.instrument.MeterRegistry;
import io.stele.app.cache.CacheConfig;
import io.stele.app.cache.CachingStorage;
import io.stele.app.metrics.TimedStorage;
import io.stele.storage.RegistryStorage;
import io.stele.storage.StorageUnavailableException;
import jakarta.annotation.PostConstruct;
import jakarta.annotation.PreDestroy;
import jakarta.enterprise.inject.Instance;
import jakarta.inject.Inject;
import jakarta.inject.Singleton;
import java.util.concurrent.Executors;
import java.util.concurrent.ScheduledExecutorService;
import java.util.concurrent.TimeUnit;
import org.eclipse.microprofile.config.inject.ConfigProperty;
import org.jboss.logging.Logger;

/**
 * Finds the one backend that {@code stele.storage.kind} selects among the backend modules on the
 * classpath, puts the read cache in front of it, and starts it. When the backend cannot be reached at start-up, the registry still
 * starts: it logs one line naming the settings involved, answers 503 and stays not ready, and keeps
 * trying until the backend answers.
 */
@Startup
@Singleton
public class StorageProvider {

    private static final Logger LOG = Logger.getLogger(StorageProvider.class);
    private static final long RETRY_SECONDS = 2;

    private final CachingStorage storage;
    private final ScheduledExecutorService retries = Executors.newSingleThreadScheduledExecutor(r -> {
        Thread t = new Thread(r, "stele-storage-start");
        t.setDaemon(true);
        return t;
    });
    private volatile boolean started;
    private volatile StorageUnavailableException startFailure;

    @Inject
    StorageProvider(Instance<RegistryStorage> backends,
            @ConfigProperty(name = "stele.storage.kind", defaultValue = "embedded") String kind, CacheConfig cache,
            MeterRegistry meters) {
        if (!backends.isResolvable()) {
            throw new IllegalStateException("stele.storage.kind=" + kind
                    + " names no storage backend on the classpath; the backends shipped are: embedded, postgresql, kafka.");
        }
        this.storage = new CachingStorage(new TimedStorage(backends.get(), meters), cache.maxMemory().asLongValue(), cache.versionTtl(), meters);
    }

    @PostConstruct
    void start() {
        if (!tryStart()) {
            LOG.errorf("%s. Retrying every %d s; /q/health/ready stays down until it answers.",
                    startFailure.getMessage(), RETRY_SECONDS);
            retries.scheduleWithFixedDelay(() -> {
                if (tryStart()) {
                    retries.shutdown();
                }
            }, RETRY_SECONDS, RETRY_SECONDS, TimeUnit.SECONDS);
        }
    }

    private synchronized boolean tryStart() {
        if (started) {
            return true;
        }
        try {
            storage.start();
            started = true;
            LOG.infof("Storage backend '%s' started", storage.kind());
            return true;
        } catch (StorageUnavailableException e) {
            startFailure = e;
            return false;
        }
    }

    @PreDestroy
    void stop() {
        retries.shutdownNow();
        storage.close();
    }

    /** Whether the backend has started (it may still be unreachable now). */
    public boolean isStarted() {
        return started;
    }

    /** Whether the backend has started and answers now. */
    public boolean isReady() {
        return started && storage.isReady();
    }

    /**
     * The started backend, behind the read cache.
     *
     * @throws StorageUnavailableException while it has not started
     */
    public CachingStorage storage() {
        if (!started) {
            throw new StorageUnavailableException("The " + storage.kind() + " storage backend has not started yet",
                    startFailure);
        }
        return storage;
    }

    public String kind() {
        return storage.kind();
    }
}
