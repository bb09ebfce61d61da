package io.stele.app.apicurio.v2;

import static io.restassured.RestAssured.given;
import static org.assertj.core.api.Assertions.assertThat;

import io.quarkus.test.junit.QuarkusTest;
import io.restassured.http.ContentType;
import io.restassured.response.Response;
import io.restassured.specification.RequestSpecification;
import io.stele.app.testing.Settings;
import java.nio.charset.StandardCharsets;
import java.util.Base64;
import java.util.List;
import java.util.Map;
import java.util.UUID;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * What Apicurio 2.x's client does to manage an artifact on {@code /apis/registry/v2}: new versions,
 * metadata, states, listings, deletion and a test against the rules.
 */
@QuarkusTest
public class RegistryV2ManageApiTest {

    private static final String ARTIFACTS = "/apis/registry/v2/groups/default/artifacts/";

    private static String schema(int fields) {
        StringBuilder list = new StringBuilder();
        for (int i = 0; i < fields; i++) {
            list.append(i == 0 ? "" : ",")
                    .append("{\"name\":\"f")
                    .append(i)
                    .append("\",\"type\":\"int\",\"default\":0}");
        }
        return "{\"type\":\"record\",\"name\":\"M\",\"fields\":[" + list + "]}";
    }

    private static RequestSpecification raw(String schema) {
        return given().body(schema.getBytes(StandardCharsets.UTF_8));
    }

    private static String artifact() {
        String artifactId = "v2-manage-" + UUID.randomUUID();
        raw(schema(0))
                .header("X-Registry-ArtifactId", artifactId)
                .header("X-Registry-ArtifactType", "AVRO")
                .post(ARTIFACTS)
                .then()
                .statusCode(200);
        return artifactId;
    }

    private static List<Integer> v1Versions(String artifactId) {
        return given().get("/api/artifacts/" + artifactId + "/versions")
                .jsonPath()
                .getList("$");
    }

    @Test
    void aNewVersion_byPutOrPost_takesTheNamesHeaders() {
        String artifactId = artifact();
        String encoded = Base64.getEncoder().encodeToString("Zahlung €".getBytes(StandardCharsets.UTF_8));

        Response put = raw(schema(1)).header("X-Registry-Name-Encoded", encoded).put(ARTIFACTS + artifactId);
        Response post =
                raw(schema(2)).header("X-Registry-Description", "third").post(ARTIFACTS + artifactId + "/versions");

        assertThat(put.statusCode()).as(put.asString()).isEqualTo(200);
        assertThat(put.jsonPath().getString("version")).isEqualTo("2");
        assertThat(put.jsonPath().getString("name")).isEqualTo("Zahlung €");
        assertThat(post.statusCode()).as(post.asString()).isEqualTo(200);
        assertThat(post.jsonPath().getString("version")).isEqualTo("3");
        assertThat(post.jsonPath().getString("description")).isEqualTo("third");
        assertThat(given().get(ARTIFACTS + artifactId).asString()).isEqualTo(schema(2));
    }

    @Test
    void newVersionsThatCannotBeKept_areRefused_andWriteNothing() {
        String artifactId = artifact();

        Response named = raw(schema(1)).header("X-Registry-Version", "2.0").put(ARTIFACTS + artifactId);
        Response empty = raw("").post(ARTIFACTS + artifactId + "/versions");
        Response invalid = raw("{not avro").put(ARTIFACTS + artifactId);
        Response otherGroup = raw(schema(1)).put("/apis/registry/v2/groups/other/artifacts/" + artifactId);
        Response missing = raw(schema(1)).post(ARTIFACTS + "no-" + artifactId + "/versions");

        assertThat(List.of(named.statusCode(), empty.statusCode(), invalid.statusCode()))
                .containsOnly(400);
        assertThat(otherGroup.statusCode()).isEqualTo(404);
        assertThat(missing.statusCode()).isEqualTo(404);
        assertThat(missing.jsonPath().getString("name")).isEqualTo("ArtifactNotFoundException");
        assertThat(v1Versions(artifactId)).containsExactly(1);
    }

