package io.stele.storage.kafka;

import io.stele.storage.testkit.ReplicaContractSuite;

/** Two replicas of one Kafka log keep the replica contract. */
class KafkaReplicaContractIT extends ReplicaContractSuite {

    KafkaReplicaContractIT() {
        super(KafkaStorage.KIND);
    }
}
