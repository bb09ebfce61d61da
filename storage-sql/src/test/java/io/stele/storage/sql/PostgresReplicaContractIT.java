package io.stele.storage.sql;

import io.stele.storage.testkit.ReplicaContractSuite;

/** Two nodes on one PostgreSQL database keep the replica contract. */
class PostgresReplicaContractIT extends ReplicaContractSuite {

    PostgresReplicaContractIT() {
        super(SqlStorageBeans.POSTGRESQL);
    }
}
