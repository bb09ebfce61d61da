package io.stele.app.packaged;

import static io.stele.app.packaged.UpgradeDrill.confluent;
import static io.stele.app.packaged.UpgradeDrill.registration;
import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import io.stele.testservers.RegistryProcess;
import java.net.http.HttpResponse;
import java.util.List;
import java.util.Map;

/**
 * What {@link UpgradeDrill} has the previous release write, and the writes this release must then
 * take or refuse: artifacts of every type on the v1 API with several versions, metadata, states and
 * rules; Avro, JSON Schema and Protobuf subjects with references on the Confluent API, one schema
 * under two subjects, soft-deleted versions and subjects, a subject's configuration and mode.
 */
final class UpgradeData {

    private static final ObjectMapper JSON = new ObjectMapper();

    /** One artifact of each type of the v1 API, by type. */
    private static final Map<String, String> ONE_OF_EACH_TYPE = Map.of(
            "JSON", "{\"$schema\":\"http://json-schema.org/draft-07/schema#\",\"title\":\"T\",\"type\":\"object\"}",
            "PROTOBUF", "syntax = \"proto3\";\nmessage Thing { string id = 1; }",
            "OPENAPI", "{\"openapi\":\"3.0.2\",\"info\":{\"title\":\"Widgets\",\"version\":\"1\"},\"paths\":{}}",
            "ASYNCAPI", "{\"asyncapi\":\"2.0.0\",\"info\":{\"title\":\"Events\",\"version\":\"1\"},\"channels\":{}}",
            "GRAPHQL", "type Query { hello: String }",
            "KCONNECT", "{\"type\":\"struct\",\"fields\":[{\"type\":\"string\",\"optional\":false,\"field\":\"id\"}]}",
            "XSD", "<xs:schema xmlns:xs=\"http://www.w3.org/2001/XMLSchema\"></xs:schema>",
            "WSDL", "<definitions xmlns=\"http://schemas.xmlsoap.org/wsdl/\"></definitions>",
            "XML", "<note><to>x</to></note>");

    private static final String CUSTOMER =
            "{\"type\":\"record\",\"name\":\"Customer\",\"fields\":[{\"name\":\"name\",\"type\":\"string\"}]}";
    private static final String ORDER = "{\"type\":\"record\",\"name\":\"Order\",\"fields\":"
            + "[{\"name\":\"id\",\"type\":\"long\"},{\"name\":\"customer\",\"type\":\"Customer\"}]}";
    private static final String MONEY =
            "syntax = \"proto3\";\npackage upgrade;\n" + "message Money { string currency = 1; int64 units = 2; }\n";
    private static final String INVOICE = "syntax = \"proto3\";\npackage upgrade;\nimport \"money.proto\";\n"
            + "message Invoice { string id = 1; upgrade.Money total = 2; }\n";
    private static final String ADDRESS = "{\"type\":\"object\",\"properties\":{\"street\":{\"type\":\"string\"}}}";
    private static final String PERSON =
            "{\"type\":\"object\",\"properties\":{\"address\":{\"$ref\":\"address.json\"}}}";

    private UpgradeData() {}

    static void writeEveryKind(RegistryProcess registry) throws Exception {
        ok(registry.send(
                "POST",
                "/api/rules",
                "{\"type\":\"VALIDITY\",\"config\":\"FULL\"}",
                "Content-Type",
                "application/json"));
        ok(Writes.create(registry, "upgrade-avro", Writes.schema(1)));
        for (int v = 2; v <= 3; v++) {
            ok(registry.send("PUT", "/api/artifacts/upgrade-avro", Writes.schema(v)));
        }
        for (Map.Entry<String, String> type : ONE_OF_EACH_TYPE.entrySet()) {
            ok(registry.send(
                    "POST",
                    "/api/artifacts",
                    type.getValue(),
                    "X-Registry-ArtifactId",
                    "upgrade-" + type.getKey().toLowerCase(java.util.Locale.ROOT),
                    "X-Registry-ArtifactType",
                    type.getKey()));
        }
        String meta = "{\"name\":\"Orders\",\"description\":\"Orders as the shop writes them\","
                + "\"labels\":[\"shop\",\"orders\"],\"properties\":{\"team\":\"payments\"}}";
        ok(registry.send("PUT", "/api/artifacts/upgrade-avro/meta", meta, "Content-Type", "application/json"));
        String rule = "{\"type\":\"COMPATIBILITY\",\"config\":\"BACKWARD\"}";
        ok(registry.send("POST", "/api/artifacts/upgrade-avro/rules", rule, "Content-Type", "application/json"));
        ok(registry.send(
                "PUT",
                "/api/artifacts/upgrade-avro/versions/2/state",
                "{\"state\":\"DISABLED\"}",
                "Content-Type",
                "application/json"));
        ok(registry.send(
                "PUT",
                "/api/artifacts/upgrade-xml/state",
                "{\"state\":\"DEPRECATED\"}",
                "Content-Type",
                "application/json"));

        // subject, type, schema, then a reference's name and subject (version 1) where it has one
        String[][] subjects = {
            {"upgrade-customer", "AVRO", CUSTOMER},
            {"upgrade-customer-copy", "AVRO", CUSTOMER},
            {"upgrade-order", "AVRO", ORDER, "Customer", "upgrade-customer"},
            {"upgrade-money", "PROTOBUF", MONEY},
            {"upgrade-invoice", "PROTOBUF", INVOICE, "money.proto", "upgrade-money"},
            {"upgrade-address", "JSON", ADDRESS},
            {"upgrade-person", "JSON", PERSON, "address.json", "upgrade-address"},
        };
        for (String[] subject : subjects) {
            String[] references = java.util.Arrays.copyOfRange(subject, 3, subject.length);
            ok(confluent(
                    registry,
                    "POST",
                    "/subjects/" + subject[0] + "/versions",
                    registration(subject[1], subject[2], references)));
        }
        String customer2 = CUSTOMER.replace("}]}", "},{\"name\":\"email\",\"type\":\"string\",\"default\":\"\"}]}");
        ok(confluent(registry, "POST", "/subjects/upgrade-customer/versions", registration("AVRO", customer2)));
        ok(registry.send("DELETE", "/subjects/upgrade-customer/versions/2", null));
        ok(confluent(registry, "POST", "/subjects/upgrade-gone/versions", registration("AVRO", "\"string\"")));
        ok(registry.send("DELETE", "/subjects/upgrade-gone", null));
        ok(confluent(registry, "PUT", "/config/upgrade-order", "{\"compatibility\":\"FULL\"}"));
        ok(confluent(registry, "PUT", "/mode/upgrade-person", "{\"mode\":\"READONLY\"}"));
    }

