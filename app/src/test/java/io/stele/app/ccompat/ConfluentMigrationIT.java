package io.stele.app.ccompat;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import io.stele.storage.testkit.backends.Backend;
import io.stele.testservers.RegistryProcess;
import java.io.IOException;
import java.net.http.HttpResponse;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

/**
 * The migration tool ({@code tools/copy-confluent-registry.py}) copies one registry that serves
 * Confluent's API into an empty Stele through IMPORT mode, keeping every schema id and version
 * number, soft deletion, compatibility level and schema reference. The source is a second packaged Stele: it answers
 * Confluent's API as the tool reads it, and its ids start past those an empty target would give, so
 * an id the tool did not keep shows.
 */
class ConfluentMigrationIT {

    private static final ObjectMapper JSON = new ObjectMapper();
    private static final String TYPE = "application/vnd.schemaregistry.v1+json";

    private static JsonNode call(RegistryProcess registry, String method, String path, String body) throws IOException {
        HttpResponse<String> answer = registry.send(method, path, body, "Content-Type", TYPE);
        assertThat(answer.statusCode())
                .as("%s %s: %s", method, path, answer.body())
                .isEqualTo(200);
        return JSON.readTree(answer.body());
    }

    private static final String ADDRESS = "{\"type\":\"record\",\"name\":\"Address\",\"namespace\":\"com.example\","
            + "\"fields\":[{\"name\":\"street\",\"type\":\"string\"}]}";
    private static final String CUSTOMER = "{\"type\":\"record\",\"name\":\"Customer\",\"namespace\":\"com.example\","
            + "\"fields\":[{\"name\":\"home\",\"type\":\"com.example.Address\"}]}";

    private static String schema(String name, String... fields) {
        StringBuilder all = new StringBuilder("{\"name\":\"id\",\"type\":\"long\"}");
        for (String field : fields) {
            all.append(",{\"name\":\"").append(field).append("\",\"type\":\"string\",\"default\":\"\"}");
        }
        return "{\"type\":\"record\",\"name\":\"" + name + "\",\"fields\":[" + all + "]}";
    }

    private static String register(String schema, String type) throws IOException {
        return JSON.writeValueAsString(
                type == null
                        ? JSON.createObjectNode().put("schema", schema)
                        : JSON.createObjectNode().put("schema", schema).put("schemaType", type));
    }

    private static long id(RegistryProcess registry, String subject, String schema, String type) throws IOException {
        return call(registry, "POST", "/subjects/" + subject + "/versions", register(schema, type))
                .get("id")
                .asLong();
    }

    @Test
    @Timeout(value = 10, unit = TimeUnit.MINUTES)
    void copy_keepsIdsVersionsSoftDeletionAndLevels_andLeavesTheTargetReadWrite() throws Exception {
        Path logs = Files.createDirectories(Path.of("target", "confluent-migration"));
        try (RegistryProcess source = new RegistryProcess(
                                Backend.shared("embedded").newStore().replica("source"), logs.resolve("source.log"))
                        .start();
                RegistryProcess target = new RegistryProcess(
                                Backend.shared("embedded").newStore().replica("target"), logs.resolve("target.log"))
                        .start()) {
            // ids 1 to 3 go to schemas deleted for good, so the source's ids start at 4
            for (int i = 0; i < 3; i++) {
                id(source, "scratch", schema("Scratch" + i), null);
                call(source, "PUT", "/config/scratch", "{\"compatibility\":\"NONE\"}");
            }
            call(source, "DELETE", "/subjects/scratch", null);
            call(source, "DELETE", "/subjects/scratch?permanent=true", null);
            long orderV1 = id(source, "orders-value", schema("Order"), null);
            long orderV2 = id(source, "orders-value", schema("Order", "note"), null);
            long orderV3 = id(source, "orders-value", schema("Order", "note", "tag"), null);
            call(source, "DELETE", "/subjects/orders-value/versions/2", null);
            String payment = "{\"type\":\"object\",\"properties\":{\"amount\":{\"type\":\"number\"}}}";
            long paymentId = id(source, "payments-value", payment, "JSON");
            call(source, "PUT", "/config/payments-value", "{\"compatibility\":\"FULL\"}");
            long goneId = id(source, "gone-value", schema("Gone"), null);
            call(source, "DELETE", "/subjects/gone-value", null);
            // a subject listed before the one it references: the tool copies the referenced first
            id(source, "z-addresses-value", ADDRESS, null);
            long customerId = call(
                            source,
                            "POST",
                            "/subjects/a-customers-value/versions",
                            ConfluentReferencesTest.body(CUSTOMER, "com.example.Address", "z-addresses-value", 1))
                    .get("id")
                    .asLong();
            call(source, "PUT", "/config", "{\"compatibility\":\"FORWARD\"}");
            assertThat(orderV1).isGreaterThan(3);

            Process copy = new ProcessBuilder(
                            "python3",
                            Path.of("..", "tools", "copy-confluent-registry.py").toString(),
                            source.baseUri().toString(),
                            target.baseUri() + "/apis/ccompat/v7")
                    .redirectErrorStream(true)
                    .redirectOutput(logs.resolve("copy.log").toFile())
                    .start();
            assertThat(copy.waitFor(5, TimeUnit.MINUTES))
                    .as("the copy finished within 5 minutes")
                    .isTrue();
            assertThat(copy.exitValue())
                    .as("the copy's output: %s", Files.readString(logs.resolve("copy.log")))
                    .isZero();

            for (long id : List.of(orderV1, orderV2, orderV3, paymentId, goneId, customerId)) {
                assertThat(call(target, "GET", "/schemas/ids/" + id, null))
                        .as("schema id %d", id)
                        .isEqualTo(call(source, "GET", "/schemas/ids/" + id, null));
            }
            assertThat(call(target, "GET", "/subjects/orders-value/versions", null)
                            .toString())
                    .isEqualTo("[1,3]");
            assertThat(call(target, "GET", "/subjects/orders-value/versions/2?deleted=true", null)
                            .get("id")
                            .asLong())
                    .isEqualTo(orderV2);
            assertThat(call(target, "GET", "/subjects", null).toString())
                    .isEqualTo("[\"a-customers-value\",\"orders-value\",\"payments-value\",\"z-addresses-value\"]");
            assertThat(call(target, "GET", "/subjects?deleted=true", null).toString())
                    .contains("gone-value");
            assertThat(call(target, "GET", "/config/payments-value", null)
                            .get("compatibilityLevel")
                            .asText())
                    .isEqualTo("FULL");
            assertThat(call(target, "GET", "/config", null)
                            .get("compatibilityLevel")
                            .asText())
                    .isEqualTo("FORWARD");
            assertThat(call(target, "GET", "/mode", null).get("mode").asText()).isEqualTo("READWRITE");
            List<Long> imported = new ArrayList<>(List.of(orderV1, orderV2, orderV3, paymentId, goneId, customerId));
            assertThat(id(target, "fresh-value", schema("Fresh"), null))
                    .as("a new schema's id comes after every id imported")
                    .isGreaterThan(
                            imported.stream().mapToLong(Long::longValue).max().orElseThrow());
        }
    }
}
