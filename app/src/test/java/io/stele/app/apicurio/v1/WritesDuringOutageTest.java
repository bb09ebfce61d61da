package io.stele.app.apicurio.v1;

import static io.restassured.RestAssured.given;
import static io.stele.app.apicurio.v1.ArtifactsApiTest.USER_V1;
import static io.stele.app.apicurio.v1.ArtifactsApiTest.USER_V2;
import static io.stele.app.apicurio.v1.ArtifactsApiTest.assertError;
import static io.stele.app.apicurio.v1.ArtifactsApiTest.create;
import static io.stele.app.apicurio.v1.ArtifactsApiTest.newId;
import static org.hamcrest.Matchers.equalTo;

import io.quarkus.test.junit.QuarkusTest;
import io.quarkus.test.junit.TestProfile;
import io.restassured.http.ContentType;
import io.stele.app.artifacts.IfExists;
import io.stele.app.testing.RulesOutage;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;

/** A write whose rules cannot be read answers 503: the outage is never taken for a verdict on the content. */
@QuarkusTest
@TestProfile(RulesOutage.class)
class WritesDuringOutageTest {

    @AfterEach
    void rulesBack() {
        RulesOutage.rulesDown = false;
    }

    @Test
    void createArtifact_whenTheRulesCannotBeRead_answers503_whateverIfExistsSays() {
        String id = newId();
        create(id, USER_V1).statusCode(200);
        given().delete("/api/rules").then().statusCode(204); // drops the cached global rules: the next write reads them
        RulesOutage.rulesDown = true;
        for (IfExists ifExists : IfExists.values()) {
            assertError(
                    given().header("X-Registry-ArtifactId", id)
                            .queryParam("ifExists", ifExists.name())
                            .contentType(ContentType.JSON)
                            .body(USER_V2)
                            .post("/api/artifacts")
                            .then(),
                    503,
                    "storage backend is unavailable");
        }
        assertError(
                given().contentType(ContentType.JSON)
                        .body(USER_V2)
                        .put("/api/artifacts/" + id)
                        .then(),
                503,
                "storage backend is unavailable");
        RulesOutage.rulesDown = false;
        given().get("/api/artifacts/" + id + "/versions").then().statusCode(200).body(equalTo("[1]"));
    }
}
