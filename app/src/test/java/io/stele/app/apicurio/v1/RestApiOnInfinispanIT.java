package io.stele.app.apicurio.v1;

import io.quarkus.test.junit.QuarkusTest;
import io.quarkus.test.junit.TestProfile;
import io.stele.app.testing.OnInfinispan;

/** Every REST suite on Infinispan. */
@QuarkusTest
@TestProfile(OnInfinispan.class)
class RestApiOnInfinispanIT extends RestSuites {}
