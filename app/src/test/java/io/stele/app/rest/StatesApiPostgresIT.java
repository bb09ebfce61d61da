package io.stele.app.rest;

import io.quarkus.test.junit.QuarkusTest;
import io.quarkus.test.junit.TestProfile;
import io.stele.app.testing.OnPostgres;

/** {@link StatesApiTest}, unchanged, on PostgreSQL. */
@QuarkusTest
@TestProfile(OnPostgres.class)
class StatesApiPostgresIT extends StatesApiTest {}
