package io.stele.app.apicurio.v1;

import static io.restassured.RestAssured.given;
import static io.stele.app.apicurio.v1.ArtifactsApiTest.USER_V1;
import static io.stele.app.apicurio.v1.ArtifactsApiTest.USER_V2;
import static io.stele.app.apicurio.v1.ArtifactsApiTest.assertError;
import static io.stele.app.apicurio.v1.ArtifactsApiTest.create;
import static io.stele.app.apicurio.v1.ArtifactsApiTest.globalId;
import static io.stele.app.apicurio.v1.ArtifactsApiTest.newId;
import static org.hamcrest.Matchers.contains;
import static org.hamcrest.Matchers.containsString;
import static org.hamcrest.Matchers.equalTo;
import static org.hamcrest.Matchers.nullValue;

import io.quarkus.test.junit.QuarkusTest;
import io.restassured.http.ContentType;
import io.restassured.response.ValidatableResponse;
import org.junit.jupiter.api.Test;

/** Version states: what DISABLED, DEPRECATED and DELETED do to what clients read. */
@QuarkusTest
class StatesApiTest {

    static ValidatableResponse setState(String path, String state) {
        return given().contentType(ContentType.JSON)
                .body("{\"state\":\"" + state + "\"}")
                .put(path)
                .then();
    }

    private static long twoVersions(String id) {
        create(id, USER_V1).statusCode(200);
        return globalId(given().contentType(ContentType.JSON)
                .body(USER_V2)
                .put("/api/artifacts/" + id)
                .then()
                .statusCode(200));
    }

    @Test
    void disabledVersion_isSkippedByLatest_andItsContentIsNotServed_butItsMetadataIs() {
        String id = newId();
        long v2 = twoVersions(id);
        given().get("/api/artifacts/" + id).then().statusCode(200).body("doc", equalTo("A user, named"));
        given().get("/api/ids/" + v2).then().statusCode(200); // now cached on the fast path
        setState("/api/artifacts/" + id + "/versions/2/state", "DISABLED").statusCode(204);
        for (int i = 0; i < 2; i++) {
            given().get("/api/artifacts/" + id).then().statusCode(200).body("doc", equalTo("A user"));
            assertError(given().get("/api/ids/" + v2).then(), 404, "disabled");
            assertError(given().get("/api/artifacts/" + id + "/versions/2").then(), 404, "disabled");
        }
        given().get("/api/artifacts/" + id + "/versions/2/meta")
                .then()
                .statusCode(200)
                .body("state", equalTo("DISABLED"));
        given().get("/api/artifacts/" + id + "/meta").then().statusCode(200).body("version", equalTo(1));
        setState("/api/artifacts/" + id + "/versions/2/state", "ENABLED").statusCode(204);
        given().get("/api/artifacts/" + id).then().statusCode(200).body("doc", equalTo("A user, named"));
        given().get("/api/ids/" + v2).then().statusCode(200);
    }

    @Test
    void deprecatedVersion_isServedWithTheDeprecationHeaders_onEveryContentPath() {
        String id = newId();
        long v2 = twoVersions(id);
        given().get("/api/artifacts/" + id).then().statusCode(200).header("X-Registry-Deprecated", nullValue());
        setState("/api/artifacts/" + id + "/state", "DEPRECATED").statusCode(204);
        for (int i = 0; i < 2; i++) { // the first read loads, the second is answered from the cache
            for (String path :
                    new String[] {"/api/artifacts/" + id, "/api/ids/" + v2, "/api/artifacts/" + id + "/versions/2"}) {
                given().get(path)
                        .then()
                        .statusCode(200)
                        .header("X-Registry-Deprecated", "true")
                        .header("X-Registry-ArtifactId", id)
                        .header("X-Registry-Version", "2");
            }
        }
        given().get("/api/artifacts/" + id + "/versions/1")
                .then()
                .statusCode(200)
                .header("X-Registry-Deprecated", nullValue());
        given().get("/api/artifacts/" + id + "/meta").then().body("state", equalTo("DEPRECATED"));
    }

    @Test
    void deletedState_deletesTheVersion_andTheArtifactWithItsLastVersion() {
        String id = newId();
        long v2 = twoVersions(id);
        setState("/api/artifacts/" + id + "/state", "DELETED").statusCode(204);
        given().get("/api/artifacts/" + id + "/versions").then().body("$", contains(1));
        assertError(given().get("/api/ids/" + v2).then(), 404, String.valueOf(v2));
        given().get("/api/artifacts/" + id).then().statusCode(200).body("doc", equalTo("A user"));
        setState("/api/artifacts/" + id + "/versions/1/state", "DELETED").statusCode(204);
        assertError(given().get("/api/artifacts/" + id + "/meta").then(), 404, id);
    }

    @Test
    void state_refusesUnknownStatesAndTargets() {
        String id = newId();
        twoVersions(id);
        assertError(setState("/api/artifacts/" + id + "/state", "ARCHIVED"), 400, "ENABLED");
        assertError(
                given().contentType(ContentType.JSON)
                        .body("[]")
                        .put("/api/artifacts/" + id + "/state")
                        .then(),
                400,
                "");
        assertError(setState("/api/artifacts/" + id + "/versions/9/state", "DISABLED"), 404, "9");
        assertError(setState("/api/artifacts/" + newId() + "/state", "DISABLED"), 404, "");
        setState("/api/artifacts/" + id + "/versions/1/state", "ENABLED").statusCode(204);
        given().get("/api/artifacts/" + id + "/versions/1/meta").then().body("state", containsString("ENABLED"));
    }
}