    @Test
    void versions_areListedAPageAtATime_withTheirReferences() {
        String artifactId = artifact();
        raw(schema(1)).put(ARTIFACTS + artifactId).then().statusCode(200);

        Response all = given().get(ARTIFACTS + artifactId + "/versions");
        Response second = given().queryParam("offset", 1).get(ARTIFACTS + artifactId + "/versions");

        assertThat(all.jsonPath().getInt("count")).isEqualTo(2);
        assertThat(all.jsonPath().getList("versions.version")).containsExactly("1", "2");
        assertThat(all.jsonPath().getList("versions.references")).containsOnly(List.of());
        assertThat(all.jsonPath().getString("versions[0].createdOn"))
                .matches("\\d{4}-\\d\\d-\\d\\dT\\d\\d:\\d\\d:\\d\\dZ");
        assertThat(second.jsonPath().getList("versions.version")).containsExactly("2");
    }

    @Test
    void metadata_isReplaced_asApicurio2ReplacesIt() {
        String artifactId = artifact();
        Map<String, Object> meta =
                Map.of("name", "Payment", "labels", List.of("pci"), "properties", Map.of("team", "payments"));

        given().contentType(ContentType.JSON)
                .body(meta)
                .put(ARTIFACTS + artifactId + "/meta")
                .then()
                .statusCode(204);
        Response artifact = given().get(ARTIFACTS + artifactId + "/meta");
        given().contentType(ContentType.JSON)
                .body(Map.of("description", "only this"))
                .put(ARTIFACTS + artifactId + "/versions/1/meta")
                .then()
                .statusCode(204);
        Response replaced = given().get(ARTIFACTS + artifactId + "/versions/1/meta");
        given().delete(ARTIFACTS + artifactId + "/versions/latest/meta").then().statusCode(204);
        Response cleared = given().get(ARTIFACTS + artifactId + "/versions/1/meta");

        assertThat(artifact.jsonPath().getString("name")).isEqualTo("Payment");
        assertThat(artifact.jsonPath().getList("labels")).containsExactly("pci");
        assertThat(artifact.jsonPath().getMap("properties")).isEqualTo(Map.of("team", "payments"));
        assertThat(replaced.jsonPath().getString("description")).isEqualTo("only this");
        assertThat(replaced.jsonPath().getList("labels")).isEmpty();
        assertThat(cleared.jsonPath().getString("description")).isNull();
    }

    @Test
    void states_ofTheArtifactAndOfAVersion_decideWhatLatestIs() {
        String artifactId = artifact();
        raw(schema(1)).put(ARTIFACTS + artifactId).then().statusCode(200);

        Response disabled = given().contentType(ContentType.JSON)
                .body(Map.of("state", "DISABLED"))
                .put(ARTIFACTS + artifactId + "/state");
        String latest = given().get(ARTIFACTS + artifactId).asString();
        given().contentType(ContentType.JSON)
                .body(Map.of("state", "ENABLED"))
                .put(ARTIFACTS + artifactId + "/versions/2/state")
                .then()
                .statusCode(204);

        assertThat(disabled.statusCode()).as(disabled.asString()).isEqualTo(204);
        assertThat(latest).isEqualTo(schema(0));
        assertThat(given().get(ARTIFACTS + artifactId).asString()).isEqualTo(schema(1));
    }

    @ParameterizedTest
    @ValueSource(strings = {"{\"state\":\"DELETED\"}", "{\"state\":\"disabled\"}", "{}", "[]"})
    void statesApicurio2DoesNotName_areRefusedWith400(String body) {
        String artifactId = artifact();
        for (String path : List.of(ARTIFACTS + artifactId + "/state", ARTIFACTS + artifactId + "/versions/1/state")) {
            Response refused = given().contentType(ContentType.JSON).body(body).put(path);
            assertThat(refused.statusCode()).as(path + " " + refused.asString()).isEqualTo(400);
        }
        assertThat(given().get(ARTIFACTS + artifactId + "/meta").jsonPath().getString("state"))
                .isEqualTo("ENABLED");
    }

    @Test
    void aTest_checksTheRules_andWritesNothing() {
        String artifactId = artifact();
        given().contentType(ContentType.JSON)
                .body(Map.of("type", "COMPATIBILITY", "config", "BACKWARD"))
                .post(ARTIFACTS + artifactId + "/rules")
                .then()
                .statusCode(204);
        String breaking = "{\"type\":\"record\",\"name\":\"M\",\"fields\":[{\"name\":\"x\",\"type\":\"int\"}]}";

        Response passes = raw(schema(1)).put(ARTIFACTS + artifactId + "/test");
        Response breaks = raw(breaking).put(ARTIFACTS + artifactId + "/test");

        assertThat(passes.statusCode()).as(passes.asString()).isEqualTo(204);
        assertThat(breaks.statusCode()).isEqualTo(409);
        assertThat(breaks.jsonPath().getString("name")).isEqualTo("RuleViolationException");
        assertThat(v1Versions(artifactId)).containsExactly(1);
    }

