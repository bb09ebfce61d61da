package io.stele.app.apicurio.v3;

import static io.restassured.RestAssured.given;
import static org.assertj.core.api.Assertions.assertThat;

import io.quarkus.test.junit.QuarkusTest;
import io.restassured.RestAssured;
import io.restassured.http.ContentType;
import io.restassured.response.Response;
import java.util.List;
import java.util.Map;
import java.util.UUID;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * A version's content with its references dereferenced (v3 {@code references=DEREFERENCE}, v2
 * {@code dereference=true}) or rewritten to URLs ({@code references=REWRITE}), as Apicurio serves
 * them, on every path that serves a version's content; content without references is served as
 * registered, and what is not served is a 400 in the API's body.
 */
@QuarkusTest
public class RegistryReferencedContentApiTest {

    private static final String MONEY =
            "{\"type\":\"record\",\"name\":\"Money\",\"namespace\":\"money\",\"fields\":[{\"name\":\"cents\",\"type\":\"long\"}]}";
    private static final String PAYMENT = "{\"type\": \"record\", \"name\": \"Payment\", \"namespace\": \"ids\","
            + " \"fields\": [{\"name\": \"amount\", \"type\": \"money.Money\"}]}";
    private static final String ORDER = "{\"type\":\"record\",\"name\":\"Order\",\"namespace\":\"ids\",\"fields\":"
            + "[{\"name\":\"payment\",\"type\":\"ids.Payment\"},{\"name\":\"refund\",\"type\":[\"null\",\"ids.Payment\"]}]}";
    /** ORDER as Avro writes it parsed: each referenced type written out where first used, namespaces as needed. */
    private static final String ORDER_DEREFERENCED = "{\"type\":\"record\",\"name\":\"Order\",\"namespace\":\"ids\","
            + "\"fields\":[{\"name\":\"payment\",\"type\":{\"type\":\"record\",\"name\":\"Payment\",\"fields\":"
            + "[{\"name\":\"amount\",\"type\":{\"type\":\"record\",\"name\":\"Money\",\"namespace\":\"money\","
            + "\"fields\":[{\"name\":\"cents\",\"type\":\"long\"}]}}]}},"
            + "{\"name\":\"refund\",\"type\":[\"null\",\"Payment\"]}]}";

    private static final String CONFLUENT = "application/vnd.schemaregistry.v1+json";

    /** Registers a schema through the Confluent API as version 1 of a new subject: the subject. */
    private static String register(String prefix, String type, String schema, Map<String, String> references) {
        String subject = prefix + "-" + UUID.randomUUID();
        Response created = given().contentType(CONFLUENT)
                .body(Map.of(
                        "schemaType",
                        type,
                        "schema",
                        schema,
                        "references",
                        references.entrySet().stream()
                                .map(r -> Map.of("name", r.getKey(), "subject", r.getValue(), "version", 1))
                                .toList()))
                .post("/subjects/" + subject + "/versions");
        assertThat(created.statusCode()).as(created.asString()).isEqualTo(200);
        return subject;
    }

    private static long globalIdOf(String artifactId) {
        return given().get("/apis/registry/v3/groups/default/artifacts/" + artifactId + "/versions/1")
                .jsonPath()
                .getLong("globalId");
    }

    /** Every path that serves version 1 of the artifact, asking for it dereferenced. */
    private static List<String> dereferencing(String artifactId) {
        long globalId = globalIdOf(artifactId);
        String v3 = "/apis/registry/v3/groups/default/artifacts/" + artifactId;
        String v2 = "/apis/registry/v2/groups/default/artifacts/" + artifactId;
        return List.of(
                "/apis/registry/v3/ids/globalIds/" + globalId + "?references=DEREFERENCE",
                v3 + "/versions/1/content?references=DEREFERENCE",
                v3 + "/versions/branch=latest/content?references=DEREFERENCE",
                "/apis/registry/v2/ids/globalIds/" + globalId + "?dereference=true",
                v2 + "/versions/1?dereference=true",
                v2 + "/versions/latest?dereference=true",
                v2 + "?dereference=true");
    }

