package io.stele.apicurio2;

import io.stele.storage.testkit.backends.PostgresBackend;

/** Apicurio's 2.6 client against the packaged registry on PostgreSQL, on a database of its own. */
class PostgresApicurio2ClientIT extends Apicurio2ClientContract {

    @Override
    protected String kind() {
        return PostgresBackend.KIND;
    }
}
