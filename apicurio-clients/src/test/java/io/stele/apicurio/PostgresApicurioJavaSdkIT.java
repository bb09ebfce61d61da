package io.stele.apicurio;

import io.stele.storage.testkit.backends.PostgresBackend;

/** Apicurio's 3.x Java SDK against the packaged registry on PostgreSQL, on a database of its own. */
class PostgresApicurioJavaSdkIT extends ApicurioJavaSdkContract {

    @Override
    protected String kind() {
        return PostgresBackend.KIND;
    }
}
