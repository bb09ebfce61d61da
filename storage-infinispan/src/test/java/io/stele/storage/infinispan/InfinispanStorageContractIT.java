package io.stele.storage.infinispan;

import io.stele.storage.testkit.StorageContractSuite;

/** Infinispan, on a real node the build starts, in caches of its own. */
class InfinispanStorageContractIT extends StorageContractSuite {

    InfinispanStorageContractIT() {
        super(InfinispanStorage.KIND);
    }
}
