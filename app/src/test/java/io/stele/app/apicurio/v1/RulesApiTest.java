package io.stele.app.apicurio.v1;

import static io.restassured.RestAssured.given;
import static io.stele.app.apicurio.v1.ArtifactsApiTest.USER_V1;
import static io.stele.app.apicurio.v1.ArtifactsApiTest.assertError;
import static io.stele.app.apicurio.v1.ArtifactsApiTest.create;
import static io.stele.app.apicurio.v1.ArtifactsApiTest.newId;
import static org.hamcrest.Matchers.contains;
import static org.hamcrest.Matchers.containsString;
import static org.hamcrest.Matchers.empty;
import static org.hamcrest.Matchers.equalTo;
import static org.hamcrest.Matchers.hasSize;

import io.quarkus.test.junit.QuarkusTest;
import io.restassured.http.ContentType;
import io.restassured.response.ValidatableResponse;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;

/** Global and artifact rules: their endpoints and how they guard new versions. */
@QuarkusTest
class RulesApiTest {

    static final String USER_WITH_EMAIL =
            """
            {"type":"record","name":"User","namespace":"com.example",
             "fields":[{"name":"id","type":"long"},{"name":"email","type":"string"}]}""";
    static final String USER_WITH_EMAIL_DEFAULT =
            """
            {"type":"record","name":"User","namespace":"com.example",
             "fields":[{"name":"id","type":"long"},{"name":"email","type":"string","default":""}]}""";

    static ValidatableResponse addRule(String path, String type, String config) {
        return given().contentType(ContentType.JSON)
                .body("{\"type\":\"" + type + "\",\"config\":\"" + config + "\"}")
                .post(path)
                .then();
    }

    static ValidatableResponse update(String id, String content) {
        return given().contentType(ContentType.JSON)
                .body(content)
                .put("/api/artifacts/" + id)
                .then();
    }

    @AfterEach
    void deleteGlobalRules() {
        given().delete("/api/rules").then().statusCode(204);
    }

    @Test
    void globalRules_lifecycle() {
        given().get("/api/rules").then().statusCode(200).body("$", empty());
        addRule("/api/rules", "COMPATIBILITY", "BACKWARD").statusCode(204);
        addRule("/api/rules", "VALIDITY", "full").statusCode(204);
        given().get("/api/rules").then().statusCode(200).body("$", contains("VALIDITY", "COMPATIBILITY"));
        given().get("/api/rules/VALIDITY")
                .then()
                .statusCode(200)
                .body("type", equalTo("VALIDITY"))
                .body("config", equalTo("FULL"));
        given().contentType(ContentType.JSON)
                .body("{\"config\":\"FULL_TRANSITIVE\"}")
                .put("/api/rules/COMPATIBILITY")
                .then()
                .statusCode(200)
                .body("config", equalTo("FULL_TRANSITIVE"))
                .body("type", equalTo("COMPATIBILITY"));
        given().delete("/api/rules/VALIDITY").then().statusCode(204);
        assertError(given().get("/api/rules/VALIDITY").then(), 404, "VALIDITY");
        given().get("/api/rules").then().body("$", contains("COMPATIBILITY"));
    }

    @Test
    void globalRules_refuseBadInput() {
        assertError(addRule("/api/rules", "COMPATIBILITY", "SIDEWAYS"), 400, "BACKWARD_TRANSITIVE");
        assertError(addRule("/api/rules", "NOT_A_RULE", "NONE"), 400, "");
        assertError(
                given().contentType(ContentType.JSON)
                        .body("{\"config\":\"FULL\"}")
                        .post("/api/rules")
                        .then(),
                400,
                "type is missing");
        addRule("/api/rules", "VALIDITY", "FULL").statusCode(204);
        assertError(addRule("/api/rules", "VALIDITY", "NONE"), 409, "VALIDITY");
        assertError(
                given().contentType(ContentType.JSON)
                        .body("{\"config\":\"FULL\"}")
                        .put("/api/rules/COMPATIBILITY")
                        .then(),
                404,
                "COMPATIBILITY");
        assertError(given().get("/api/rules/SPEED").then(), 404, "SPEED");
        assertError(given().delete("/api/rules/COMPATIBILITY").then(), 404, "COMPATIBILITY");
    }

    @Test
    void artifactRules_lifecycle_andNeedTheArtifact() {
        String id = newId();
        String rules = "/api/artifacts/" + id + "/rules";
        assertError(given().get(rules).then(), 404, id);
        assertError(addRule(rules, "VALIDITY", "FULL"), 404, id);
        create(id, USER_V1).statusCode(200);
        given().get(rules).then().statusCode(200).body("$", empty());
        addRule(rules, "VALIDITY", "SYNTAX_ONLY").statusCode(204);
        assertError(addRule(rules, "VALIDITY", "FULL"), 409, "VALIDITY");
        given().get(rules + "/VALIDITY").then().statusCode(200).body("config", equalTo("SYNTAX_ONLY"));
        given().contentType(ContentType.JSON)
                .body("{\"type\":\"VALIDITY\",\"config\":\"NONE\"}")
                .put(rules + "/VALIDITY")
                .then()
                .statusCode(200)
                .body("config", equalTo("NONE"));
        given().get("/api/rules").then().body("$", empty());
        given().delete(rules + "/VALIDITY").then().statusCode(204);
        addRule(rules, "COMPATIBILITY", "FULL").statusCode(204);
        given().delete(rules).then().statusCode(204);
        given().get(rules).then().body("$", empty());
        assertError(given().delete("/api/artifacts/" + newId() + "/rules").then(), 404, "");
    }

