package io.stele.app.apicurio.v3;

import static io.restassured.RestAssured.given;
import static org.assertj.core.api.Assertions.assertThat;

import io.quarkus.test.junit.QuarkusTest;
import io.restassured.http.ContentType;
import io.restassured.path.json.JsonPath;
import io.restassured.response.Response;
import io.stele.app.testing.Settings;
import java.util.List;
import java.util.Map;
import java.util.UUID;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * {@code /apis/registry/v3/groups/{g}/artifacts/{a}}: an artifact's metadata, its versions listed
 * and added, a version's metadata and state, and deletion as configured. Also one of the REST
 * suites run on every backend.
 */
@QuarkusTest
public class RegistryArtifactsApiTest {

    private static final String ARTIFACTS = "/apis/registry/v3/groups/default/artifacts/";

    private static String schema(int fields) {
        StringBuilder list = new StringBuilder();
        for (int i = 0; i < fields; i++) {
            list.append(i == 0 ? "" : ",")
                    .append("{\"name\":\"f")
                    .append(i)
                    .append("\",\"type\":\"int\",\"default\":0}");
        }
        return "{\"type\":\"record\",\"name\":\"A\",\"fields\":[" + list + "]}";
    }

    private static Map<String, Object> version(String content) {
        return Map.of("content", Map.of("content", content, "contentType", "application/json"));
    }

    /** An artifact with {@code count} versions, written by the v3 API. */
    private static String artifact(int count) {
        String artifactId = "artifacts-" + UUID.randomUUID();
        given().contentType(ContentType.JSON)
                .body(Map.of("artifactId", artifactId, "artifactType", "AVRO", "firstVersion", version(schema(0))))
                .post(ARTIFACTS)
                .then()
                .statusCode(200);
        for (int i = 1; i < count; i++) {
            addVersion(artifactId, version(schema(i))).then().statusCode(200);
        }
        return artifactId;
    }

    private static Response addVersion(String artifactId, Object body) {
        return given().contentType(ContentType.JSON).body(body).post(ARTIFACTS + artifactId + "/versions");
    }

    private static List<Integer> v1Versions(String artifactId) {
        return given().get("/api/artifacts/" + artifactId + "/versions")
                .jsonPath()
                .getList("$");
    }

    @Test
    void aNewVersion_takesItsMetadata_andTheNextNumber() {
        String artifactId = artifact(1);
        Map<String, Object> body = new java.util.HashMap<>(version(schema(1)));
        body.put("name", "Second");
        body.put("labels", Map.of("team", "payments"));

        Response created = addVersion(artifactId, body);

        assertThat(created.statusCode()).as(created.asString()).isEqualTo(200);
        assertThat(created.jsonPath().getString("version")).isEqualTo("2");
        assertThat(created.jsonPath().getString("name")).isEqualTo("Second");
        assertThat(created.jsonPath().getMap("labels")).isEqualTo(Map.of("team", "payments"));
        assertThat(created.jsonPath().getLong("globalId")).isPositive();
        assertThat(given().get(ARTIFACTS + artifactId + "/versions/branch=latest/content")
                        .asString())
                .isEqualTo(schema(1));
    }

    @Test
    void badNewVersions_areRefusedWith400_andWriteNothing() {
        String artifactId = artifact(1);
        List<Object> bodies = List.of(
                Map.of(),
                Map.of("content", Map.of("contentType", "application/json")),
                Map.of("content", Map.of("content", "", "contentType", "application/json")),
                Map.of("version", "2.0", "content", Map.of("content", schema(1))),
                Map.of("isDraft", true, "content", Map.of("content", schema(1))),
                Map.of("branches", List.of("beta"), "content", Map.of("content", schema(1))),
                Map.of("content", Map.of("content", "{not avro")),
                "[]");
        for (Object body : bodies) {
            Response refused = addVersion(artifactId, body);
            assertThat(refused.statusCode())
                    .as(body + ": " + refused.asString())
                    .isEqualTo(400);
            assertThat(refused.jsonPath().getString("detail")).doesNotContain("io.stele", "Exception");
        }
        Response dryRun = given().contentType(ContentType.JSON)
                .queryParam("dryRun", "TRUE")
                .body(version(schema(1)))
                .post(ARTIFACTS + artifactId + "/versions");
        assertThat(dryRun.statusCode()).as("dryRun is true or false").isEqualTo(400);
        assertThat(v1Versions(artifactId)).containsExactly(1);
    }

