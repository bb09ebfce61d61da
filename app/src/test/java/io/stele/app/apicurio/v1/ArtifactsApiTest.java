package io.stele.app.apicurio.v1;

import static io.restassured.RestAssured.given;
import static org.assertj.core.api.Assertions.assertThat;
import static org.hamcrest.Matchers.contains;
import static org.hamcrest.Matchers.containsString;
import static org.hamcrest.Matchers.equalTo;
import static org.hamcrest.Matchers.greaterThan;
import static org.hamcrest.Matchers.hasItem;
import static org.hamcrest.Matchers.hasToString;
import static org.hamcrest.Matchers.not;
import static org.hamcrest.Matchers.notNullValue;

import io.quarkus.test.junit.QuarkusTest;
import io.restassured.RestAssured;
import io.restassured.http.ContentType;
import io.restassured.response.ValidatableResponse;
import java.io.ByteArrayInputStream;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.util.ArrayList;
import java.util.List;
import java.util.UUID;
import org.hamcrest.Matcher;
import org.junit.jupiter.api.Test;

/** The /api/artifacts and /api/ids endpoints, on the embedded default, as a client sees them. */
@QuarkusTest
class ArtifactsApiTest {

    static final String USER_V1 =
            """
            {"type":"record","name":"User","namespace":"com.example","doc":"A user",
             "fields":[{"name":"id","type":"long"}]}""";
    static final String USER_V2 =
            """
            {"type":"record","name":"User","namespace":"com.example","doc":"A user, named",
             "fields":[{"name":"id","type":"long"},{"name":"name","type":"string","default":""}]}""";

    static String newId() {
        return "api-" + UUID.randomUUID();
    }

    static ValidatableResponse create(String id, String content) {
        return given().header("X-Registry-ArtifactId", id)
                .contentType(ContentType.JSON)
                .body(content)
                .post("/api/artifacts")
                .then();
    }

    static long globalId(ValidatableResponse response) {
        return response.extract().jsonPath().getLong("globalId");
    }

    /**
     * A JSON number equal to this globalId. JSON path reads a number as an Integer or a Long by its
     * size, and ids pass Integer.MAX_VALUE once an import has kept large ones (TransferApiTest does).
     */
    static Matcher<Object> isGlobalId(long globalId) {
        return hasToString(Long.toString(globalId));
    }

    static ValidatableResponse assertError(ValidatableResponse response, int status, String messagePart) {
        return response.statusCode(status)
                .contentType(ContentType.JSON)
                .body("error_code", equalTo(status))
                .body("message", containsString(messagePart));
    }

    @Test
    void createArtifact_returnsMetadataFromTheAvroSchema() {
        String id = newId();
        create(id, USER_V1)
                .statusCode(200)
                .contentType(ContentType.JSON)
                .body("id", equalTo(id))
                .body("name", equalTo("User"))
                .body("description", equalTo("A user"))
                .body("version", equalTo(1))
                .body("type", equalTo("AVRO"))
                .body("state", equalTo("ENABLED"))
                .body("globalId", greaterThan(0))
                .body("createdOn", greaterThan(1_700_000_000_000L))
                .body("modifiedOn", greaterThan(1_700_000_000_000L));
    }

    @Test
    void createArtifact_withoutId_generatesOne() {
        given().body(USER_V1).post("/api/artifacts").then().statusCode(200).body("id", notNullValue());
    }

