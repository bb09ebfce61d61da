package io.stele.app.storage;

import io.quarkus.runtime.Startup;
import io.stele.storage.RegistryStorage;
import jakarta.annotation.PostConstruct;
import jakarta.annotation.PreDestroy;
import jakarta.enterprise.inject.Instance;
import jakarta.inject.Inject;
import jakarta.inject.Singleton;
import org.eclipse.microprofile.config.inject.ConfigProperty;
import org.jboss.logging.Logger;

/**
 * Finds the one backend that {@code stele.storage.kind} selects among the backend modules on the
 * classpath, starts it with the application and closes it at shut-down.
 */
@Startup
@Singleton
public class StorageProvider {

    private static final Logger LOG = Logger.getLogger(StorageProvider.class);

    private final RegistryStorage storage;

    @Inject
    StorageProvider(Instance<RegistryStorage> backends,
            @ConfigProperty(name = "stele.storage.kind", defaultValue = "embedded") String kind) {
        if (!backends.isResolvable()) {
            throw new IllegalStateException("stele.storage.kind=" + kind
                    + " names no storage backend on the classpath; the backends shipped are: embedded, postgresql.");
        }
        this.storage = backends.get();
    }

    @PostConstruct
    void start() {
        storage.start();
        LOG.infof("Storage backend '%s' started", storage.kind());
    }

    @PreDestroy
    void stop() {
        storage.close();
    }

    public RegistryStorage storage() {
        return storage;
    }
}
