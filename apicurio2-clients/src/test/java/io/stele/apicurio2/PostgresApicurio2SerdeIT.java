package io.stele.apicurio2;

import io.stele.storage.testkit.backends.PostgresBackend;

/** Apicurio's 2.6 serdes against the packaged registry on PostgreSQL, on a database of its own. */
class PostgresApicurio2SerdeIT extends Apicurio2SerdeContract {

    @Override
    protected String kind() {
        return PostgresBackend.KIND;
    }
}