    @Test
    void createArtifact_detectsTypes() {
        String[][] cases = {
            {USER_V1, "AVRO"},
            {"\"string\"", "AVRO"},
            {"{\"$schema\":\"http://json-schema.org/draft-07/schema#\",\"title\":\"T\",\"type\":\"object\"}", "JSON"},
            {"{\"openapi\":\"3.0.2\",\"info\":{\"title\":\"Widgets\",\"version\":\"1\"},\"paths\":{}}", "OPENAPI"},
            {"{\"asyncapi\":\"2.0.0\",\"info\":{\"title\":\"Events\",\"version\":\"1\"},\"channels\":{}}", "ASYNCAPI"},
            {"syntax = \"proto3\";\nmessage Thing { string id = 1; }", "PROTOBUF"},
            {"type Query { hello: String }", "GRAPHQL"},
            {"<xs:schema xmlns:xs=\"http://www.w3.org/2001/XMLSchema\"></xs:schema>", "XSD"},
            {"<definitions xmlns=\"http://schemas.xmlsoap.org/wsdl/\"></definitions>", "WSDL"},
            {"<note><to>x</to></note>", "XML"},
        };
        for (String[] c : cases) {
            given().body(c[0]).post("/api/artifacts").then().statusCode(200).body("type", equalTo(c[1]));
        }
        given().contentType("application/json; artifactType=JSON")
                .body("{\"type\":\"string\"}")
                .post("/api/artifacts")
                .then()
                .statusCode(200)
                .body("type", equalTo("JSON"));
    }

    @Test
    void createArtifact_withInvalidAvro_answers400WithWhatIsWrong() {
        assertError(
                given().header("X-Registry-ArtifactType", "AVRO")
                        .body("{\"type\":\"record\",\"name\":\"R\"}")
                        .post("/api/artifacts")
                        .then(),
                400,
                "Invalid Avro schema");
        assertError(
                given().header("X-Registry-ArtifactType", "AVRO")
                        .body("{\"type\":\"record\",\"name\":\"R\",\"fields\":[{\"name\":\"a\",\"type\":\"nosuch\"}]}")
                        .post("/api/artifacts")
                        .then(),
                400,
                "nosuch");
        assertError(given().body("{\"type\":\"record\",").post("/api/artifacts").then(), 400, "not valid JSON");
    }

    @Test
    void createArtifact_withUndetectableContent_answers400() {
        assertError(given().body("just some words").post("/api/artifacts").then(), 400, "X-Registry-ArtifactType");
    }

    @Test
    void createArtifact_withMalformedHeaders_answers400() {
        assertError(
                given().header("X-Registry-ArtifactType", "NOPE")
                        .body(USER_V1)
                        .post("/api/artifacts")
                        .then(),
                400,
                "Unknown artifact type 'NOPE'");
        assertError(
                given().header("X-Registry-ArtifactId", "x".repeat(513))
                        .body(USER_V1)
                        .post("/api/artifacts")
                        .then(),
                400,
                "longer than 512");
        assertError(
                given().queryParam("ifExists", "SOMETIMES")
                        .body(USER_V1)
                        .post("/api/artifacts")
                        .then(),
                400,
                "Unknown ifExists");
    }

    @Test
    void createArtifact_withEmptyBody_answers400() {
        assertError(given().body("").post("/api/artifacts").then(), 400, "empty");
    }

    @Test
    void createArtifact_withTenMegabyteBody_answers413() {
        byte[] big = new byte[10 * 1024 * 1024];
        assertError(given().body(big).post("/api/artifacts").then(), 413, "stele.api.max-content-size");
    }

    @Test
    void createArtifact_justOverTheLimitWithoutContentLength_answers413() throws Exception {
        byte[] over = new byte[1024 * 1024 + 1];
        HttpRequest chunked = HttpRequest.newBuilder(
                        URI.create(RestAssured.baseURI + ":" + RestAssured.port + "/api/artifacts"))
                .POST(HttpRequest.BodyPublishers.ofInputStream(() -> new ByteArrayInputStream(over)))
                .build();
        HttpResponse<String> response = HttpClient.newHttpClient().send(chunked, HttpResponse.BodyHandlers.ofString());
        assertThat(response.statusCode()).isEqualTo(413);
        assertThat(response.body()).contains("\"error_code\":413").contains("1048577 bytes");
    }

