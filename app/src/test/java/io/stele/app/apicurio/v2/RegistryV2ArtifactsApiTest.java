package io.stele.app.apicurio.v2;

import static io.restassured.RestAssured.given;
import static org.assertj.core.api.Assertions.assertThat;

import io.quarkus.test.junit.QuarkusTest;
import io.restassured.response.Response;
import io.restassured.specification.RequestSpecification;
import java.nio.charset.StandardCharsets;
import java.util.Base64;
import java.util.List;
import java.util.UUID;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * {@code /apis/registry/v2/groups/{g}/artifacts}: what Apicurio 2.x's serializers send to register
 * a schema, find it by content and find an artifact's latest version.
 */
@QuarkusTest
class RegistryV2ArtifactsApiTest {

    private static final String ARTIFACTS = "/apis/registry/v2/groups/default/artifacts";
    private static final String FIRST = "{\"type\":\"record\",\"name\":\"W\",\"fields\":[]}";
    private static final String SECOND =
            "{\"type\":\"record\",\"name\":\"W\",\"fields\":[{\"name\":\"a\",\"type\":\"int\",\"default\":0}]}";

    /** As the 2.x client sends it: the schema as the body, with no Content-Type. */
    private static RequestSpecification raw(String artifactId, String schema) {
        return given().header("X-Registry-ArtifactId", artifactId)
                .header("X-Registry-ArtifactType", "AVRO")
                .body(schema.getBytes(StandardCharsets.UTF_8));
    }

    private static RequestSpecification typed(String schema) {
        return given().header("X-Registry-ArtifactType", "AVRO").body(schema.getBytes(StandardCharsets.UTF_8));
    }

    private static Response register(String artifactId, String schema) {
        return raw(artifactId, schema)
                .queryParam("ifExists", "RETURN_OR_UPDATE")
                .queryParam("canonical", "false")
                .post(ARTIFACTS);
    }

    private static int versions(String artifactId) {
        Response list = given().get("/api/artifacts/" + artifactId + "/versions");
        return list.statusCode() == 404 ? 0 : list.jsonPath().getList("$").size();
    }

    @Test
    void returnOrUpdate_registersOnce_andAnswersArtifactMetaDataWithBothIds() {
        String artifactId = "v2-" + UUID.randomUUID();

        Response created = register(artifactId, FIRST);
        Response again = register(artifactId, FIRST);
        Response changed = register(artifactId, SECOND);

        assertThat(created.statusCode()).as(created.asString()).isEqualTo(200);
        assertThat(created.jsonPath().getString("id")).isEqualTo(artifactId);
        assertThat(created.jsonPath().getString("version")).isEqualTo("1");
        assertThat(created.jsonPath().getString("type")).isEqualTo("AVRO");
        assertThat(created.jsonPath().getString("state")).isEqualTo("ENABLED");
        assertThat(created.jsonPath().getMap("$")).doesNotContainKey("groupId");
        assertThat(created.jsonPath().getString("createdOn"))
                .as("to the second, as Apicurio 2.x's client reads a time")
                .matches("\\d{4}-\\d\\d-\\d\\dT\\d\\d:\\d\\d:\\d\\dZ");
        long globalId = created.jsonPath().getLong("globalId");
        long contentId = created.jsonPath().getLong("contentId");
        assertThat(given().get("/apis/registry/v2/ids/globalIds/" + globalId).asString())
                .isEqualTo(FIRST);
        assertThat(given().get("/apis/registry/v2/ids/contentIds/" + contentId).asString())
                .isEqualTo(FIRST);
        assertThat(again.jsonPath().getLong("globalId")).isEqualTo(globalId);
        assertThat(changed.jsonPath().getString("version")).isEqualTo("2");
        assertThat(versions(artifactId)).isEqualTo(2);
    }

    @Test
    void theExtendedBody_carriesReferences() {
        String child = "v2-child-" + UUID.randomUUID();
        register(child, "{\"type\":\"record\",\"name\":\"Leaf\",\"namespace\":\"w\",\"fields\":[]}")
                .then()
                .statusCode(200);
        String parent = "v2-parent-" + UUID.randomUUID();
        String body =
                "{\"content\":\"{\\\"type\\\":\\\"record\\\",\\\"name\\\":\\\"Tree\\\",\\\"namespace\\\":\\\"w\\\","
                        + "\\\"fields\\\":[{\\\"name\\\":\\\"leaf\\\",\\\"type\\\":\\\"w.Leaf\\\"}]}\","
                        + "\"references\":[{\"groupId\":\"default\",\"artifactId\":\"" + child
                        + "\",\"version\":\"1\",\"name\":\"w.Leaf\"}]}";

        Response created = given().header("X-Registry-ArtifactId", parent)
                .header("X-Registry-ArtifactType", "AVRO")
                .contentType("application/create.extended+json")
                .body(body)
                .post(ARTIFACTS + "?ifExists=RETURN_OR_UPDATE");

        assertThat(created.statusCode()).as(created.asString()).isEqualTo(200);
        assertThat(created.jsonPath().getList("references.artifactId")).containsExactly(child);
        Response found = given().contentType("application/vnd.get.extended+json")
                .body(body)
                .post(ARTIFACTS + "/" + parent + "/meta?canonical=true");
        assertThat(found.statusCode()).as(found.asString()).isEqualTo(200);
        assertThat(found.jsonPath().getLong("globalId"))
                .isEqualTo(created.jsonPath().getLong("globalId"));
    }