    /**
     * Writes through this release on what the previous one wrote: the same schemas registered
     * again keep their ids; new versions and artifacts take new ids above the old ones; the stored
     * compatibility rule and read-only mode still refuse what they refused.
     */
    static void writeOn(RegistryProcess registry, Map<String, String> before) throws Exception {
        JsonNode customer = body(before.get("/subjects/upgrade-customer/versions/1"));
        JsonNode again = body(
                ok(confluent(registry, "POST", "/subjects/upgrade-customer/versions", registration("AVRO", CUSTOMER))));
        assertThat(again.path("id").asInt())
                .as("the id of a schema registered again")
                .isEqualTo(customer.path("id").asInt());
        JsonNode order = body(before.get("/subjects/upgrade-order/versions/1"));
        JsonNode found = body(ok(confluent(
                registry,
                "POST",
                "/subjects/upgrade-order",
                registration("AVRO", ORDER, "Customer", "upgrade-customer"))));
        assertThat(List.of(found.path("id").asInt(), found.path("version").asInt()))
                .as("a schema with references looked up")
                .isEqualTo(List.of(order.path("id").asInt(), 1));

        long highest = UpgradeDrill.highestGlobalId(before);
        HttpResponse<String> next = ok(registry.send("PUT", "/api/artifacts/upgrade-avro", Writes.schema(4)));
        assertThat(Writes.globalId(next)).as("a new version's globalId").isGreaterThan(highest);
        assertThat(Writes.globalId(ok(Writes.create(registry, "upgrade-after", Writes.schema(1)))))
                .isGreaterThan(Writes.globalId(next));
        String incompatible = Writes.schema(1).replace("]}", ",{\"name\":\"required\",\"type\":\"int\"}]}");
        HttpResponse<String> refused = registry.send("PUT", "/api/artifacts/upgrade-avro", incompatible);
        assertThat(refused.statusCode()).as(refused.body()).isEqualTo(409);
        HttpResponse<String> readOnly = confluent(
                registry,
                "POST",
                "/subjects/upgrade-person/versions",
                registration("JSON", PERSON.replace("}}}", "}},\"title\":\"P\"}"), "address.json", "upgrade-address"));
        assertThat(readOnly.statusCode()).as(readOnly.body()).isEqualTo(422);
        assertThat(readOnly.body()).contains("42205");
        ok(confluent(
                registry,
                "POST",
                "/subjects/upgrade-receipt/versions",
                registration("PROTOBUF", INVOICE.replace("Invoice", "Receipt"), "money.proto", "upgrade-money")));
    }

    private static HttpResponse<String> ok(HttpResponse<String> response) {
        assertThat(response.statusCode())
                .as("%s %s: %s", response.request().method(), response.uri(), response.body())
                .isBetween(200, 204);
        return response;
    }

    private static JsonNode body(HttpResponse<String> response) throws Exception {
        return JSON.readTree(response.body());
    }

    /** The body of an answer {@link UpgradeDrill#readEverything} kept. */
    private static JsonNode body(String answer) throws Exception {
        assertThat(answer).as("kept before the upgrade").startsWith("200 ");
        return JSON.readTree(answer.substring(4));
    }
}