    @Test
    void createArtifact_ifExists_policies() {
        String id = newId();
        long v1 = globalId(create(id, USER_V1).statusCode(200));
        assertError(create(id, USER_V2), 409, "already exists");
        given().header("X-Registry-ArtifactId", id)
                .queryParam("ifExists", "RETURN")
                .body(USER_V2)
                .post("/api/artifacts")
                .then()
                .statusCode(200)
                .body("version", equalTo(1))
                .body("globalId", isGlobalId(v1));
        given().header("X-Registry-ArtifactId", id)
                .queryParam("ifExists", "RETURN_OR_UPDATE")
                .body(USER_V1)
                .post("/api/artifacts")
                .then()
                .statusCode(200)
                .body("version", equalTo(1));
        given().header("X-Registry-ArtifactId", id)
                .queryParam("ifExists", "RETURN_OR_UPDATE")
                .body(USER_V2)
                .post("/api/artifacts")
                .then()
                .statusCode(200)
                .body("version", equalTo(2));
        given().header("X-Registry-ArtifactId", id)
                .queryParam("ifExists", "UPDATE")
                .body(USER_V2)
                .post("/api/artifacts")
                .then()
                .statusCode(200)
                .body("version", equalTo(3));
        given().get("/api/artifacts/{id}/versions", id).then().statusCode(200).body("", contains(1, 2, 3));
    }

    @Test
    void updateArtifact_addsVersion_andLatestServesIt_andIdsServeEach() {
        String id = newId();
        long v1 = globalId(create(id, USER_V1).statusCode(200));
        long v2 = globalId(given().body(USER_V2)
                .put("/api/artifacts/{id}", id)
                .then()
                .statusCode(200)
                .body("version", equalTo(2))
                .body("description", equalTo("A user, named")));
        given().get("/api/artifacts/{id}", id)
                .then()
                .statusCode(200)
                .contentType(ContentType.JSON)
                .body(equalTo(USER_V2));
        given().get("/api/ids/{g}", v1).then().statusCode(200).body(equalTo(USER_V1));
        given().get("/api/ids/{g}", v2).then().statusCode(200).body(equalTo(USER_V2));
        given().get("/api/ids/{g}/meta", v1)
                .then()
                .statusCode(200)
                .body("id", equalTo(id))
                .body("version", equalTo(1));
        given().get("/api/artifacts/{id}/versions/1", id).then().statusCode(200).body(equalTo(USER_V1));
        given().get("/api/artifacts/{id}/meta", id)
                .then()
                .statusCode(200)
                .body("version", equalTo(2))
                .body("globalId", isGlobalId(v2));
    }

    @Test
    void updateArtifact_whenUnknown_answers404_andWithOtherType_answers409() {
        assertError(given().body(USER_V1).put("/api/artifacts/{id}", newId()).then(), 404, "No artifact");
        String id = newId();
        create(id, USER_V1).statusCode(200);
        assertError(
                given().header("X-Registry-ArtifactType", "JSON")
                        .body("{\"type\":\"object\"}")
                        .put("/api/artifacts/{id}", id)
                        .then(),
                409,
                "cannot be of type JSON");
        assertError(
                given().body("{\"type\":\"record\"}")
                        .put("/api/artifacts/{id}", id)
                        .then(),
                400,
                "Invalid Avro");
        given().get("/api/artifacts/{id}/versions", id).then().body("", contains(1));
    }

    @Test
    void updateArtifact_withAmbiguousContentAndNoType_usesTheArtifactsType() {
        String id = newId();
        given().header("X-Registry-ArtifactId", id)
                .header("X-Registry-ArtifactType", "JSON")
                .body("{\"type\":\"object\"}")
                .post("/api/artifacts")
                .then()
                .statusCode(200)
                .body("type", equalTo("JSON"));
        // {"type":"string"} reads as Avro too; the artifact is JSON Schema, so it is added as such
        given().body("{\"type\":\"string\"}")
                .put("/api/artifacts/{id}", id)
                .then()
                .statusCode(200)
                .body("type", equalTo("JSON"))
                .body("version", equalTo(2));
        assertError(
                given().contentType("application/json; artifactType=AVRO")
                        .body("{\"type\":\"string\"}")
                        .put("/api/artifacts/{id}", id)
                        .then(),
                409,
                "cannot be of type AVRO");
        // invalid as the Avro it looks like, valid as the JSON Schema the artifact is
        given().body("{\"type\":\"record\"}")
                .put("/api/artifacts/{id}", id)
                .then()
                .statusCode(200)
                .body("type", equalTo("JSON"))
                .body("version", equalTo(3));
    }