    @Test
    void ifExistsUpdate_judgesAnExistingArtifactByItsOwnRules_notTheGlobalOnes() {
        String badDefault =
                "{\"type\":\"record\",\"name\":\"R\",\"fields\":[{\"name\":\"a\",\"type\":\"int\",\"default\":\"x\"}]}";
        String id = newId();
        create(id, USER_V1).statusCode(200);
        addRule("/api/rules", "VALIDITY", "FULL").statusCode(204);
        addRule("/api/artifacts/" + id + "/rules", "VALIDITY", "NONE").statusCode(204);
        given().header("X-Registry-ArtifactId", id)
                .queryParam("ifExists", "UPDATE")
                .body(badDefault)
                .post("/api/artifacts")
                .then()
                .statusCode(200)
                .body("version", equalTo(2));
        assertError(create(newId(), badDefault), 409, "VALIDITY rule (FULL): Invalid Avro schema")
                .body("causes[0].context", org.hamcrest.Matchers.nullValue());
    }

    @Test
    void compatibilityRule_refusesAnIncompatibleVersion_namingEachIncompatibilityAndWhere() {
        String id = newId();
        create(id, USER_V1).statusCode(200);
        addRule("/api/artifacts/" + id + "/rules", "COMPATIBILITY", "BACKWARD").statusCode(204);
        assertError(update(id, USER_WITH_EMAIL), 409, "COMPATIBILITY rule (BACKWARD)")
                .body("message", containsString("/fields/1"))
                .body("message", containsString("'email' has no default value"))
                .body("causes", hasSize(1))
                .body("causes[0].context", equalTo("/fields/1"))
                .body("causes[0].description", containsString("cannot read data written with version 1"));
        given().get("/api/artifacts/" + id + "/versions").then().body("$", contains(1));
        update(id, USER_WITH_EMAIL_DEFAULT).statusCode(200).body("version", equalTo(2));
    }

    @Test
    void artifactRule_winsOverTheGlobalRule() {
        String id = newId();
        create(id, USER_V1).statusCode(200);
        addRule("/api/rules", "COMPATIBILITY", "BACKWARD").statusCode(204);
        assertError(update(id, USER_WITH_EMAIL), 409, "BACKWARD");
        addRule("/api/artifacts/" + id + "/rules", "COMPATIBILITY", "NONE").statusCode(204);
        update(id, USER_WITH_EMAIL).statusCode(200).body("version", equalTo(2));
    }

    @Test
    void validity_withoutRule_answers400_withAConfiguredRule_answers409_andNoneStoresAnything() {
        String broken = "{\"type\":\"record\",\"name\":\"R\",\"fields\":[{\"name\":\"a\",\"type\":\"nosuchtype\"}]}";
        String badDefault =
                "{\"type\":\"record\",\"name\":\"R\",\"fields\":[{\"name\":\"a\",\"type\":\"int\",\"default\":\"x\"}]}";
        String id = newId();
        create(id, USER_V1).statusCode(200);
        assertError(
                given().header("X-Registry-ArtifactType", "AVRO")
                        .body(broken)
                        .put("/api/artifacts/" + id)
                        .then(),
                400,
                "Invalid Avro schema");
        given().header("X-Registry-ArtifactType", "AVRO")
                .body(badDefault)
                .put("/api/artifacts/" + id)
                .then()
                .statusCode(200);
        addRule("/api/artifacts/" + id + "/rules", "VALIDITY", "FULL").statusCode(204);
        assertError(
                given().header("X-Registry-ArtifactType", "AVRO")
                        .body(badDefault)
                        .put("/api/artifacts/" + id)
                        .then(),
                409,
                "VALIDITY rule (FULL)");
        given().contentType(ContentType.JSON)
                .body("{\"config\":\"NONE\"}")
                .put("/api/artifacts/" + id + "/rules/VALIDITY")
                .then()
                .statusCode(200);
        given().header("X-Registry-ArtifactType", "AVRO")
                .body(broken)
                .put("/api/artifacts/" + id)
                .then()
                .statusCode(200)
                .body("version", equalTo(3));
    }

    @Test
    void globalValidityRule_appliesToNewArtifacts() {
        String badDefault =
                "{\"type\":\"record\",\"name\":\"R\",\"fields\":[{\"name\":\"a\",\"type\":\"int\",\"default\":\"x\"}]}";
        addRule("/api/rules", "VALIDITY", "FULL").statusCode(204);
        assertError(create(newId(), badDefault), 409, "VALIDITY");
        create(newId(), USER_V1).statusCode(200);
    }

    @Test
    void testEndpoint_runsTheRules_andStoresNothing() {
        String id = newId();
        create(id, USER_V1).statusCode(200);
        addRule("/api/artifacts/" + id + "/rules", "COMPATIBILITY", "BACKWARD").statusCode(204);
        given().contentType(ContentType.JSON)
                .body(USER_WITH_EMAIL_DEFAULT)
                .put("/api/artifacts/" + id + "/test")
                .then()
                .statusCode(204);
        assertError(
                given().contentType(ContentType.JSON)
                        .body(USER_WITH_EMAIL)
                        .put("/api/artifacts/" + id + "/test")
                        .then(),
                409,
                "email");
        assertError(
                given().body("{not json").put("/api/artifacts/" + id + "/test").then(), 400, "Invalid Avro schema");
        assertError(
                given().body(USER_V1).put("/api/artifacts/" + newId() + "/test").then(), 404, "");
        given().get("/api/artifacts/" + id + "/versions").then().body("$", contains(1));
    }
}