    @Test
    void anAvroSchema_dereferenced_hasEveryTypeItReferencesWrittenIn_onEveryPathThatServesIt() {
        String money = register("money", "AVRO", MONEY, Map.of());
        String payments = register("payments", "AVRO", PAYMENT, Map.of("money.Money", money));
        String orders = register("orders", "AVRO", ORDER, Map.of("ids.Payment", payments));
        Response registered = given().get("/apis/registry/v3/ids/globalIds/" + globalIdOf(orders));

        for (String path : dereferencing(orders)) {
            Response answer = given().get(path);
            assertThat(answer.statusCode()).as(path + ": " + answer.asString()).isEqualTo(200);
            assertThat(answer.asString()).as(path).isEqualTo(ORDER_DEREFERENCED);
            assertThat(answer.contentType()).as(path).startsWith("application/json");
            assertThat(answer.header("ETag"))
                    .as(path + ": another body, another ETag")
                    .isNotEqualTo(registered.header("ETag"))
                    .isNotNull();
            assertThat(given().header("If-None-Match", answer.header("ETag"))
                            .get(path)
                            .statusCode())
                    .as(path)
                    .isEqualTo(304);
        }
        assertThat(registered.asString()).as("as registered by default").isEqualTo(ORDER);
        assertThat(given().get(dereferencing(payments).get(0)).asString())
                .isEqualTo("{\"type\":\"record\",\"name\":\"Payment\",\"namespace\":\"ids\",\"fields\":"
                        + "[{\"name\":\"amount\",\"type\":{\"type\":\"record\",\"name\":\"Money\",\"namespace\":\"money\","
                        + "\"fields\":[{\"name\":\"cents\",\"type\":\"long\"}]}}]}");
    }

    @ParameterizedTest
    @ValueSource(strings = {"DEREFERENCE", "REWRITE"})
    void contentWithoutReferences_isServedAsRegistered_whateverIsAsked(String references) {
        String payments = register("plain", "JSON", "{\"type\": \"object\"}", Map.of());
        String content = "/apis/registry/v3/groups/default/artifacts/" + payments + "/versions/1/content";
        Response registered = given().get(content);

        Response asked = given().get(content + "?references=" + references);

        assertThat(asked.statusCode()).isEqualTo(200);
        assertThat(asked.asString()).isEqualTo(registered.asString()).isEqualTo("{\"type\": \"object\"}");
        assertThat(asked.header("ETag")).isEqualTo(registered.header("ETag"));
    }

    @Test
    void aJsonSchema_rewritten_pointsEachRefToAReferencedDocumentAtItsUrl_andKeepsTheRest() {
        String address = register(
                "address",
                "JSON",
                "{\"type\":\"object\",\"properties\":{\"street\":{\"type\":\"string\"}},\"$defs\":{\"Zip\":{\"type\":\"string\"}}}",
                Map.of());
        String customer = register(
                "customer",
                "JSON",
                "{\"type\": \"object\", \"properties\": {\"home\": {\"$ref\": \"address.json\"},"
                        + " \"zip\": {\"$ref\": \"address.json#/$defs/Zip\"}, \"again\": {\"$ref\": \"#/properties/home\"},"
                        + " \"price\": {\"type\": \"number\", \"maximum\": 1.50}},"
                        + " \"default\": {\"$ref\": \"address.json\"}}",
                Map.of("address.json", address));
        String content = "/apis/registry/v3/groups/default/artifacts/" + customer + "/versions/1/content";
        String url = "http://localhost:" + RestAssured.port + "/apis/registry/v3/groups/default/artifacts/" + address
                + "/versions/1/content?references=REWRITE";

        Response rewritten = given().get(content + "?references=REWRITE");
        Response dereferenced = given().get(content + "?references=DEREFERENCE");

        assertThat(rewritten.statusCode()).as(rewritten.asString()).isEqualTo(200);
        assertThat(rewritten.asString())
                .isEqualTo("{\"type\":\"object\",\"properties\":{\"home\":{\"$ref\":\"" + url + "\"},"
                        + "\"zip\":{\"$ref\":\"" + url + "#/$defs/Zip\"},\"again\":{\"$ref\":\"#/properties/home\"},"
                        + "\"price\":{\"type\":\"number\",\"maximum\":1.50}},"
                        + "\"default\":{\"$ref\":\"address.json\"}}");
        assertThat(rewritten.contentType()).startsWith("application/json");
        assertThat(given().get(url.substring(url.indexOf("/apis"))).asString())
                .as("the URL serves the referenced schema")
                .contains("\"Zip\"");
        assertThat(dereferenced.statusCode()).isEqualTo(400);
        assertThat(dereferenced.jsonPath().getString("name")).isEqualTo("BadRequestException");
        assertThat(dereferenced.jsonPath().getString("title"))
                .contains("Avro", "JSON", "/references")
                .doesNotContain("Exception");
    }

