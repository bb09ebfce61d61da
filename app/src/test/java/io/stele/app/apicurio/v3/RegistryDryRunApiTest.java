package io.stele.app.apicurio.v3;

import static io.restassured.RestAssured.given;
import static org.assertj.core.api.Assertions.assertThat;

import io.quarkus.test.junit.QuarkusTest;
import io.restassured.http.ContentType;
import io.restassured.response.Response;
import io.stele.storage.Content;
import java.nio.charset.StandardCharsets;
import java.util.List;
import java.util.Map;
import java.util.UUID;
import org.junit.jupiter.api.Test;

/**
 * {@code dryRun=true} on v3's artifact creation and version creation: the same checks and the
 * answer the write would give, and nothing stored: no artifact, no version, no content.
 */
@QuarkusTest
public class RegistryDryRunApiTest {

    private static final String ARTIFACTS = "/apis/registry/v3/groups/default/artifacts";

    /** A record name no other test uses, so that its content is new to the registry. */
    private static String unique(String prefix) {
        return prefix + UUID.randomUUID().toString().replace("-", "");
    }

    private static String schema(String name, String fields) {
        return "{\"type\":\"record\",\"name\":\"" + name + "\",\"fields\":[" + fields + "]}";
    }

    private static Response create(String artifactId, String schema, String ifExists, boolean dryRun) {
        return given().contentType(ContentType.JSON)
                .queryParam("ifExists", ifExists)
                .queryParam("dryRun", dryRun)
                .body(RegistryCreateApiTest.create(artifactId, schema, List.of()))
                .post(ARTIFACTS);
    }

    private static Response addVersion(String artifactId, String schema, boolean dryRun) {
        return given().contentType(ContentType.JSON)
                .queryParam("dryRun", dryRun)
                .body(Map.of("content", Map.of("content", schema, "contentType", "application/json")))
                .post(ARTIFACTS + "/" + artifactId + "/versions");
    }

    private static int versions(String artifactId) {
        Response list = given().get("/api/artifacts/" + artifactId + "/versions");
        return list.statusCode() == 404 ? 0 : list.jsonPath().getList("$").size();
    }

    /** Whether the registry holds content of these bytes, by Apicurio's hash of them. */
    private static boolean held(String schema) {
        return given().get("/apis/registry/v3/ids/contentHashes/"
                                + Content.sha256Hex(schema.getBytes(StandardCharsets.UTF_8)))
                        .statusCode()
                == 200;
    }

    @Test
    void aNewArtifact_triedOut_answersWhatWouldBeCreated_andStoresNothing() {
        String artifactId = "dry-" + UUID.randomUUID();
        String text = schema(unique("Dry"), "");

        Response tried = create(artifactId, text, "FAIL", true);

        assertThat(tried.statusCode()).as(tried.asString()).isEqualTo(200);
        assertThat(tried.jsonPath().getString("artifact.artifactId")).isEqualTo(artifactId);
        assertThat(tried.jsonPath().getString("artifact.artifactType")).isEqualTo("AVRO");
        assertThat(tried.jsonPath().getString("version.version")).isEqualTo("1");
        assertThat(tried.jsonPath().getString("version.state")).isEqualTo("ENABLED");
        assertThat(tried.jsonPath().getString("version.name"))
                .as("named by its content")
                .startsWith("Dry");
        assertThat(tried.jsonPath().getLong("version.globalId"))
                .as("nothing stored, no globalId")
                .isZero();
        assertThat(tried.jsonPath().getLong("version.contentId"))
                .as("content not held")
                .isZero();
        assertThat(versions(artifactId)).isZero();
        assertThat(held(text)).isFalse();
        assertThat(create(artifactId, text, "FAIL", false).statusCode())
                .as("then created for real")
                .isEqualTo(200);
    }

    @Test
    void contentTheRegistryHolds_isNamedByItsContentId() {
        String text = schema("Held", "");
        long contentId = create("held-" + UUID.randomUUID(), text, "FAIL", false)
                .jsonPath()
                .getLong("version.contentId");

        Response tried = create("dry-held-" + UUID.randomUUID(), text, "FAIL", true);

        assertThat(tried.statusCode()).isEqualTo(200);
        assertThat(tried.jsonPath().getLong("version.contentId")).isEqualTo(contentId);
        assertThat(tried.jsonPath().getLong("version.globalId")).isZero();
    }