    @Test
    void artifacts_areListed_andDeleted() {
        String artifactId = artifact();

        Response listed = given().queryParam("limit", 1000).get(ARTIFACTS);
        Response byCreation = given().queryParam("orderby", "createdOn").get(ARTIFACTS);
        Response otherGroup = given().delete("/apis/registry/v2/groups/other/artifacts/" + artifactId);
        Response deleted = given().delete(ARTIFACTS + artifactId);

        assertThat(listed.jsonPath().getList("artifacts.id")).contains(artifactId);
        assertThat(listed.jsonPath().getInt("count")).isPositive();
        assertThat(byCreation.statusCode()).isEqualTo(400);
        assertThat(otherGroup.statusCode()).isEqualTo(404);
        assertThat(deleted.statusCode()).isEqualTo(204);
        assertThat(given().get(ARTIFACTS + artifactId + "/meta").statusCode()).isEqualTo(404);
    }

    @Test
    void deletingOneVersion_isAsConfigured_offAsInApicurio2() {
        String artifactId = artifact();
        raw(schema(1)).put(ARTIFACTS + artifactId).then().statusCode(200);
        if (!Settings.on("stele.api.v2-version-deletes")) { // the REST suites turn it on on PostgreSQL
            Response refused = given().delete(ARTIFACTS + artifactId + "/versions/2");

            assertThat(refused.statusCode()).isEqualTo(405);
            assertThat(refused.jsonPath().getInt("error_code")).isEqualTo(405);
            assertThat(refused.jsonPath().getString("name")).isEqualTo("NotAllowedException");
            assertThat(refused.jsonPath().getString("message")).contains("stele.api.v2-version-deletes");
            assertThat(refused.header("Allow")).contains("GET").doesNotContain("DELETE");
            assertThat(v1Versions(artifactId)).containsExactly(1, 2);
            return;
        }
        assertThat(given().delete("/apis/registry/v2/groups/other/artifacts/" + artifactId + "/versions/2")
                        .statusCode())
                .isEqualTo(404);
        assertThat(given().delete(ARTIFACTS + artifactId + "/versions/x").statusCode())
                .isEqualTo(400);
        assertThat(v1Versions(artifactId)).containsExactly(1, 2);
        assertThat(given().delete(ARTIFACTS + artifactId + "/versions/2").statusCode())
                .isEqualTo(204);
        assertThat(v1Versions(artifactId)).containsExactly(1);
        assertThat(given().delete(ARTIFACTS + artifactId + "/versions/2").statusCode())
                .isEqualTo(404);
    }

    @Test
    void theOwner_isWhoCreatedTheArtifact_andIsNotChanged() {
        String artifactId = artifact();
        String owner = given().get(ARTIFACTS + artifactId + "/meta").jsonPath().getString("createdBy");

        Response read = given().get(ARTIFACTS + artifactId + "/owner");
        Response same = given().contentType(ContentType.JSON)
                .body(Map.of("owner", owner == null ? "" : owner))
                .put(ARTIFACTS + artifactId + "/owner");
        Response other = given().contentType(ContentType.JSON)
                .body(Map.of("owner", "mallory"))
                .put(ARTIFACTS + artifactId + "/owner");
        Response none = given().contentType(ContentType.JSON).body("{}").put(ARTIFACTS + artifactId + "/owner");
        Response missing = given().get(ARTIFACTS + "v2-owner-missing-" + UUID.randomUUID() + "/owner");

        assertThat(read.statusCode()).isEqualTo(200);
        assertThat(read.jsonPath().getString("owner")).isEqualTo(owner == null ? "" : owner);
        assertThat(same.statusCode())
                .as(
                        "the owner it has is accepted, and an empty one (an anonymous creator's) never: %s",
                        same.asString())
                .isEqualTo(owner == null || owner.isEmpty() ? 400 : 204);
        assertThat(other.statusCode()).isEqualTo(400);
        assertThat(other.jsonPath().getString("message")).contains("owner");
        assertThat(none.statusCode()).isEqualTo(400);
        assertThat(missing.statusCode()).isEqualTo(404);
        assertThat(missing.jsonPath().getString("name")).isEqualTo("ArtifactNotFoundException");
        assertThat(given().get(ARTIFACTS + artifactId + "/owner").jsonPath().getString("owner"))
                .isEqualTo(read.jsonPath().getString("owner"));
    }
}
