package io.stele.app.transfer;

import io.quarkus.test.junit.QuarkusTest;
import io.quarkus.test.junit.TestProfile;
import io.stele.app.testing.OnKafka;

/** {@link TransferApiTest}, unchanged, on the Kafka log. */
@QuarkusTest
@TestProfile(OnKafka.class)
class TransferApiKafkaIT extends TransferApiTest {}
