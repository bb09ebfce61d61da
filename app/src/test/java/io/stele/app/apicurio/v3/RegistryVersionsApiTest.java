package io.stele.app.apicurio.v3;

import static io.restassured.RestAssured.given;
import static org.assertj.core.api.Assertions.assertThat;

import io.quarkus.test.junit.QuarkusTest;
import io.restassured.http.ContentType;
import io.restassured.response.Response;
import java.util.List;
import java.util.Map;
import java.util.UUID;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * {@code /apis/registry/v3/groups/{g}/artifacts/{a}/versions/{expression}}: what Apicurio 3.x's
 * serdes read to find the latest version and to resolve references, over artifacts of the default
 * group that the v1 and Confluent APIs wrote.
 */
@QuarkusTest
class RegistryVersionsApiTest {

    private static final String GROUPS = "/apis/registry/v3/groups/";
    private static final String FIRST = "{\"type\":\"record\",\"name\":\"V\",\"fields\":[]}";
    private static final String SECOND =
            "{\"type\":\"record\",\"name\":\"V\",\"fields\":[{\"name\":\"a\",\"type\":\"int\",\"default\":0}]}";

    private static String twoVersions() {
        String artifactId = "versions-" + UUID.randomUUID();
        for (String schema : List.of(FIRST, SECOND)) {
            given().header("X-Registry-ArtifactId", artifactId)
                    .header("X-Registry-ArtifactType", "AVRO")
                    .queryParam("ifExists", "UPDATE")
                    .contentType(ContentType.JSON)
                    .body(schema)
                    .post("/api/artifacts")
                    .then()
                    .statusCode(200);
        }
        return artifactId;
    }

    private static String versions(String group, String artifactId) {
        return GROUPS + group + "/artifacts/" + artifactId + "/versions/";
    }

    @ParameterizedTest
    @ValueSource(strings = {"branch=latest", "branch%3Dlatest", "2"})
    void theLatestVersion_byBranchOrNumber_answersItsMetadataAndContent(String expression) {
        String artifactId = twoVersions();
        long globalId =
                given().get("/api/artifacts/" + artifactId + "/meta").jsonPath().getLong("globalId");

        Response meta = given().urlEncodingEnabled(false).get(versions("default", artifactId) + expression);
        Response content =
                given().urlEncodingEnabled(false).get(versions("default", artifactId) + expression + "/content");

        assertThat(meta.statusCode()).as(meta.asString()).isEqualTo(200);
        assertThat(meta.jsonPath().getMap("$")).doesNotContainKey("groupId");
        assertThat(meta.jsonPath().getString("artifactId")).isEqualTo(artifactId);
        assertThat(meta.jsonPath().getString("version")).isEqualTo("2");
        assertThat(meta.jsonPath().getLong("globalId")).isEqualTo(globalId);
        assertThat(meta.jsonPath().getLong("contentId")).isPositive();
        assertThat(meta.jsonPath().getString("artifactType")).isEqualTo("AVRO");
        assertThat(meta.jsonPath().getString("state")).isEqualTo("ENABLED");
        assertThat(meta.jsonPath().getString("createdOn")).matches("\\d{4}-\\d\\d-\\d\\dT.*Z");
        assertThat(content.statusCode()).isEqualTo(200);
        assertThat(content.asString()).isEqualTo(SECOND);
        long contentId = meta.jsonPath().getLong("contentId");
        assertThat(given().get("/apis/registry/v3/ids/contentIds/" + contentId).asString())
                .isEqualTo(SECOND);
    }

    @Test
    void anEarlierVersion_andTheDefaultGroupInAnyCase_areServed() {
        String artifactId = twoVersions();

        Response first = given().get(versions("Default", artifactId) + "1/content");

        assertThat(first.statusCode()).isEqualTo(200);
        assertThat(first.asString()).isEqualTo(FIRST);
        assertThat(given().get(versions("DEFAULT", artifactId) + "1/references")
                        .jsonPath()
                        .getList("$"))
                .isEmpty();
    }

