package io.stele.app.apicurio.v3;

import static io.restassured.RestAssured.given;
import static org.assertj.core.api.Assertions.assertThat;

import io.quarkus.test.junit.QuarkusTest;
import io.restassured.http.ContentType;
import io.restassured.path.json.JsonPath;
import io.restassured.response.Response;
import java.util.List;
import java.util.Map;
import java.util.UUID;
import org.junit.jupiter.api.Test;

/**
 * An artifact's branches on Apicurio's v3 API: the system-defined {@code latest} branch, listed,
 * read and its versions listed newest first, and refused any change with 409 {@code
 * NotAllowedException}; any other branch, a malformed id, an unknown artifact or another group
 * answered as Apicurio answers them, and nothing written by any of them.
 */
@QuarkusTest
class RegistryBranchesApiTest {

    private static final String ARTIFACTS = "/apis/registry/v3/groups/default/artifacts/";

    /** An artifact with three versions, the second DISABLED; its id. */
    private static String threeVersions() {
        String artifactId = "branches-" + UUID.randomUUID();
        for (int i = 0; i < 3; i++) {
            given().header("X-Registry-ArtifactId", artifactId)
                    .header("X-Registry-ArtifactType", "AVRO")
                    .queryParam("ifExists", "UPDATE")
                    .contentType(ContentType.JSON)
                    .body("{\"type\":\"record\",\"name\":\"B\",\"fields\":[],\"doc\":\"" + i + "\"}")
                    .post("/api/artifacts")
                    .then()
                    .statusCode(200);
        }
        given().contentType(ContentType.JSON)
                .body(Map.of("state", "DISABLED"))
                .put(ARTIFACTS + artifactId + "/versions/2/state")
                .then()
                .statusCode(204);
        return artifactId;
    }

    @Test
    void theLatestBranch_isListedAndRead_asTheRegistrysOwn_begunByTheFirstVersion() {
        String artifactId = threeVersions();
        JsonPath first = given().get(ARTIFACTS + artifactId + "/versions/1").jsonPath();

        JsonPath listed = given().get(ARTIFACTS + artifactId + "/branches")
                .then()
                .statusCode(200)
                .extract()
                .jsonPath();
        JsonPath latest = given().get(ARTIFACTS + artifactId + "/branches/latest")
                .then()
                .statusCode(200)
                .extract()
                .jsonPath();

        assertThat(listed.getInt("count")).isEqualTo(1);
        assertThat(listed.getMap("branches[0]")).isEqualTo(latest.getMap(""));
        assertThat(latest.getString("branchId")).isEqualTo("latest");
        assertThat(latest.getString("artifactId")).isEqualTo(artifactId);
        assertThat(latest.getBoolean("systemDefined")).isTrue();
        assertThat(latest.getString("createdOn")).isEqualTo(first.getString("createdOn"));
        assertThat(latest.getString("owner")).isEqualTo(first.getString("owner"));
        assertThat(given().queryParam("offset", 1)
                        .get(ARTIFACTS + artifactId + "/branches")
                        .jsonPath()
                        .getList("branches"))
                .as("the page after the only branch")
                .isEmpty();
    }

    @Test
    void theLatestBranchsVersions_areEveryVersion_newestFirst_aPageAtATime() {
        String artifactId = threeVersions();
        String versions = ARTIFACTS + artifactId + "/branches/latest/versions";

        JsonPath all = given().get(versions).then().statusCode(200).extract().jsonPath();
        JsonPath second = given().queryParam("offset", 1)
                .queryParam("limit", 1)
                .get(versions)
                .jsonPath();

        assertThat(all.getInt("count")).isEqualTo(3);
        assertThat(all.getList("versions.version")).containsExactly("3", "2", "1");
        assertThat(all.getList("versions.state")).containsExactly("ENABLED", "DISABLED", "ENABLED");
        assertThat(second.getList("versions.version")).containsExactly("2");
        given().queryParam("limit", 0).get(versions).then().statusCode(400);
    }