    @Test
    void aProtobufSchema_isServedAsRegistered_whenRewritten_andItsDereferencingIsA400() {
        String money = register(
                "money-proto",
                "PROTOBUF",
                "syntax = \"proto3\";\npackage money;\nmessage Money { int64 cents = 1; }\n",
                Map.of());
        String payment = "syntax = \"proto3\";\npackage pay;\nimport \"money.proto\";\n"
                + "message Payment { money.Money amount = 1; }\n";
        String payments = register("payment-proto", "PROTOBUF", payment, Map.of("money.proto", money));
        String content = "/apis/registry/v3/groups/default/artifacts/" + payments + "/versions/1/content";

        Response rewritten = given().get(content + "?references=REWRITE");
        Response dereferenced =
                given().get("/apis/registry/v2/ids/globalIds/" + globalIdOf(payments) + "?dereference=true");

        assertThat(rewritten.statusCode()).isEqualTo(200);
        assertThat(rewritten.asString()).isEqualTo(payment);
        assertThat(rewritten.header("ETag")).isEqualTo(given().get(content).header("ETag"));
        assertThat(dereferenced.statusCode()).isEqualTo(400);
        assertThat(dereferenced.jsonPath().getString("name")).isEqualTo("BadRequestException");
        assertThat(dereferenced.jsonPath().getString("message")).contains("Avro", "PROTOBUF");
    }

    @Test
    void aDisabledVersion_askedDereferenced_isA404_andValuesNotTakenAre400s() {
        String money = register("money", "AVRO", MONEY, Map.of());
        String payments = register("payments", "AVRO", PAYMENT, Map.of("money.Money", money));
        List<String> paths = dereferencing(payments);
        given().contentType(ContentType.JSON)
                .body(Map.of("state", "DISABLED"))
                .put("/api/artifacts/" + payments + "/versions/1/state")
                .then()
                .statusCode(204);

        Response v3 = given().get(paths.get(1));
        Response v2 = given().get(paths.get(4));
        String v3Content = "/apis/registry/v3/groups/default/artifacts/" + money + "/versions/1/content";

        assertThat(v3.statusCode()).isEqualTo(404);
        assertThat(v3.jsonPath().getString("name")).isEqualTo("VersionNotFoundException");
        assertThat(v2.statusCode()).isEqualTo(404);
        for (String asked : List.of("?references=dereference", "?references=", "?references=DEREFERENCE%00")) {
            Response refused = given().urlEncodingEnabled(false).get(v3Content + asked);
            assertThat(refused.statusCode()).as(asked).isEqualTo(400);
            assertThat(refused.jsonPath().getString("title")).as(asked).contains("PRESERVE, DEREFERENCE, REWRITE");
        }
        Response v2Refused = given().get("/apis/registry/v2/groups/default/artifacts/" + money + "?dereference=1");
        assertThat(v2Refused.statusCode()).isEqualTo(400);
        assertThat(v2Refused.jsonPath().getString("message")).contains("dereference must be one of true, false");
    }
}
