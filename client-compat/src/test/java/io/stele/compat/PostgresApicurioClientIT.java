package io.stele.compat;

import io.stele.storage.testkit.backends.PostgresBackend;

/** The 1.3.2 clients against the packaged registry on a new database of a private PostgreSQL server. */
class PostgresApicurioClientIT extends ApicurioClientContract {

    @Override
    protected String kind() {
        return PostgresBackend.KIND;
    }
}
