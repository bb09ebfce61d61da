package io.stele.storage.infinispan;

import io.quarkus.arc.lookup.LookupIfProperty;
import io.stele.storage.RegistryStorage;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.enterprise.inject.Produces;

/** Contributes the Infinispan backend, looked up only when {@code stele.storage.kind=infinispan}. */
@ApplicationScoped
public class InfinispanStorageBeans {

    @Produces
    @ApplicationScoped
    @LookupIfProperty(name = "stele.storage.kind", stringValue = InfinispanStorage.KIND)
    RegistryStorage infinispan(InfinispanStorageConfig config) {
        return new InfinispanStorage(config::settings);
    }
}