    @Test
    void updateArtifact_withUndetectableContentAndNoType_usesTheArtifactsType() {
        String id = newId();
        given().header("X-Registry-ArtifactId", id)
                .header("X-Registry-ArtifactType", "PROTOBUF_FD")
                .body(new byte[] {10, 3, 'a', '.', 'p'})
                .post("/api/artifacts")
                .then()
                .statusCode(200);
        given().body(new byte[] {10, 3, 'b', '.', 'p'})
                .put("/api/artifacts/{id}", id)
                .then()
                .statusCode(200)
                .body("type", equalTo("PROTOBUF_FD"))
                .body("version", equalTo(2));
        assertError(
                given().body(new byte[] {10, 3, 'b', '.', 'p'})
                        .put("/api/artifacts/{id}", newId())
                        .then(),
                404,
                "No artifact");
    }

    @Test
    void createArtifactVersion_returnsVersionMetaData() {
        String id = newId();
        create(id, USER_V1).statusCode(200);
        given().body(USER_V2)
                .post("/api/artifacts/{id}/versions", id)
                .then()
                .statusCode(200)
                .body("id", equalTo(id))
                .body("version", equalTo(2))
                .body("type", equalTo("AVRO"))
                .body("name", equalTo("User"))
                .body("createdOn", notNullValue())
                .body("$", not(hasItem("modifiedOn")));
        assertError(
                given().body(USER_V2)
                        .post("/api/artifacts/{id}/versions", newId())
                        .then(),
                404,
                "No artifact");
    }

    @Test
    void versionMeta_canBeReadUpdatedAndCleared() {
        String id = newId();
        create(id, USER_V1).statusCode(200);
        given().contentType(ContentType.JSON)
                .body("{\"name\":\"N\",\"description\":\"D\",\"labels\":[\"l1\"],\"properties\":{\"k\":\"v\"}}")
                .put("/api/artifacts/{id}/versions/1/meta", id)
                .then()
                .statusCode(204);
        given().get("/api/artifacts/{id}/versions/1/meta", id)
                .then()
                .statusCode(200)
                .body("name", equalTo("N"))
                .body("description", equalTo("D"))
                .body("labels", contains("l1"))
                .body("properties.k", equalTo("v"));
        given().delete("/api/artifacts/{id}/versions/1/meta", id).then().statusCode(204);
        given().get("/api/artifacts/{id}/versions/1/meta", id)
                .then()
                .statusCode(200)
                .body("$", not(hasItem("name")));
        assertError(given().get("/api/artifacts/{id}/versions/9/meta", id).then(), 404, "No version '9'");
        assertError(given().get("/api/artifacts/{id}/versions/x/meta", id).then(), 400, "whole number");
    }

    @Test
    void artifactMeta_updateChangesTheLatestVersion() {
        String id = newId();
        create(id, USER_V1).statusCode(200);
        given().contentType(ContentType.JSON)
                .body("{\"name\":\"Renamed\",\"labels\":[\"a\",\"b\"]}")
                .put("/api/artifacts/{id}/meta", id)
                .then()
                .statusCode(204);
        given().get("/api/artifacts/{id}/meta", id)
                .then()
                .statusCode(200)
                .body("name", equalTo("Renamed"))
                .body("labels", contains("a", "b"));
        assertError(
                given().contentType(ContentType.JSON)
                        .body("{\"labels\":5")
                        .put("/api/artifacts/{id}/meta", id)
                        .then(),
                400,
                "not valid JSON");
        assertError(
                given().contentType(ContentType.JSON)
                        .body("{\"labels\":[null]}")
                        .put("/api/artifacts/{id}/meta", id)
                        .then(),
                400,
                "null");
        assertError(
                given().contentType(ContentType.JSON)
                        .body("{}")
                        .put("/api/artifacts/{id}/meta", newId())
                        .then(),
                404,
                "No artifact");
    }

