package io.stele.app.apicurio.v3;

import static io.restassured.RestAssured.given;
import static org.assertj.core.api.Assertions.assertThat;

import io.quarkus.test.junit.QuarkusTest;
import io.restassured.http.ContentType;
import io.restassured.response.Response;
import io.stele.app.testing.Metrics;
import java.util.Map;
import java.util.UUID;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * The v2 and v3 APIs' content by globalId and by contentId, which deserializers ask for each new
 * id, are answered from memory once loaded: the same bytes, media type and ETag as the resource's,
 * counted as answers from memory; a query that asks for more, and a disabled version, still reach
 * the resource.
 */
@QuarkusTest
class RegistryHotPathTest {

    private static final String SCHEMA = "{\"type\":\"record\",\"name\":\"Hot\",\"fields\":[]}";

    private static double counted(String api, String template) {
        given().get("/q/metrics").then().statusCode(200);
        return Metrics.value("stele_http_cached_answers_total{status=\"200\",uri=\"/apis/registry/" + api + "/ids/"
                + template + "\"}");
    }

    /** Registers a new artifact through the v1 API: its first version's globalId. */
    private static long register(String artifactId) {
        Response created = given().header("X-Registry-ArtifactId", artifactId)
                .header("X-Registry-ArtifactType", "AVRO")
                .contentType(ContentType.JSON)
                .body(SCHEMA)
                .post("/api/artifacts");
        assertThat(created.statusCode()).as(created.asString()).isEqualTo(200);
        return created.jsonPath().getLong("globalId");
    }

    @ParameterizedTest
    @ValueSource(strings = {"v3", "v2"})
    void contentByGlobalIdAndByContentId_onceLoaded_isAnsweredFromMemory_asTheResourceAnswersIt(String api) {
        String artifactId = "hot-" + UUID.randomUUID();
        long globalId = register(artifactId);
        long contentId = given().get("/apis/registry/v3/groups/default/artifacts/" + artifactId + "/versions/1")
                .jsonPath()
                .getLong("contentId");
        String ids = "/apis/registry/" + api + "/ids/";
        Response loadedByGlobalId = given().get(ids + "globalIds/" + globalId);
        Response loadedByContentId = given().get(ids + "contentIds/" + contentId);
        double byGlobalId = counted(api, "globalIds/{globalId}");
        double byContentId = counted(api, "contentIds/{contentId}");

        Response fromMemory = given().get(ids + "globalIds/" + globalId);
        Response contentFromMemory = given().get(ids + "contentIds/" + contentId);
        Response plainQuery = given().get(ids + "globalIds/" + globalId
                + (api.equals("v3") ? "?references=PRESERVE" : "?dereference=false"));

        assertThat(counted(api, "globalIds/{globalId}")).isEqualTo(byGlobalId + 2);
        assertThat(counted(api, "contentIds/{contentId}")).isEqualTo(byContentId + 1);
        for (Response answer : new Response[] {fromMemory, plainQuery}) {
            assertThat(answer.statusCode()).isEqualTo(200);
            assertThat(answer.asString()).isEqualTo(loadedByGlobalId.asString()).isEqualTo(SCHEMA);
            assertThat(answer.contentType()).isEqualTo(loadedByGlobalId.contentType());
            assertThat(answer.header("ETag"))
                    .isEqualTo(loadedByGlobalId.header("ETag"))
                    .isNotNull();
        }
        assertThat(contentFromMemory.statusCode()).isEqualTo(200);
        assertThat(contentFromMemory.asString())
                .isEqualTo(loadedByContentId.asString())
                .isEqualTo(SCHEMA);
        assertThat(contentFromMemory.contentType()).isEqualTo(loadedByContentId.contentType());
    }

    @ParameterizedTest
    @ValueSource(strings = {"v3", "v2"})
    void aQueryAskingForMore_orADisabledVersion_reachesTheResource(String api) {
        String artifactId = "hot-" + UUID.randomUUID();
        long globalId = register(artifactId);
        String byGlobalId = "/apis/registry/" + api + "/ids/globalIds/" + globalId;
        given().get(byGlobalId).then().statusCode(200);
        double before = counted(api, "globalIds/{globalId}");

        Response more = given().get(byGlobalId + (api.equals("v3") ? "?references=DEREFERENCE" : "?dereference=true"));
        double after = counted(api, "globalIds/{globalId}");
        given().contentType(ContentType.JSON)
                .body(Map.of("state", "DISABLED"))
                .put("/api/artifacts/" + artifactId + "/versions/1/state")
                .then()
                .statusCode(204);
        Response disabled = given().get(byGlobalId);

        assertThat(more.statusCode()).isEqualTo(200);
        assertThat(more.asString())
                .as("content without references, as registered")
                .isEqualTo(SCHEMA);
        assertThat(after).as("not answered from memory").isEqualTo(before);
        assertThat(disabled.statusCode()).isEqualTo(404);
        assertThat(
                        api.equals("v3")
                                ? disabled.jsonPath().getInt("status")
                                : disabled.jsonPath().getInt("error_code"))
                .isEqualTo(404);
    }

