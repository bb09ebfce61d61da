package io.stele.app.apicurio.v1;

import io.quarkus.test.junit.QuarkusTest;
import io.quarkus.test.junit.TestProfile;
import io.stele.app.testing.OnKafka;

/** Every REST suite on the Kafka log. */
@QuarkusTest
@TestProfile(OnKafka.class)
class RestApiOnKafkaIT extends RestSuites {}
