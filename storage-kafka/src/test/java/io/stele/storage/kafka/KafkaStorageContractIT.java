package io.stele.storage.kafka;

import io.stele.storage.testkit.StorageContractSuite;

/** The Kafka log, on a real broker the build starts, in a topic and a state folder of its own. */
class KafkaStorageContractIT extends StorageContractSuite {

    KafkaStorageContractIT() {
        super(KafkaStorage.KIND);
    }
}