    @Test
    void metaByContent_findsTheVersionWithThatContent() {
        String id = newId();
        create(id, USER_V1).statusCode(200);
        given().body(USER_V2).put("/api/artifacts/{id}", id).then().statusCode(200);
        given().body(USER_V1)
                .post("/api/artifacts/{id}/meta", id)
                .then()
                .statusCode(200)
                .body("version", equalTo(1));
        assertError(
                given().body("{\"type\":\"string\"}")
                        .post("/api/artifacts/{id}/meta", id)
                        .then(),
                404,
                "has the given content");
        assertError(given().body("").post("/api/artifacts/{id}/meta", id).then(), 400, "empty");
    }

    @Test
    void deleteArtifact_removesIt_andUnknownAnswers404() {
        String id = newId();
        long g = globalId(create(id, USER_V1).statusCode(200));
        given().delete("/api/artifacts/{id}", id).then().statusCode(204);
        assertError(given().get("/api/artifacts/{id}", id).then(), 404, "No artifact");
        assertError(given().get("/api/ids/{g}", g).then(), 404, "global id");
        assertError(given().delete("/api/artifacts/{id}", id).then(), 404, "No artifact");
    }

    @Test
    void listArtifacts_includesCreatedIds() {
        String id = newId();
        create(id, USER_V1).statusCode(200);
        given().get("/api/artifacts").then().statusCode(200).body("", hasItem(id));
    }

    @Test
    void listArtifacts_overMorePagesThanOne_returnsEveryIdOnceInOrder() {
        String prefix = "listed-" + UUID.randomUUID() + "-";
        List<String> created = new ArrayList<>();
        for (int i = 0; i < 17; i++) { // the tests' stele.api.list-page-size is 7: three pages at least
            created.add(prefix + (char) ('a' + (i * 5) % 17));
            create(created.get(i), USER_V1).statusCode(200);
        }
        List<String> listed = given().get("/api/artifacts")
                .then()
                .statusCode(200)
                .contentType(ContentType.JSON)
                .extract()
                .jsonPath()
                .getList("", String.class);
        assertThat(listed)
                .doesNotHaveDuplicates()
                .isSorted()
                .containsAll(created)
                .hasSizeGreaterThan(14);
        assertThat(listed.stream().filter(id -> id.startsWith(prefix)).toList())
                .isEqualTo(created.stream().sorted().toList());
    }

    @Test
    void unknownIds_answer404_andMalformedIds_answer400() {
        assertError(given().get("/api/artifacts/{id}", newId()).then(), 404, "No artifact");
        assertError(given().get("/api/artifacts/{id}/meta", newId()).then(), 404, "No artifact");
        assertError(given().get("/api/artifacts/{id}/versions", newId()).then(), 404, "No artifact");
        assertError(given().get("/api/artifacts/{id}/versions/1", newId()).then(), 404, "No artifact");
        assertError(given().get("/api/ids/999999999").then(), 404, "global id");
        assertError(given().get("/api/ids/999999999/meta").then(), 404, "global id");
        assertError(given().get("/api/ids/abc").then(), 400, "whole number");
    }

    @Test
    void unknownPathsAndMethods_answerJsonErrors() {
        assertError(given().get("/api/nothing-here").then(), 404, "Not Found");
        assertError(given().patch("/api/artifacts").then(), 405, "PATCH is not allowed on /api/artifacts")
                .header("Allow", equalTo("GET, HEAD, OPTIONS, POST"));
        assertError(given().post("/api/artifacts/{id}/versions/1", newId()).then(), 405, "it allows GET, HEAD, OPTIONS")
                .header("Allow", equalTo("GET, HEAD, OPTIONS"));
        given().options("/api/artifacts/{id}", newId())
                .then()
                .statusCode(204)
                .header("Allow", equalTo("DELETE, GET, HEAD, OPTIONS, PUT"));
    }

    @Test
    void healthAndOpenApi_areServed() {
        given().get("/q/health/live").then().statusCode(200).body("status", equalTo("UP"));
        given().get("/q/health/ready")
                .then()
                .statusCode(200)
                .body("status", equalTo("UP"))
                .body("checks.name", hasItem("storage"));
        given().accept("application/json")
                .get("/q/openapi")
                .then()
                .statusCode(200)
                .body("paths", org.hamcrest.Matchers.hasKey("/api/artifacts"))
                .body("paths", org.hamcrest.Matchers.hasKey("/api/ids/{globalId}"));
    }
}
