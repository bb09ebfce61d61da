package io.stele.app.console;

import static org.assertj.core.api.Assertions.assertThat;

import io.stele.testservers.RegistryProcess;
import java.net.http.HttpResponse;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Map;

/** The packaged registry on the embedded default, with artifacts of each type the console shows. */
final class ConsoleFixture {

    static final String ORDERS_V1 =
            "{\"type\":\"record\",\"name\":\"Order\",\"namespace\":\"shop\",\"fields\":[{\"name\":\"id\",\"type\":\"long\"}]}";
    static final String ORDERS_V2 = "{\"type\":\"record\",\"name\":\"Order\",\"namespace\":\"shop\",\"fields\":"
            + "[{\"name\":\"id\",\"type\":\"long\"},{\"name\":\"note\",\"type\":\"string\",\"default\":\"\"}]}";
    /** Breaks BACKWARD compatibility with both versions: {@code id} changes type. */
    static final String ORDERS_BREAKING =
            "{\"type\":\"record\",\"name\":\"Order\",\"namespace\":\"shop\",\"fields\":[{\"name\":\"id\",\"type\":\"string\"}]}";

    static final String CUSTOMER_JSON =
            "{\"$schema\":\"http://json-schema.org/draft-07/schema#\",\"title\":\"Customer\","
                    + "\"type\":\"object\",\"properties\":{\"name\":{\"type\":\"string\"}}}";
    static final String PAYMENT_PROTO = "syntax = \"proto3\";\npackage shop;\n\n// A payment taken at the till\n"
            + "message Payment {\n  string id = 1;\n  int64 amount = 2;\n}\n";
    static final String SHOP_OPENAPI = "openapi: 3.0.3\ninfo:\n  title: Shop\n  version: 1.0.0\npaths: {}\n";
    static final String EVENTS_ASYNCAPI = "asyncapi: 2.6.0\ninfo:\n  title: Events\n  version: 1.0.0\nchannels: {}\n";
    static final int BULK = 25;

    private ConsoleFixture() {}

    static RegistryProcess start(String name) throws Exception {
        Files.createDirectories(Path.of("target"));
        Path dir = Files.createTempDirectory(Path.of("target").toAbsolutePath(), name);
        return new RegistryProcess(Map.of("stele.storage.embedded.dir", dir.toString()), dir.resolve("registry.log"))
                .start();
    }

    /** What the read-only walks look at: five types, two versions, a rule, a referrer, and a bulk to page through. */
    static void seed(RegistryProcess registry) {
        create(registry, "orders", "AVRO", ORDERS_V1);
        ok(registry.send("PUT", "/api/artifacts/orders", ORDERS_V2, "Content-Type", "application/json"));
        ok(registry.send(
                "PUT",
                "/api/artifacts/orders/meta",
                "{\"name\":\"Orders\",\"description\":\"Orders placed in the shop\",\"labels\":[\"sales\",\"core\"]}",
                "Content-Type",
                "application/json"));
        ok(registry.send(
                "POST",
                "/api/artifacts/orders/rules",
                "{\"type\":\"COMPATIBILITY\",\"config\":\"BACKWARD\"}",
                "Content-Type",
                "application/json"));
        create(registry, "customer-json", "JSON", CUSTOMER_JSON);
        create(registry, "payments-proto", "PROTOBUF", PAYMENT_PROTO);
        create(registry, "shop-openapi", "OPENAPI", SHOP_OPENAPI);
        create(registry, "events-asyncapi", "ASYNCAPI", EVENTS_ASYNCAPI);
        String line = "{\"type\":\"record\",\"name\":\"OrderLine\",\"namespace\":\"shop\","
                + "\"fields\":[{\"name\":\"order\",\"type\":\"shop.Order\"}]}";
        ok(registry.send(
                "POST",
                "/subjects/order-line/versions",
                "{\"schema\":" + quoted(line) + ",\"references\":[{\"name\":\"shop.Order\",\"subject\":\"orders\","
                        + "\"version\":2}]}",
                "Content-Type",
                "application/vnd.schemaregistry.v1+json"));
        for (int i = 1; i <= BULK; i++) {
            String id = String.format("bulk-%02d", i);
            create(registry, id, "AVRO", "{\"type\":\"record\",\"name\":\"Bulk" + i + "\",\"fields\":[]}");
            ok(registry.send(
                    "PUT",
                    "/api/artifacts/" + id + "/meta",
                    "{\"name\":\"Batch record " + i + "\",\"labels\":[\"team-batch\"]}",
                    "Content-Type",
                    "application/json"));
        }
    }

    static void create(RegistryProcess registry, String id, String type, String content) {
        ok(registry.send(
                "POST",
                "/api/artifacts",
                content,
                "X-Registry-ArtifactId",
                id,
                "X-Registry-ArtifactType",
                type,
                "Content-Type",
                "application/json"));
    }

    static HttpResponse<String> ok(HttpResponse<String> response) {
        assertThat(response.statusCode())
                .as(response.request().method() + " " + response.uri() + ": " + response.body())
                .isBetween(200, 299);
        return response;
    }

    private static String quoted(String text) {
        return "\"" + text.replace("\\", "\\\\").replace("\"", "\\\"") + "\"";
    }
}