    @Test
    void references_areListed_forTheReferringVersion() {
        String suffix = UUID.randomUUID().toString();
        given().contentType("application/vnd.schemaregistry.v1+json")
                .body(Map.of("schema", FIRST))
                .post("/subjects/refs-v-" + suffix + "/versions")
                .then()
                .statusCode(200);
        String referring = "{\"type\":\"record\",\"name\":\"W\",\"fields\":[{\"name\":\"v\",\"type\":\"V\"}]}";
        given().contentType("application/vnd.schemaregistry.v1+json")
                .body(Map.of(
                        "schema",
                        referring,
                        "references",
                        List.of(Map.of("name", "V", "subject", "refs-v-" + suffix, "version", 1))))
                .post("/subjects/refs-w-" + suffix + "/versions")
                .then()
                .statusCode(200);

        Response references = given().get(versions("default", "refs-w-" + suffix) + "branch=latest/references");

        assertThat(references.jsonPath().getList("$", Map.class))
                .containsExactly(Map.of("artifactId", "refs-v-" + suffix, "version", "1", "name", "V"));
    }

    @Test
    void whatDoesNotExist_isA404_namingIt_inProblemDetails() {
        String artifactId = twoVersions();

        Response otherGroup = given().get(versions("payments", artifactId) + "1");
        Response noVersion = given().get(versions("default", artifactId) + "9");
        Response noArtifact = given().get(versions("default", "nothing-" + UUID.randomUUID()) + "branch=latest");
        Response noBranch = given().urlEncodingEnabled(false).get(versions("default", artifactId) + "branch=drafts");

        assertThat(otherGroup.statusCode()).isEqualTo(404);
        assertThat(otherGroup.jsonPath().getString("name")).isEqualTo("ArtifactNotFoundException");
        assertThat(otherGroup.jsonPath().getString("title")).contains("payments", "default");
        assertThat(noVersion.statusCode()).isEqualTo(404);
        assertThat(noVersion.jsonPath().getString("name")).isEqualTo("VersionNotFoundException");
        assertThat(noArtifact.statusCode()).isEqualTo(404);
        assertThat(noArtifact.jsonPath().getString("name")).isEqualTo("ArtifactNotFoundException");
        assertThat(noBranch.statusCode()).isEqualTo(404);
        assertThat(noBranch.jsonPath().getString("title")).contains("drafts", "latest");
    }

    @ParameterizedTest
    @ValueSource(strings = {"0", "-1", "v1", "1.0", "branch", "99999999999"})
    void anExpressionThatIsNeitherAVersionNorABranch_isA400(String expression) {
        Response response = given().get(versions("default", twoVersions()) + expression);

        assertThat(response.statusCode()).as(response.asString()).isEqualTo(400);
        assertThat(response.jsonPath().getInt("status")).isEqualTo(400);
        assertThat(response.jsonPath().getString("title")).contains("version expression");
    }

    @Test
    void aDisabledVersionsContent_isA404_whileItsMetadataSaysDisabled() {
        String artifactId = twoVersions();
        given().contentType(ContentType.JSON)
                .body(Map.of("state", "DISABLED"))
                .put("/api/artifacts/" + artifactId + "/versions/1/state")
                .then()
                .statusCode(204);

        assertThat(given().get(versions("default", artifactId) + "1/content").statusCode())
                .isEqualTo(404);
        assertThat(given().get(versions("default", artifactId) + "1").jsonPath().getString("state"))
                .isEqualTo("DISABLED");
    }