    @Test
    void changingTheLatestBranch_is409NotAllowed_andChangesNothing() {
        String artifactId = threeVersions();
        String branch = ARTIFACTS + artifactId + "/branches/latest";
        String before = given().get(branch + "/versions").body().asString();

        List<Response> refused = List.of(
                given().contentType(ContentType.JSON)
                        .body(Map.of("description", "mine"))
                        .put(branch),
                given().delete(branch),
                given().contentType(ContentType.JSON)
                        .body(Map.of("versions", List.of("1")))
                        .put(branch + "/versions"),
                given().contentType(ContentType.JSON)
                        .body(Map.of("version", "1"))
                        .post(branch + "/versions"),
                given().contentType(ContentType.JSON)
                        .body(Map.of("branchId", "latest"))
                        .post(ARTIFACTS + artifactId + "/branches"));

        for (Response answer : refused) {
            assertThat(answer.statusCode()).as(answer.body().asString()).isEqualTo(409);
            assertThat(answer.jsonPath().getString("name")).isEqualTo("NotAllowedException");
        }
        assertThat(refused.get(1).jsonPath().getString("detail"))
                .isEqualTo("System generated branches cannot be deleted.");
        assertThat(given().get(branch + "/versions").body().asString()).isEqualTo(before);
        assertThat(given().get(branch).jsonPath().getString("description")).isNull();
    }

    @Test
    void otherBranches_malformedIds_unknownArtifacts_andOtherGroups_areAnsweredAsApicurioAnswersThem() {
        String artifactId = threeVersions();
        String branches = ARTIFACTS + artifactId + "/branches";

        Response created = given().contentType(ContentType.JSON)
                .body(Map.of("branchId", "release-1.x"))
                .post(branches);
        assertThat(created.statusCode()).as(created.body().asString()).isEqualTo(400);
        assertThat(created.jsonPath().getString("detail")).contains("not kept");
        for (String path : List.of(branches + "/release-1.x", branches + "/release-1.x/versions")) {
            Response missing = given().get(path);
            assertThat(missing.statusCode()).as(path).isEqualTo(404);
            assertThat(missing.jsonPath().getString("name")).isEqualTo("BranchNotFoundException");
        }
        assertThat(given().delete(branches + "/release-1.x").statusCode()).isEqualTo(404);
        for (String malformed : List.of("a%20b", "x".repeat(257), "%C3%A9")) {
            assertThat(given().urlEncodingEnabled(false)
                            .get(branches + "/" + malformed)
                            .statusCode())
                    .as(malformed)
                    .isEqualTo(400);
        }
        assertThat(given().contentType(ContentType.JSON)
                        .body(Map.of("branchId", "a b"))
                        .post(branches)
                        .statusCode())
                .isEqualTo(400);
        for (String variant : List.of("/latest/", "/latest;x=1", "/x/%2e%2e/latest", "%2Flatest")) {
            assertThat(given().urlEncodingEnabled(false)
                            .delete(branches + variant)
                            .statusCode())
                    .as(variant)
                    .isIn(400, 404, 405, 409);
        }

        String unknown = ARTIFACTS + "no-such-" + UUID.randomUUID() + "/branches";
        Response list = given().get(unknown);
        assertThat(list.statusCode()).isEqualTo(404);
        assertThat(list.jsonPath().getString("name")).isEqualTo("ArtifactNotFoundException");
        Response latest = given().get(unknown + "/latest");
        assertThat(latest.statusCode()).isEqualTo(404);
        assertThat(latest.jsonPath().getString("name")).isEqualTo("BranchNotFoundException");
        assertThat(given().get("/apis/registry/v3/groups/payments/artifacts/" + artifactId + "/branches")
                        .statusCode())
                .isEqualTo(404);
        assertThat(given().get(branches + "/latest/versions").jsonPath().getInt("count"))
                .as("nothing written by any of them")
                .isEqualTo(3);
    }
}