    @Test
    void anExistingArtifact_triedOut_followsIfExists_andStoresNothing() {
        String artifactId = "dry-existing-" + UUID.randomUUID();
        String name = unique("E");
        String first = schema(name, "");
        String second = schema(name, "{\"name\":\"a\",\"type\":\"int\",\"default\":0}");
        Response created = create(artifactId, first, "FAIL", false);
        long globalId = created.jsonPath().getLong("version.globalId");

        Response failed = create(artifactId, second, "FAIL", true);
        Response added = create(artifactId, second, "CREATE_VERSION", true);
        Response found = create(artifactId, first, "FIND_OR_CREATE_VERSION", true);
        Response notFound = create(artifactId, second, "FIND_OR_CREATE_VERSION", true);

        assertThat(failed.statusCode()).isEqualTo(409);
        assertThat(failed.jsonPath().getString("name")).isEqualTo("ArtifactAlreadyExistsException");
        assertThat(added.statusCode()).as(added.asString()).isEqualTo(200);
        assertThat(added.jsonPath().getString("version.version")).isEqualTo("2");
        assertThat(added.jsonPath().getLong("version.globalId")).isZero();
        assertThat(found.statusCode()).isEqualTo(200);
        assertThat(found.jsonPath().getString("version.version")).isEqualTo("1");
        assertThat(found.jsonPath().getLong("version.globalId"))
                .as("the version found, as it is")
                .isEqualTo(globalId);
        assertThat(notFound.jsonPath().getString("version.version")).isEqualTo("2");
        assertThat(versions(artifactId)).isEqualTo(1);
        assertThat(held(second)).isFalse();
    }

    @Test
    void aVersionTriedOut_isCheckedAgainstTheRules_andStoresNothing() {
        String artifactId = "dry-rules-" + UUID.randomUUID();
        String name = unique("R");
        create(artifactId, schema(name, ""), "FAIL", false).then().statusCode(200);
        given().contentType(ContentType.JSON)
                .body(Map.of("ruleType", "COMPATIBILITY", "config", "BACKWARD"))
                .post(ARTIFACTS + "/" + artifactId + "/rules")
                .then()
                .statusCode(204);
        String compatible = schema(name, "{\"name\":\"a\",\"type\":\"int\",\"default\":0}");

        Response breaking = addVersion(artifactId, schema(name, "{\"name\":\"b\",\"type\":\"int\"}"), true);
        Response fitting = addVersion(artifactId, compatible, true);
        Response invalid = addVersion(artifactId, "{not avro", true);
        Response elsewhere = given().contentType(ContentType.JSON)
                .queryParam("dryRun", true)
                .body(Map.of("content", Map.of("content", compatible)))
                .post("/apis/registry/v3/groups/other/artifacts/" + artifactId + "/versions");

        assertThat(breaking.statusCode()).as(breaking.asString()).isEqualTo(409);
        assertThat(breaking.jsonPath().getString("name")).isEqualTo("RuleViolationException");
        assertThat(fitting.statusCode()).as(fitting.asString()).isEqualTo(200);
        assertThat(fitting.jsonPath().getString("version")).isEqualTo("2");
        assertThat(fitting.jsonPath().getLong("globalId")).isZero();
        assertThat(invalid.statusCode()).isEqualTo(400);
        assertThat(elsewhere.statusCode()).isEqualTo(404);
        assertThat(versions(artifactId)).isEqualTo(1);
        assertThat(held(compatible)).isFalse();
    }

    @Test
    void aChangeOfState_isNotTriedOut() {
        String artifactId = "dry-state-" + UUID.randomUUID();
        create(artifactId, schema("S", ""), "FAIL", false).then().statusCode(200);

        Response refused = given().contentType(ContentType.JSON)
                .queryParam("dryRun", true)
                .body(Map.of("state", "DISABLED"))
                .put(ARTIFACTS + "/" + artifactId + "/versions/1/state");

        assertThat(refused.statusCode()).isEqualTo(400);
        assertThat(refused.jsonPath().getString("title")).contains("dryRun=true is not served on a change of state");
        assertThat(given().get(ARTIFACTS + "/" + artifactId + "/versions/1/state")
                        .jsonPath()
                        .getString("state"))
                .isEqualTo("ENABLED");
    }
}
