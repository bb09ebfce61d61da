package io.stele.apicurio;

import io.stele.storage.testkit.backends.PostgresBackend;

/** Apicurio's 3.x serdes against the packaged registry on PostgreSQL, on a database of its own. */
class PostgresApicurioSerdeIT extends ApicurioSerdeContract {

    @Override
    protected String kind() {
        return PostgresBackend.KIND;
    }
}
