package io.stele.app.cache;

import io.micrometer.core.instrument.simple.SimpleMeterRegistry;
import io.stele.storage.RegistryStorage;
import io.stele.storage.testkit.StorageContractSuite;
import io.stele.storage.testkit.backends.EmbeddedBackend;
import java.time.Duration;

/** The read cache in front of the embedded default keeps every promise of the storage SPI. */
class CachingStorageContractTest extends StorageContractSuite {

    CachingStorageContractTest() {
        super(EmbeddedBackend.KIND);
    }

    @Override
    protected RegistryStorage around(RegistryStorage backend) {
        return new CachingStorage(
                backend, CacheBudget.of(16 * 1024 * 1024), Duration.ofSeconds(30), new SimpleMeterRegistry());
    }
}
