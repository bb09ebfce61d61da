package io.stele.storage.kafka;

import io.quarkus.arc.lookup.LookupIfProperty;
import io.stele.storage.RegistryStorage;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.enterprise.inject.Produces;

/** Contributes the Kafka log backend, looked up only when {@code stele.storage.kind=kafka}. */
@ApplicationScoped
public class KafkaStorageBeans {

    @Produces
    @ApplicationScoped
    @LookupIfProperty(name = "stele.storage.kind", stringValue = KafkaStorage.KIND)
    RegistryStorage kafka(KafkaStorageConfig config) {
        return new KafkaStorage(config.settings());
    }
}
