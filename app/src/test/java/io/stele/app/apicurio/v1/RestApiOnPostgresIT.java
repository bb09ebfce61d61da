package io.stele.app.apicurio.v1;

import io.quarkus.test.junit.QuarkusTest;
import io.quarkus.test.junit.TestProfile;
import io.stele.app.testing.OnPostgres;

/** Every REST suite on PostgreSQL. */
@QuarkusTest
@TestProfile(OnPostgres.class)
class RestApiOnPostgresIT extends RestSuites {}
