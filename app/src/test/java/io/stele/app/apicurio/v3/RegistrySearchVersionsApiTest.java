package io.stele.app.apicurio.v3;

import static io.restassured.RestAssured.given;
import static org.assertj.core.api.Assertions.assertThat;

import io.quarkus.test.junit.QuarkusTest;
import io.restassured.http.ContentType;
import io.restassured.path.json.JsonPath;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.UUID;
import org.junit.jupiter.api.Test;

/**
 * {@code GET /apis/registry/v3/search/versions}: the versions of an artifact, narrowed by Apicurio's
 * other filters, in the order and window asked for; a search that names no artifact, or a value a
 * filter does not take, is a 400.
 */
@QuarkusTest
class RegistrySearchVersionsApiTest {

    private static final String SEARCH = "/apis/registry/v3/search/versions";
    private static final String ARTIFACTS = "/apis/registry/v3/groups/default/artifacts/";

    /** Registers a version of the artifact; its globalId. */
    private static long version(String artifactId, String schema) {
        return given().header("X-Registry-ArtifactId", artifactId)
                .header("X-Registry-ArtifactType", "AVRO")
                .queryParam("ifExists", "UPDATE")
                .contentType(ContentType.JSON)
                .body(schema)
                .post("/api/artifacts")
                .then()
                .statusCode(200)
                .extract()
                .jsonPath()
                .getLong("globalId");
    }

    private static String schema(String doc) {
        return "{\"type\":\"record\",\"name\":\"S\",\"fields\":[],\"doc\":\"" + doc + "\"}";
    }

    private static List<String> found(JsonPath answer) {
        List<String> found = new ArrayList<>();
        for (Map<String, Object> v : answer.<Map<String, Object>>getList("versions")) {
            found.add(v.get("artifactId") + "@" + v.get("version"));
        }
        return found;
    }

    @Test
    void anArtifactsVersions_narrowedByEachFilter_inTheOrderAskedFor() {
        String a = "sv-a-" + UUID.randomUUID();
        for (int i = 1; i <= 3; i++) {
            version(a, schema("a" + i));
        }
        given().contentType(ContentType.JSON)
                .body(Map.of("name", "Second Of A", "description", "The MIDDLE one", "labels", Map.of("tier", "gold")))
                .put(ARTIFACTS + a + "/versions/2")
                .then()
                .statusCode(204);
        given().contentType(ContentType.JSON)
                .body(Map.of("state", "DEPRECATED"))
                .put(ARTIFACTS + a + "/versions/3/state")
                .then()
                .statusCode(204);

        JsonPath all = given().queryParam("artifactId", a)
                .get(SEARCH)
                .then()
                .statusCode(200)
                .extract()
                .jsonPath();
        assertThat(all.getInt("count")).isEqualTo(3);
        assertThat(found(all)).containsExactly(a + "@1", a + "@2", a + "@3");
        assertThat(found(given().queryParam("artifactId", a)
                        .queryParam("order", "desc")
                        .queryParam("limit", 2)
                        .get(SEARCH)
                        .jsonPath()))
                .containsExactly(a + "@3", a + "@2");
        Map<String, String> oneFilter = Map.of(
                "version", "2",
                "name", "second*",
                "description", "middle",
                "labels", "TIER:Gold",
                "state", "ENABLED");
        assertThat(found(given().queryParam("artifactId", a)
                        .queryParam("name", "Second*")
                        .get(SEARCH)
                        .jsonPath()))
                .as("a name with a trailing *, case included")
                .containsExactly(a + "@2");
        assertThat(found(given().queryParam("artifactId", a)
                        .queryParam("name", "second*")
                        .get(SEARCH)
                        .jsonPath()))
                .isEmpty();
        for (Map.Entry<String, String> filter : oneFilter.entrySet()) {
            if (filter.getKey().equals("name")) {
                continue;
            }
            List<String> kept = found(given().queryParam("artifactId", a)
                    .queryParam(filter.getKey(), filter.getValue())
                    .get(SEARCH)
                    .jsonPath());
            assertThat(kept)
                    .as(filter.toString())
                    .containsExactlyElementsOf(
                            filter.getKey().equals("state") ? List.of(a + "@1", a + "@2") : List.of(a + "@2"));
        }
        assertThat(given().queryParam("artifactId", a)
                        .queryParam("state", "DRAFT")
                        .get(SEARCH)
                        .jsonPath()
                        .getInt("count"))
                .isZero();
        assertThat(given().queryParam("artifactId", a)
                        .queryParam("groupId", "payments")
                        .get(SEARCH)
                        .jsonPath()
                        .getInt("count"))
                .as("another group holds none")
                .isZero();
    }

    @Test
    void anArtifactsVersions_byGlobalId_andByContentId() {
        String shared = schema("shared-" + UUID.randomUUID());
        String b = "sv-b-" + UUID.randomUUID();
        String c = "sv-c-" + UUID.randomUUID();
        long first = version(b, shared);
        version(c, schema("c1"));
        long third = version(c, shared);
        version(c, schema("c3"));

        JsonPath byGlobalId = given().queryParam("artifactId", c)
                .queryParam("globalId", third)
                .get(SEARCH)
                .jsonPath();
        assertThat(found(byGlobalId)).containsExactly(c + "@2");
        long content = byGlobalId.getLong("versions[0].contentId");
        assertThat(found(given().queryParam("artifactId", c)
                        .queryParam("contentId", content)
                        .get(SEARCH)
                        .jsonPath()))
                .as("the artifact's versions of that content, not another artifact's")
                .containsExactly(c + "@2");
        assertThat(given().queryParam("artifactId", c)
                        .queryParam("globalId", first)
                        .get(SEARCH)
                        .jsonPath()
                        .getInt("count"))
                .as("a globalId of another artifact")
                .isZero();
        assertThat(given().queryParam("artifactId", "").get(SEARCH).jsonPath().getInt("count"))
                .as("no artifact has an empty id")
                .isZero();
        assertThat(given().queryParam("artifactId", "no-such-" + UUID.randomUUID())
                        .get(SEARCH)
                        .jsonPath()
                        .getInt("count"))
                .isZero();
    }

    @Test
    void aSearchOfNoArtifact_orAValueNotTaken_is400() {
        for (Map<String, String> query : List.of(
                Map.<String, String>of(),
                Map.of("name", "x"),
                Map.of("artifactId", "x", "orderby", "contentId"),
                Map.of("artifactId", "x", "state", "enabled"),
                Map.of("artifactId", "x", "labels", ":gold"),
                Map.of("globalId", "1"),
                Map.of("artifactId", "x", "globalId", "one"),
                Map.of("artifactId", "x", "limit", "0"))) {
            assertThat(given().queryParams(query).get(SEARCH).statusCode())
                    .as(query.toString())
                    .isEqualTo(400);
        }
    }
}
