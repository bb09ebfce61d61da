package io.stele.storage.kafka;

import io.stele.storage.StorageFactory;

/** The Kafka log opened from {@code stele.storage.kafka.*} outside a container. */
public final class KafkaStorageFactory extends StorageFactory {

    public KafkaStorageFactory() {
        super(
                KafkaStorage.KIND,
                settings -> new KafkaStorage(
                        mapping(KafkaStorageConfig.class, settings).settings()));
    }
}