    @Test
    void aVersionOfAnArtifactElsewhere_isNotFound_andNothingIsWritten() {
        String artifactId = artifact(1);
        Response otherGroup = given().contentType(ContentType.JSON)
                .body(version(schema(1)))
                .post("/apis/registry/v3/groups/other/artifacts/" + artifactId + "/versions");
        Response noArtifact = addVersion("no-" + artifactId, version(schema(1)));

        assertThat(otherGroup.statusCode()).isEqualTo(404);
        assertThat(noArtifact.statusCode()).isEqualTo(404);
        assertThat(noArtifact.jsonPath().getString("name")).isEqualTo("ArtifactNotFoundException");
        assertThat(v1Versions(artifactId)).containsExactly(1);
        assertThat(given().get("/api/artifacts/no-" + artifactId + "/meta").statusCode())
                .isEqualTo(404);
    }

    @Test
    void versions_areListedByNumber_aPageAtATime_eitherWay() {
        String artifactId = artifact(3);
        String versions = ARTIFACTS + artifactId + "/versions";

        Response all = given().get(versions);
        Response lastTwo =
                given().queryParam("order", "desc").queryParam("limit", 2).get(versions);
        Response skipOneDown =
                given().queryParam("order", "desc").queryParam("offset", 1).get(versions);
        Response pastTheEnd =
                given().queryParam("order", "desc").queryParam("offset", 5).get(versions);
        Response byGlobalId = given().queryParam("orderby", "globalId")
                .queryParam("offset", 2)
                .get(versions);

        assertThat(all.jsonPath().getInt("count")).isEqualTo(3);
        assertThat(all.jsonPath().getList("versions.version")).containsExactly("1", "2", "3");
        assertThat(all.jsonPath().getList("versions.artifactId")).containsOnly(artifactId);
        assertThat(lastTwo.jsonPath().getList("versions.version")).containsExactly("3", "2");
        assertThat(skipOneDown.jsonPath().getList("versions.version")).containsExactly("2", "1");
        assertThat(pastTheEnd.jsonPath().getList("versions")).isEmpty();
        assertThat(pastTheEnd.jsonPath().getInt("count")).isEqualTo(3);
        assertThat(byGlobalId.jsonPath().getList("versions.version")).containsExactly("3");
    }

    @ParameterizedTest
    @ValueSource(strings = {"orderby=name", "orderby=", "order=up", "order=", "limit=abc", "limit=0", "offset=-1"})
    void badListingQueries_areRefusedWith400(String query) {
        String artifactId = artifact(1);
        Response versions = given().urlEncodingEnabled(false).get(ARTIFACTS + artifactId + "/versions?" + query);
        assertThat(versions.statusCode()).as(query + ": " + versions.asString()).isEqualTo(400);
        if (!query.startsWith("orderby")) {
            Response artifacts = given().urlEncodingEnabled(false).get(ARTIFACTS + "?" + query);
            assertThat(artifacts.statusCode()).as(query).isEqualTo(400);
        }
    }

    @Test
    void artifactsInTheDefaultGroup_areListed_andAnotherGroupIsNotFound() {
        String artifactId = artifact(2);

        Response listed = given().queryParam("limit", 1000).get(ARTIFACTS);
        Response other = given().get("/apis/registry/v3/groups/other/artifacts");
        Response byCreation = given().queryParam("orderby", "createdOn").get(ARTIFACTS);

        assertThat(listed.statusCode()).as(listed.asString()).isEqualTo(200);
        assertThat(listed.jsonPath().getInt("count")).isPositive();
        assertThat(listed.jsonPath().getList("artifacts.artifactId")).contains(artifactId);
        assertThat(other.statusCode()).isEqualTo(404);
        assertThat(other.jsonPath().getString("name")).isEqualTo("GroupNotFoundException");
        assertThat(byCreation.statusCode()).isEqualTo(400);
    }

