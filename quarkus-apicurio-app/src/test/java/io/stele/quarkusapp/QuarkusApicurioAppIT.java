package io.stele.quarkusapp;

import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

import io.quarkus.test.common.WithTestResource;
import io.quarkus.test.junit.QuarkusTest;
import jakarta.inject.Inject;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.time.Duration;
import org.junit.jupiter.api.Test;

/**
 * A Quarkus application on {@code quarkus-apicurio-registry-avro}, pointed at Stele: its producer
 * registers the record's schema through Apicurio's serializer, and its consumer reads the record
 * back through Apicurio's deserializer, which fetches the schema by the id in the record.
 */
@QuarkusTest
@WithTestResource(RegistryAndBroker.class)
class QuarkusApicurioAppIT {

    @Inject
    Orders orders;

    @Test
    void anOrder_isWrittenWithTheSchemaSteleKeeps_andReadBack() throws Exception {
        orders.send(new Order("o-1", 1250L));

        await("the consumer to read the order back through the deserializer")
                .atMost(Duration.ofSeconds(60))
                .untilAsserted(() -> assertThat(orders.received())
                        .extracting(order -> order.getId().toString(), Order::getCents)
                        .containsExactly(org.assertj.core.groups.Tuple.tuple("o-1", 1250L)));
        HttpResponse<String> latest = HttpClient.newHttpClient()
                .send(
                        HttpRequest.newBuilder(URI.create(RegistryAndBroker.registryUrl
                                        + "/groups/default/artifacts/orders-value/versions/branch=latest"))
                                .build(),
                        HttpResponse.BodyHandlers.ofString());
        assertThat(latest.statusCode()).as(latest.body()).isEqualTo(200);
        assertThat(latest.body()).contains("\"artifactType\":\"AVRO\"");
    }
}
