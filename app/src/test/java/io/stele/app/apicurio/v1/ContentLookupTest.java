package io.stele.app.apicurio.v1;

import static io.restassured.RestAssured.given;
import static io.stele.app.apicurio.v1.ArtifactsApiTest.USER_V1;
import static io.stele.app.apicurio.v1.ArtifactsApiTest.assertError;
import static io.stele.app.apicurio.v1.ArtifactsApiTest.create;
import static io.stele.app.apicurio.v1.ArtifactsApiTest.globalId;
import static io.stele.app.apicurio.v1.ArtifactsApiTest.isGlobalId;
import static io.stele.app.apicurio.v1.ArtifactsApiTest.newId;
import static org.hamcrest.Matchers.equalTo;

import io.quarkus.test.junit.QuarkusTest;
import org.junit.jupiter.api.Test;

/** Finding a version by content that means the same, however it is laid out. */
@QuarkusTest
class ContentLookupTest {

    /** USER_V1 re-indented, with its keys in another order and its namespace folded into the name. */
    static final String USER_V1_RELAID =
            """
            {
              "fields" : [ { "type" : "long", "name" : "id" } ],
              "doc" : "A user",
              "name" : "com.example.User",
              "type" : "record"
            }""";

    @Test
    void metaByContent_findsTheVersion_afterCanonicalisation() {
        String id = newId();
        long v1 = globalId(create(id, USER_V1).statusCode(200));
        given().body(USER_V1_RELAID)
                .post("/api/artifacts/" + id + "/meta")
                .then()
                .statusCode(200)
                .body("globalId", isGlobalId(v1))
                .body("version", equalTo(1));
        assertError(
                given().body(USER_V1.replace("long", "int"))
                        .post("/api/artifacts/" + id + "/meta")
                        .then(),
                404,
                "has the given content");
        assertError(
                given().body(USER_V1)
                        .post("/api/artifacts/" + newId() + "/meta")
                        .then(),
                404,
                "");
    }

    @Test
    void returnOrUpdate_returnsTheMatchingVersion_insteadOfAddingADuplicate() {
        String id = newId();
        long v1 = globalId(create(id, USER_V1).statusCode(200));
        given().header("X-Registry-ArtifactId", id)
                .queryParam("ifExists", "RETURN_OR_UPDATE")
                .body(USER_V1_RELAID)
                .post("/api/artifacts")
                .then()
                .statusCode(200)
                .body("globalId", isGlobalId(v1))
                .body("version", equalTo(1));
        given().header("X-Registry-ArtifactId", id)
                .queryParam("ifExists", "RETURN_OR_UPDATE")
                .body(USER_V1.replace("long", "int"))
                .post("/api/artifacts")
                .then()
                .statusCode(200)
                .body("version", equalTo(2));
    }

    @Test
    void openApiLookup_ignoresKeyOrderAndWhitespace() {
        String id = newId();
        given().header("X-Registry-ArtifactId", id)
                .body("{\"openapi\":\"3.0.2\",\"info\":{\"title\":\"T\",\"version\":\"1\"}}")
                .post("/api/artifacts")
                .then()
                .statusCode(200)
                .body("type", equalTo("OPENAPI"));
        given().body("{ \"info\": { \"version\": \"1\", \"title\": \"T\" },\n \"openapi\": \"3.0.2\" }")
                .post("/api/artifacts/" + id + "/meta")
                .then()
                .statusCode(200)
                .body("version", equalTo(1));
    }

    @Test
    void lookups_skipDisabledVersions() {
        String id = newId();
        create(id, USER_V1).statusCode(200);
        StatesApiTest.setState("/api/artifacts/" + id + "/versions/1/state", "DISABLED")
                .statusCode(204);
        assertError(
                given().body(USER_V1_RELAID)
                        .post("/api/artifacts/" + id + "/meta")
                        .then(),
                404,
                "enabled");
        given().header("X-Registry-ArtifactId", id)
                .queryParam("ifExists", "RETURN_OR_UPDATE")
                .body(USER_V1)
                .post("/api/artifacts")
                .then()
                .statusCode(200)
                .body("version", equalTo(2));
        given().body(USER_V1_RELAID)
                .post("/api/artifacts/" + id + "/meta")
                .then()
                .statusCode(200)
                .body("version", equalTo(2));
    }
}