    @Test
    void artifactMetadata_isTheLatestVersions_andEditsKeepWhatTheyLeaveOut() {
        String artifactId = artifact(2);
        String artifact = ARTIFACTS + artifactId;

        Response named = given().contentType(ContentType.JSON)
                .body(Map.of("name", "Orders", "labels", Map.of("tier", "gold")))
                .put(artifact);
        Response described = given().contentType(ContentType.JSON)
                .body(Map.of("description", "What an order is"))
                .put(artifact);
        Response meta = given().get(artifact);

        assertThat(named.statusCode()).as(named.asString()).isEqualTo(204);
        assertThat(described.statusCode()).isEqualTo(204);
        assertThat(meta.jsonPath().getString("artifactId")).isEqualTo(artifactId);
        assertThat(meta.jsonPath().getString("name")).isEqualTo("Orders");
        assertThat(meta.jsonPath().getString("description")).isEqualTo("What an order is");
        assertThat(meta.jsonPath().getMap("labels")).isEqualTo(Map.of("tier", "gold"));
        assertThat(meta.jsonPath().getString("artifactType")).isEqualTo("AVRO");
        assertThat(given().get(artifact + "/versions/2").jsonPath().getString("name"))
                .isEqualTo("Orders");
        assertThat(given().get(artifact + "/versions/1").jsonPath().getString("name"))
                .as("an earlier version keeps the name its content gives")
                .isEqualTo("A");
        assertThat(given().get("/apis/registry/v3/groups/other/artifacts/" + artifactId)
                        .statusCode())
                .isEqualTo(404);
    }

    @Test
    void anotherOwner_isRefused_andChangesNothing() {
        String artifactId = artifact(1);
        for (String owner : List.of("", "mallory")) {
            Response refused = given().contentType(ContentType.JSON)
                    .body(Map.of("name", "Taken", "owner", owner))
                    .put(ARTIFACTS + artifactId);
            assertThat(refused.statusCode()).as(owner).isEqualTo(400);
        }
        assertThat(given().get(ARTIFACTS + artifactId).jsonPath().getString("name"))
                .isEqualTo("A");
    }

    @Test
    void versionMetadata_isEdited_fieldByField() {
        String artifactId = artifact(2);
        String first = ARTIFACTS + artifactId + "/versions/1";

        given().contentType(ContentType.JSON)
                .body(Map.of("name", "One", "labels", Map.of("a", "1")))
                .put(first)
                .then()
                .statusCode(204);
        given().contentType(ContentType.JSON)
                .body(Map.of("labels", Map.of("b", "2")))
                .put(first)
                .then()
                .statusCode(204);
        Response missing = given().contentType(ContentType.JSON)
                .body(Map.of("name", "x"))
                .put(ARTIFACTS + artifactId + "/versions/9");

        Response meta = given().get(first);
        assertThat(meta.jsonPath().getString("name")).isEqualTo("One");
        assertThat(meta.jsonPath().getMap("labels")).isEqualTo(Map.of("b", "2"));
        assertThat(given().get(ARTIFACTS + artifactId + "/versions/2")
                        .jsonPath()
                        .getString("name"))
                .isEqualTo("A");
        assertThat(missing.statusCode()).isEqualTo(404);
        assertThat(missing.jsonPath().getString("name")).isEqualTo("VersionNotFoundException");
    }

    @Test
    void aDisabledVersion_leavesTheLatestBranch_andIsEnabledAgain() {
        String artifactId = artifact(2);
        String second = ARTIFACTS + artifactId + "/versions/2";

        Response disabled = given().contentType(ContentType.JSON)
                .body(Map.of("state", "DISABLED"))
                .put(second + "/state");

        assertThat(disabled.statusCode()).as(disabled.asString()).isEqualTo(204);
        assertThat(given().get(second + "/state").jsonPath().getString("state")).isEqualTo("DISABLED");
        assertThat(given().get(second + "/content").statusCode()).isEqualTo(404);
        assertThat(given().get(ARTIFACTS + artifactId + "/versions/branch=latest")
                        .jsonPath()
                        .getString("version"))
                .isEqualTo("1");

        given().contentType(ContentType.JSON)
                .body(Map.of("state", "ENABLED"))
                .put(second + "/state")
                .then()
                .statusCode(204);
        assertThat(given().get(second + "/state").jsonPath().getString("state")).isEqualTo("ENABLED");
    }

    @ParameterizedTest
    @ValueSource(strings = {"{\"state\":\"DRAFT\"}", "{\"state\":\"DELETED\"}", "{\"state\":\"disabled\"}", "{}", "[]"})
    void statesAVersionCannotTake_areRefusedWith400(String body) {
        String artifactId = artifact(1);
        Response refused =
                given().contentType(ContentType.JSON).body(body).put(ARTIFACTS + artifactId + "/versions/1/state");
        assertThat(refused.statusCode()).as(refused.asString()).isEqualTo(400);
        assertThat(given().get(ARTIFACTS + artifactId + "/versions/1/state")
                        .jsonPath()
                        .getString("state"))
                .isEqualTo("ENABLED");
    }

