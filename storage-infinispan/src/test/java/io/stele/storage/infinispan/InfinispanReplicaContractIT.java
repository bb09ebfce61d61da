package io.stele.storage.infinispan;

import io.stele.storage.testkit.ReplicaContractSuite;

/** Two replicas on one Infinispan cluster keep the replica contract. */
class InfinispanReplicaContractIT extends ReplicaContractSuite {

    InfinispanReplicaContractIT() {
        super(InfinispanStorage.KIND);
    }
}
