package io.stele.app.rest;

import io.quarkus.test.junit.QuarkusTest;
import io.quarkus.test.junit.TestProfile;
import io.stele.app.testing.OnKafka;

/** {@link SearchApiTest}, unchanged, on the Kafka log. */
@QuarkusTest
@TestProfile(OnKafka.class)
class SearchApiKafkaIT extends SearchApiTest {}