    @Test
    void aSearchByContent_findsTheVersionWhoseContentMeansTheSame_orNone() {
        String artifactId = twoVersions();
        String reformatted = SECOND.replace(",", " , ");

        Response found = given().contentType(ContentType.JSON)
                .body(reformatted)
                .queryParam("groupId", "default")
                .queryParam("artifactId", artifactId)
                .queryParam("artifactType", "AVRO")
                .queryParam("canonical", "false")
                .post("/apis/registry/v3/search/versions");
        Response none = given().contentType(ContentType.JSON)
                .body("{\"type\":\"record\",\"name\":\"Other\",\"fields\":[]}")
                .queryParam("artifactId", artifactId)
                .post("/apis/registry/v3/search/versions");
        Response otherGroup = given().contentType(ContentType.JSON)
                .body(SECOND)
                .queryParam("groupId", "payments")
                .queryParam("artifactId", artifactId)
                .post("/apis/registry/v3/search/versions");

        assertThat(found.statusCode()).as(found.asString()).isEqualTo(200);
        assertThat(found.jsonPath().getInt("count")).isEqualTo(1);
        assertThat(found.jsonPath().getString("versions[0].version")).isEqualTo("2");
        assertThat(found.jsonPath().getString("versions[0].artifactId")).isEqualTo(artifactId);
        assertThat(found.jsonPath().getLong("versions[0].contentId")).isPositive();
        assertThat(found.jsonPath().getMap("versions[0]")).doesNotContainKeys("groupId", "labels");
        assertThat(none.statusCode()).isEqualTo(200);
        assertThat(none.jsonPath().getInt("count")).isZero();
        assertThat(none.jsonPath().getList("versions")).isEmpty();
        assertThat(otherGroup.jsonPath().getInt("count")).isZero();
    }

    @Test
    void aSearchByContent_withoutAnArtifact_orWithAnUnknownType_isA400() {
        Response noArtifact =
                given().contentType(ContentType.JSON).body(FIRST).post("/apis/registry/v3/search/versions");
        Response badType = given().contentType(ContentType.JSON)
                .body(FIRST)
                .queryParam("artifactId", "any")
                .queryParam("artifactType", "COBOL")
                .post("/apis/registry/v3/search/versions");

        assertThat(noArtifact.statusCode()).isEqualTo(400);
        assertThat(noArtifact.jsonPath().getString("title")).contains("artifactId");
        assertThat(badType.statusCode()).isEqualTo(400);
        assertThat(badType.jsonPath().getString("title")).contains("COBOL");
    }

    @ParameterizedTest
    @ValueSource(strings = {"artifactType=", "artifactType=avro", "canonical=", "canonical=yes"})
    void aSearchByContent_withAnEmptyOrUnofferedChoice_isA400(String query) {
        Response refused = given().contentType(ContentType.JSON)
                .body(FIRST)
                .urlEncodingEnabled(false)
                .post("/apis/registry/v3/search/versions?artifactId=any&" + query);

        assertThat(refused.statusCode()).as(refused.asString()).isEqualTo(400);
        assertThat(refused.jsonPath().getString("title")).contains(query.substring(0, query.indexOf('=')));
    }

    @Test
    void theV2Api_answersAVersionsPath_withItsContent_andItsReferences_inItsOwnErrorBody() {
        String artifactId = twoVersions();
        String v2 = "/apis/registry/v2/groups/default/artifacts/" + artifactId + "/versions/";

        Response first = given().get(v2 + "1");
        Response references = given().get(v2 + "2/references");
        Response missing = given().get(v2 + "9");
        Response otherGroup = given().get("/apis/registry/v2/groups/payments/artifacts/" + artifactId + "/versions/1");

        assertThat(first.statusCode()).isEqualTo(200);
        assertThat(first.asString()).isEqualTo(FIRST);
        assertThat(references.jsonPath().getList("$")).isEmpty();
        assertThat(missing.statusCode()).isEqualTo(404);
        assertThat(missing.jsonPath().getInt("error_code")).isEqualTo(404);
        assertThat(missing.jsonPath().getString("name")).isEqualTo("VersionNotFoundException");
        assertThat(otherGroup.statusCode()).isEqualTo(404);
        assertThat(otherGroup.jsonPath().getString("name")).isEqualTo("ArtifactNotFoundException");
    }
}