    @Test
    void deletion_isAsConfigured_offAsInApicurio3() {
        String artifactId = artifact(2);
        if (!Settings.on("stele.api.v3-deletes")) { // the REST suites turn it on on PostgreSQL
            Response artifact = given().delete(ARTIFACTS + artifactId);
            Response version = given().delete(ARTIFACTS + artifactId + "/versions/1");

            assertThat(artifact.statusCode()).isEqualTo(405);
            assertThat(artifact.jsonPath().getString("name")).isEqualTo("NotAllowedException");
            assertThat(artifact.jsonPath().getString("detail")).contains("stele.api.v3-deletes");
            assertThat(artifact.header("Allow")).contains("GET").doesNotContain("DELETE");
            assertThat(version.statusCode()).isEqualTo(405);
            assertThat(v1Versions(artifactId)).containsExactly(1, 2);
            return;
        }
        assertThat(given().delete("/apis/registry/v3/groups/other/artifacts/" + artifactId)
                        .statusCode())
                .isEqualTo(404);
        assertThat(given().delete(ARTIFACTS + artifactId + "/versions/2").statusCode())
                .isEqualTo(204);
        assertThat(v1Versions(artifactId)).containsExactly(1);
        assertThat(given().delete(ARTIFACTS + artifactId).statusCode()).isEqualTo(204);
        assertThat(given().get(ARTIFACTS + artifactId).statusCode()).isEqualTo(404);
        assertThat(given().delete(ARTIFACTS + artifactId).statusCode()).isEqualTo(404);
    }

    @Test
    void systemInfo_andTheCaller_areAnsweredOnBothApis() {
        for (String root : List.of("/apis/registry/v3", "/apis/registry/v2")) {
            Response info = given().get(root + "/system/info");
            Response me = given().get(root + "/users/me");
            assertThat(info.jsonPath().getString("name")).isEqualTo("Stele");
            assertThat(info.jsonPath().getString("version")).isNotBlank();
            assertThat(me.jsonPath().getBoolean("admin"))
                    .as("authentication is off")
                    .isTrue();
            assertThat(me.jsonPath().getBoolean("viewer")).isTrue();
        }
    }

    @Test
    void limits_sayTheLargestSchema_andNoOtherLimit_onBothApis() {
        for (String root : List.of("/apis/registry/v3", "/apis/registry/v2")) {
            Map<String, Object> limits = given().get(root + "/system/limits")
                    .then()
                    .statusCode(200)
                    .extract()
                    .jsonPath()
                    .getMap("");
            assertThat(limits).as(root).hasSize(12).containsEntry("maxSchemaSizeBytes", 1024 * 1024);
            assertThat(limits.entrySet())
                    .as("%s: the limits Stele does not apply", root)
                    .filteredOn(limit -> !limit.getKey().equals("maxSchemaSizeBytes"))
                    .allSatisfy(limit ->
                            assertThat(limit.getValue()).as(limit.getKey()).isEqualTo(-1));
        }
        String oneByteTooMany = "{\"type\":\"string\",\"doc\":\"" + "x".repeat(1024 * 1024) + "\"}";
        given().body(oneByteTooMany)
                .post("/apis/registry/v3/groups/default/artifacts")
                .then()
                .statusCode(413);
    }

    @Test
    void uiConfig_saysNoSignIn_andTheDeletionsServed_withAuthenticationOff() {
        JsonPath config = given().get("/apis/registry/v3/system/uiConfig")
                .then()
                .statusCode(200)
                .extract()
                .jsonPath();
        assertThat(config.getString("auth.type")).isEqualTo("none");
        assertThat(config.getBoolean("auth.rbacEnabled")).isFalse();
        assertThat(config.getBoolean("auth.obacEnabled")).isFalse();
        assertThat(config.getMap("auth")).doesNotContainKey("options");
        boolean deletes = Settings.on("stele.api.v3-deletes");
        assertThat(config.getBoolean("features.deleteArtifact")).isEqualTo(deletes);
        assertThat(config.getBoolean("features.deleteVersion")).isEqualTo(deletes);
        assertThat(config.getBoolean("features.deleteGroup")).isFalse();
        assertThat(config.getBoolean("features.draftMutability")).isFalse();
        assertThat(config.getString("ui.contextPath")).isEqualTo("/");
        given().get("/apis/registry/v2/system/uiConfig").then().statusCode(404);
    }
}