    @ParameterizedTest
    @ValueSource(
            strings = {
                "v2:/apis/registry/v2/groups/default/artifacts/%s",
                "v2:/apis/registry/v2/groups/DEFAULT/artifacts/%s?dereference=false",
                "v3:/apis/registry/v3/groups/default/artifacts/%s/versions/branch=latest/content",
                "v3:/apis/registry/v3/groups/Default/artifacts/%s/versions/branch%%3Dlatest/content?references=PRESERVE"
            })
    void theLatestContent_onceLoaded_isAnsweredFromMemory_asTheResourceAnswersIt(String pathOfApi) {
        String api = pathOfApi.substring(0, 2);
        String artifactId = "hot-latest-" + UUID.randomUUID();
        register(artifactId);
        String path = pathOfApi.substring(3).formatted(artifactId);
        String template = api.equals("v2")
                ? "/apis/registry/v2/groups/{groupId}/artifacts/{artifactId}"
                : "/apis/registry/v3/groups/{groupId}/artifacts/{artifactId}/versions/{versionExpression}/content";
        Response loaded = given().urlEncodingEnabled(false).get(path);
        double before = latestCounted(template);

        Response fromMemory = given().urlEncodingEnabled(false).get(path);
        Response notModified = given().urlEncodingEnabled(false)
                .header("If-None-Match", loaded.header("ETag"))
                .get(path);
        Response elsewhere = given().get("/apis/registry/" + api + "/groups/payments/artifacts/" + artifactId
                + (api.equals("v2") ? "" : "/versions/branch=latest/content"));

        assertThat(loaded.statusCode()).as(loaded.asString()).isEqualTo(200);
        assertThat(latestCounted(template)).as("answers of 200 from memory").isEqualTo(before + 1);
        assertThat(fromMemory.asString()).isEqualTo(loaded.asString()).isEqualTo(SCHEMA);
        assertThat(fromMemory.contentType()).isEqualTo(loaded.contentType());
        assertThat(fromMemory.header("ETag")).isEqualTo(loaded.header("ETag")).isNotNull();
        assertThat(notModified.statusCode()).isEqualTo(304);
        assertThat(elsewhere.statusCode()).as("another group holds nothing").isEqualTo(404);
        Response otherApisQuery = given().urlEncodingEnabled(false)
                .get(path.replaceFirst("\\?.*", "")
                        + (api.equals("v2") ? "?references=PRESERVE" : "?dereference=false"));
        assertThat(latestCounted(template))
                .as("the other API's query is not answered from memory")
                .isEqualTo(before + 1);
        assertThat(otherApisQuery.statusCode()).isEqualTo(200);
    }

    @ParameterizedTest
    @ValueSource(strings = {"dereference", "Preserve", ""})
    void theLatestContent_askedForReferencesHandledInAnotherWay_isA400(String references) {
        String artifactId = "hot-rewrite-" + UUID.randomUUID();
        register(artifactId);
        String content = "/apis/registry/v3/groups/default/artifacts/" + artifactId + "/versions/branch=latest/content";
        given().get(content).then().statusCode(200);

        Response refused = given().get(content + "?references=" + references);

        assertThat(refused.statusCode()).as(refused.asString()).isEqualTo(400);
        assertThat(refused.jsonPath().getString("title"))
                .contains("PRESERVE, DEREFERENCE, REWRITE", "'" + references + "'");
    }

    @ParameterizedTest
    @ValueSource(strings = {"v3", "v2"})
    void theResource_answersIfNoneMatch_asTheAnswerFromMemoryDoes(String api) {
        String artifactId = "hot-etag-" + UUID.randomUUID();
        long globalId = register(artifactId);
        String version = api.equals("v2")
                ? "/apis/registry/v2/groups/default/artifacts/" + artifactId + "/versions/1"
                : "/apis/registry/v3/groups/default/artifacts/" + artifactId + "/versions/1/content";
        String etag = given().get(version).header("ETag");

        Response byVersion = given().header("If-None-Match", etag).get(version);
        Response byGlobalId = given().header("If-None-Match", etag)
                .get("/apis/registry/" + api + "/ids/globalIds/" + globalId + "?"
                        + (api.equals("v3") ? "references=PRESERVE&x=1" : "dereference=false&x=1"));

        assertThat(byVersion.statusCode()).isEqualTo(304);
        assertThat(byGlobalId.statusCode())
                .as("a query not answered from memory")
                .isEqualTo(304);
    }

    private static double latestCounted(String template) {
        given().get("/q/metrics").then().statusCode(200);
        return Metrics.value("stele_http_cached_answers_total{status=\"200\",uri=\"" + template + "\"}");
    }
}
