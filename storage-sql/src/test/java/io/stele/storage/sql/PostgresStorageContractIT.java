package io.stele.storage.sql;

import io.stele.storage.testkit.StorageContractSuite;

/** PostgreSQL, on a real server the build starts, in a database of its own. */
class PostgresStorageContractIT extends StorageContractSuite {

    PostgresStorageContractIT() {
        super(SqlStorageBeans.POSTGRESQL);
    }
}
