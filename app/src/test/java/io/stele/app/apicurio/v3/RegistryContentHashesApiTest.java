package io.stele.app.apicurio.v3;

import static io.restassured.RestAssured.given;
import static org.assertj.core.api.Assertions.assertThat;

import io.quarkus.test.junit.QuarkusTest;
import io.restassured.http.ContentType;
import io.restassured.response.Response;
import io.stele.app.testing.Metrics;
import io.stele.storage.Content;
import java.util.List;
import java.util.Map;
import java.util.UUID;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * {@code GET /ids/contentHashes/{contentHash}} and its references on the v3 and v2 APIs: content
 * found by the SHA-256 of its bytes, as Apicurio computes a content hash, whichever API and type
 * stored it; answered from memory once found; anything else a 404 in each API's error body.
 */
@QuarkusTest
class RegistryContentHashesApiTest {

    private static final String V3 = "/apis/registry/v3/ids/contentHashes/";
    private static final String V2 = "/apis/registry/v2/ids/contentHashes/";

    private static String avro(String name) {
        return "{\"type\":\"record\",\"name\":\"" + name + "\",\"fields\":[{\"name\":\"id\",\"type\":\"long\"}]}";
    }

    private static String hashOf(String text) {
        return Content.of(text).sha256(); // the SHA-256 of the bytes, which is Apicurio's content hash
    }

    private static void registerV1(String artifactId, String type, String content) {
        Response created = given().header("X-Registry-ArtifactId", artifactId)
                .header("X-Registry-ArtifactType", type)
                .contentType(ContentType.JSON)
                .body(content)
                .post("/api/artifacts");
        assertThat(created.statusCode()).as(created.asString()).isEqualTo(200);
    }

    private static double counted(String api) {
        given().get("/q/metrics").then().statusCode(200);
        return Metrics.value("stele_http_cached_answers_total{status=\"200\",uri=\"/apis/registry/" + api
                + "/ids/contentHashes/{contentHash}\"}");
    }

    @ParameterizedTest
    @ValueSource(strings = {V3, V2})
    void content_isFoundByTheHashOfItsBytes_asBytes_withNoReferences(String hashes) {
        String schema = avro("Hashed" + UUID.randomUUID().toString().replace("-", ""));
        registerV1("hash-" + UUID.randomUUID(), "AVRO", schema);

        Response content = given().get(hashes + hashOf(schema));
        Response references = given().get(hashes + hashOf(schema) + "/references");

        assertThat(content.statusCode()).as(content.asString()).isEqualTo(200);
        assertThat(content.contentType()).isEqualTo("application/octet-stream");
        assertThat(content.asString()).isEqualTo(schema);
        assertThat(references.statusCode()).isEqualTo(200);
        assertThat(references.jsonPath().getList("$")).isEmpty();
    }

    @Test
    void contentOfAnotherType_andContentTheConfluentApiStored_areFoundByTheirHashToo() {
        String jsonSchema = "{\"type\":\"object\",\"title\":\"" + UUID.randomUUID() + "\"}";
        registerV1("hash-json-" + UUID.randomUUID(), "JSON", jsonSchema);
        String confluent = avro("Confluent" + UUID.randomUUID().toString().replace("-", ""));
        given().contentType("application/vnd.schemaregistry.v1+json")
                .body(Map.of("schema", confluent))
                .post("/subjects/hash-subject-" + UUID.randomUUID() + "/versions")
                .then()
                .statusCode(200);

        assertThat(given().get(V3 + hashOf(jsonSchema)).asString()).isEqualTo(jsonSchema);
        assertThat(given().get(V2 + hashOf(confluent)).asString()).isEqualTo(confluent);
    }

    @ParameterizedTest
    @ValueSource(strings = {"v3", "v2"})
    void aHashFoundOnce_isAnsweredFromMemory_withTheSameBytes(String api) {
        String schema = avro("Remembered" + UUID.randomUUID().toString().replace("-", ""));
        registerV1("hash-hot-" + UUID.randomUUID(), "AVRO", schema);
        String path = "/apis/registry/" + api + "/ids/contentHashes/" + hashOf(schema);
        Response loaded = given().get(path);
        double before = counted(api);

        Response fromMemory = given().get(path);
        Response withQuery = given().get(path + "?anything=else");

        assertThat(counted(api)).isEqualTo(before + 1);
        for (Response answer : List.of(fromMemory, withQuery)) {
            assertThat(answer.statusCode()).isEqualTo(200);
            assertThat(answer.asString()).isEqualTo(loaded.asString()).isEqualTo(schema);
            assertThat(answer.contentType()).isEqualTo(loaded.contentType());
        }
    }

    @Test
    void contentWithReferences_isNotFoundByTheHashOfItsBytes() {
        String suffix = UUID.randomUUID().toString();
        String payment = "{\"type\":\"record\",\"name\":\"Payment\",\"namespace\":\"h" + suffix.replace("-", "")
                + "\",\"fields\":[]}";
        String order = "{\"type\":\"record\",\"name\":\"Order\",\"fields\":[{\"name\":\"p\",\"type\":\"h"
                + suffix.replace("-", "") + ".Payment\"}]}";
        given().contentType("application/vnd.schemaregistry.v1+json")
                .body(Map.of("schema", payment))
                .post("/subjects/hash-payments-" + suffix + "/versions")
                .then()
                .statusCode(200);
        given().contentType("application/vnd.schemaregistry.v1+json")
                .body(Map.of(
                        "schema",
                        order,
                        "references",
                        List.of(Map.of(
                                "name", "h" + suffix.replace("-", "") + ".Payment",
                                "subject", "hash-payments-" + suffix,
                                "version", 1))))
                .post("/subjects/hash-orders-" + suffix + "/versions")
                .then()
                .statusCode(200);

        Response response = given().get(V3 + hashOf(order));

        assertThat(response.statusCode()).isEqualTo(404);
        assertThat(response.jsonPath().getString("name")).isEqualTo("ContentNotFoundException");
    }

    @ParameterizedTest
    @ValueSource(
            strings = {
                "0000000000000000000000000000000000000000000000000000000000000000",
                "ABCDEF0000000000000000000000000000000000000000000000000000000000",
                "abc",
                "not-a-hash%3B%20DROP%20TABLE%20contents",
                "%C3%A9t%C3%A9",
            })
    void aHashNoContentHas_orTextThatIsNoHash_isA404_inEachApisErrorBody(String hash) {
        Response v3 = given().urlEncodingEnabled(false).get(V3 + hash);
        Response v2 = given().urlEncodingEnabled(false).get(V2 + hash + "/references");

        assertThat(v3.statusCode()).as(v3.asString()).isEqualTo(404);
        assertThat(v3.contentType()).startsWith("application/json");
        assertThat(v3.jsonPath().getInt("status")).isEqualTo(404);
        assertThat(v3.jsonPath().getString("name")).isEqualTo("ContentNotFoundException");
        assertThat(v2.statusCode()).as(v2.asString()).isEqualTo(404);
        assertThat(v2.jsonPath().getInt("error_code")).isEqualTo(404);
        assertThat(v2.jsonPath().getString("name")).isEqualTo("ContentNotFoundException");
        assertThat(v2.jsonPath().getString("message")).doesNotContain("Exception", "java.");
    }
}
