package io.stele.app.apicurio.v1;

import static io.restassured.RestAssured.given;
import static io.stele.app.apicurio.v1.ArtifactsApiTest.assertError;
import static io.stele.app.apicurio.v1.ArtifactsApiTest.newId;
import static org.assertj.core.api.Assertions.assertThat;
import static org.hamcrest.Matchers.contains;
import static org.hamcrest.Matchers.equalTo;

import io.quarkus.test.junit.QuarkusTest;
import io.restassured.http.ContentType;
import java.util.Map;
import java.util.UUID;
import org.junit.jupiter.api.Test;

/** {@code /api/search}: artifacts by text and versions by page, in the shapes 1.x clients read. */
@QuarkusTest
class SearchApiTest {

    private static String schema(String name, String doc) {
        return "{\"type\":\"record\",\"name\":\"" + name + "\",\"doc\":\"" + doc + "\",\"fields\":[]}";
    }

    private static void create(String id, String content) {
        given().header("X-Registry-ArtifactId", id)
                .body(content)
                .post("/api/artifacts")
                .then()
                .statusCode(200);
    }

    @Test
    void searchArtifacts_findsByNameAndDescription_ordersAndPages() {
        String token = "T" + UUID.randomUUID().toString().replace("-", "");
        String a = newId();
        String b = newId();
        create(b, schema("B" + token, "second"));
        create(a, schema("A" + token, "first"));
        given().queryParam("search", token.toLowerCase())
                .get("/api/search/artifacts")
                .then()
                .statusCode(200)
                .body("count", equalTo(2))
                .body("artifacts.id", contains(a, b));
        given().queryParam("search", token)
                .queryParam("order", "desc")
                .queryParam("limit", 1)
                .get("/api/search/artifacts")
                .then()
                .body("count", equalTo(2))
                .body("artifacts.id", contains(b));
        given().queryParam("search", token)
                .queryParam("offset", 1)
                .get("/api/search/artifacts")
                .then()
                .body("artifacts.id", contains(b));
        given().queryParam("search", token)
                .queryParam("over", "description")
                .get("/api/search/artifacts")
                .then()
                .body("count", equalTo(0));
        given().queryParam("search", "second")
                .queryParam("over", "description")
                .get("/api/search/artifacts")
                .then()
                .body("artifacts.id", org.hamcrest.Matchers.hasItem(b));
    }

    @Test
    void searchedArtifact_hasExactlyTheFieldsOfTheV1Schema() {
        String token = "T" + UUID.randomUUID().toString().replace("-", "");
        String id = newId();
        create(id, schema("N" + token, "d"));
        given().contentType(ContentType.JSON)
                .body("{\"name\":\"N" + token + "\",\"labels\":[\"blue\"]}")
                .put("/api/artifacts/" + id + "/meta")
                .then()
                .statusCode(204);
        Map<String, Object> found = given().queryParam("search", token)
                .queryParam("over", "name")
                .get("/api/search/artifacts")
                .then()
                .extract()
                .jsonPath()
                .getMap("artifacts[0]");
        assertThat(found)
                .containsOnlyKeys(
                        "id", "name", "createdOn", "createdBy", "type", "labels", "state", "modifiedOn", "modifiedBy");
        assertThat(found)
                .containsEntry("labels", java.util.List.of("blue"))
                .containsEntry("type", "AVRO")
                .containsEntry("state", "ENABLED");
    }

    @Test
    void searchVersions_pagesTheVersions_withExactlyTheV1Fields() {
        String id = newId();
        for (int i = 0; i < 3; i++) {
            given().header("X-Registry-ArtifactId", id)
                    .queryParam("ifExists", "UPDATE")
                    .body(schema("V" + i, "v"))
                    .post("/api/artifacts")
                    .then()
                    .statusCode(200);
        }
        given().queryParam("offset", 1)
                .queryParam("limit", 5)
                .get("/api/search/artifacts/" + id + "/versions")
                .then()
                .statusCode(200)
                .body("count", equalTo(3))
                .body("versions.version", contains(2, 3))
                .body("versions[0].name", equalTo("V1"));
        Map<String, Object> version = given().get("/api/search/artifacts/" + id + "/versions")
                .then()
                .extract()
                .jsonPath()
                .getMap("versions[0]");
        assertThat(version)
                .containsOnlyKeys(
                        "name",
                        "description",
                        "createdOn",
                        "createdBy",
                        "type",
                        "labels",
                        "state",
                        "globalId",
                        "version");
        assertError(
                given().get("/api/search/artifacts/" + newId() + "/versions").then(), 404, "");
    }

    @Test
    void search_refusesBadParameters() {
        assertError(
                given().queryParam("over", "content")
                        .get("/api/search/artifacts")
                        .then(),
                400,
                "everything");
        assertError(
                given().queryParam("order", "up").get("/api/search/artifacts").then(), 400, "asc");
        assertError(
                given().queryParam("limit", "ten").get("/api/search/artifacts").then(), 400, "limit");
        assertError(
                given().queryParam("offset", -1).get("/api/search/artifacts").then(), 400, "offset");
        assertError(given().get("/api/search/artifacts?order=").then(), 400, "asc"); // given empty is not left out
        assertError(given().get("/api/search/artifacts?over=").then(), 400, "everything");
        assertError(given().get("/api/search/artifacts?limit=").then(), 400, "limit");
        given().queryParam("limit", 1_000_000)
                .get("/api/search/artifacts")
                .then()
                .statusCode(200);
    }
}
