package io.stele.storage.infinispan;

import io.stele.storage.StorageFactory;

/** Infinispan over Hot Rod opened from {@code stele.storage.infinispan.*} outside a container. */
public final class InfinispanStorageFactory extends StorageFactory {

    public InfinispanStorageFactory() {
        super(
                InfinispanStorage.KIND,
                settings -> new InfinispanStorage(mapping(InfinispanStorageConfig.class, settings)::settings));
    }
}
