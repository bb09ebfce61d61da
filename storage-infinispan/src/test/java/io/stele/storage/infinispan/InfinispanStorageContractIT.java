package io.stele.storage.infinispan;

import io.stele.storage.RegistryStorage;
import io.stele.storage.testkit.StorageContractSuite;
import io.stele.storage.testkit.backends.Backend;
import io.stele.storage.testkit.backends.InfinispanBackend;

/** Infinispan, on a real node the build starts, in caches of its own. */
class InfinispanStorageContractIT extends StorageContractSuite {

    /** The test's caches, the same when the suite opens the storage again. */
    private final InfinispanBackend.Caches caches =
            ((InfinispanBackend) Backend.shared(InfinispanBackend.KIND)).newStore();

    @Override
    protected RegistryStorage openStorage() {
        InfinispanStorage storage = new InfinispanStorage(() -> InfinispanTestSettings.of(caches));
        storage.start();
        return storage;
    }
}