    @Test
    void lookups_byContent_latestAndVersion_answerVersionMetaData() {
        String artifactId = "v2-meta-" + UUID.randomUUID();
        register(artifactId, FIRST).then().statusCode(200);
        long second = register(artifactId, SECOND).jsonPath().getLong("globalId");

        Response byContent = given().body(FIRST.replace(",", ", ").getBytes(StandardCharsets.UTF_8))
                .post(ARTIFACTS + "/" + artifactId + "/meta?canonical=true");
        Response latest = given().get(ARTIFACTS + "/" + artifactId + "/meta");
        Response version = given().get(ARTIFACTS + "/" + artifactId + "/versions/latest/meta");
        Response content = given().get(ARTIFACTS + "/" + artifactId);
        Response unknown = given().body(
                        "{\"type\":\"record\",\"name\":\"Other\",\"fields\":[]}".getBytes(StandardCharsets.UTF_8))
                .post(ARTIFACTS + "/" + artifactId + "/meta");

        assertThat(byContent.statusCode()).as(byContent.asString()).isEqualTo(200);
        assertThat(byContent.jsonPath().getString("version")).isEqualTo("1");
        assertThat(byContent.jsonPath().getString("id")).isEqualTo(artifactId);
        assertThat(latest.jsonPath().getLong("globalId")).isEqualTo(second);
        assertThat(version.jsonPath().getLong("globalId")).isEqualTo(second);
        assertThat(version.jsonPath().getLong("contentId")).isPositive();
        assertThat(content.asString()).isEqualTo(SECOND);
        assertThat(unknown.statusCode()).isEqualTo(404);
        assertThat(unknown.jsonPath().getInt("error_code")).isEqualTo(404);
        assertThat(unknown.jsonPath().getString("name")).isEqualTo("ContentNotFoundException");
    }

    @Test
    void nameAndDescriptionHeaders_plainOrEncoded_nameTheVersion() {
        String plain = "v2-named-" + UUID.randomUUID();
        String encoded = "v2-encoded-" + UUID.randomUUID();

        raw(plain, FIRST)
                .header("X-Registry-Name", "Orders")
                .post(ARTIFACTS)
                .then()
                .statusCode(200);
        raw(encoded, FIRST)
                .header(
                        "X-Registry-Description-Encoded",
                        Base64.getEncoder().encodeToString("Bestellungen über alles".getBytes(StandardCharsets.UTF_8)))
                .post(ARTIFACTS)
                .then()
                .statusCode(200);

        assertThat(given().get(ARTIFACTS + "/" + plain + "/meta").jsonPath().getString("name"))
                .isEqualTo("Orders");
        assertThat(given().get(ARTIFACTS + "/" + encoded + "/meta").jsonPath().getString("description"))
                .isEqualTo("Bestellungen über alles");
    }

    @Test
    void failOnAnExistingArtifact_answers409InTheV2Error_andWritesNothing() {
        String artifactId = "v2-fail-" + UUID.randomUUID();
        register(artifactId, FIRST).then().statusCode(200);

        Response refused = raw(artifactId, SECOND).post(ARTIFACTS);

        assertThat(refused.statusCode()).isEqualTo(409);
        assertThat(refused.jsonPath().getInt("error_code")).isEqualTo(409);
        assertThat(refused.jsonPath().getString("name")).isEqualTo("ArtifactAlreadyExistsException");
        assertThat(versions(artifactId)).isEqualTo(1);
    }

    @ParameterizedTest
    @ValueSource(
            strings = {
                "ifExists=",
                "ifExists=FIND_OR_CREATE_VERSION",
                "canonical=maybe",
            })
    void badQueries_answer400_andWriteNothing(String query) {
        String artifactId = "v2-query-" + UUID.randomUUID();

        Response refused = raw(artifactId, FIRST).post(ARTIFACTS + "?" + query);

        assertThat(refused.statusCode()).as(refused.asString()).isEqualTo(400);
        assertThat(refused.jsonPath().getString("name")).isEqualTo("BadRequestException");
        assertThat(versions(artifactId)).isZero();
    }

    @Test
    void badBodiesAndHeaders_answer400_andWriteNothing() {
        for (RequestSpecification bad : List.of(
                typed("").header("X-Registry-Version", "3"),
                given().header("X-Registry-ArtifactType", "AVRO")
                        .contentType("application/create.extended+json")
                        .body("{\"references\":[]}"),
                given().header("X-Registry-ArtifactType", "AVRO")
                        .contentType("application/create.extended+json")
                        .body("not json"),
                given().header("X-Registry-ArtifactType", "AVRO")
                        .contentType("application/get.extended+json")
                        .body("{\"content\":\"{}\"}"),
                typed(FIRST).header("X-Registry-Name-Encoded", "***"),
                typed("{\"type\":\"nope\"}"),
                typed(""))) {
            String artifactId = "v2-bad-" + UUID.randomUUID();

            Response refused = bad.header("X-Registry-ArtifactId", artifactId).post(ARTIFACTS);

            assertThat(refused.statusCode()).as(refused.asString()).isEqualTo(400);
            assertThat(refused.jsonPath().getInt("error_code")).isEqualTo(400);
            assertThat(refused.jsonPath().getString("message")).isNotBlank();
            assertThat(versions(artifactId)).isZero();
        }
    }

    @Test
    void anotherGroup_isRefused_andWritesNothing() {
        String artifactId = "v2-group-" + UUID.randomUUID();

        Response refused = raw(artifactId, FIRST).post("/apis/registry/v2/groups/payments/artifacts");

        assertThat(refused.statusCode()).isEqualTo(404);
        assertThat(refused.jsonPath().getString("name")).isEqualTo("GroupNotFoundException");
        assertThat(versions(artifactId)).isZero();
        assertThat(given().get("/apis/registry/v2/groups/payments/artifacts/" + artifactId + "/meta")
                        .statusCode())
                .isEqualTo(404);
    }
}
