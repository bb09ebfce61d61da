package io.stele.app.apicurio.v3;

import static io.restassured.RestAssured.given;
import static org.assertj.core.api.Assertions.assertThat;

import io.quarkus.test.junit.QuarkusTest;
import io.restassured.http.ContentType;
import io.restassured.response.Response;
import io.restassured.specification.RequestSpecification;
import java.util.List;
import java.util.Map;
import java.util.UUID;
import java.util.concurrent.Callable;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * {@code POST /apis/registry/v3/groups/{g}/artifacts}: what Apicurio 3.x's serializers send to
 * register a schema, and what it must never do: write on bad input, or give one content two ids.
 */
@QuarkusTest
class RegistryCreateApiTest {

    private static final String ARTIFACTS = "/apis/registry/v3/groups/default/artifacts";
    private static final String FIRST = "{\"type\":\"record\",\"name\":\"C\",\"fields\":[]}";
    private static final String SECOND =
            "{\"type\":\"record\",\"name\":\"C\",\"fields\":[{\"name\":\"a\",\"type\":\"int\",\"default\":0}]}";

    static Map<String, Object> create(String artifactId, String schema, List<Map<String, String>> references) {
        return Map.of(
                "artifactId",
                artifactId,
                "artifactType",
                "AVRO",
                "firstVersion",
                Map.of(
                        "content",
                        Map.of("content", schema, "contentType", "application/json", "references", references)));
    }

    private static Response post(String group, String ifExists, Object body) {
        RequestSpecification request = given().contentType(ContentType.JSON).body(body);
        if (ifExists != null) {
            request.queryParam("ifExists", ifExists);
        }
        return request.post("/apis/registry/v3/groups/" + group + "/artifacts");
    }

    private static int versions(String artifactId) {
        Response list = given().get("/api/artifacts/" + artifactId + "/versions");
        return list.statusCode() == 404 ? 0 : list.jsonPath().getList("$").size();
    }

    @Test
    void aNewArtifact_answersTheArtifactAndItsFirstVersion_inTheSharedIds() {
        String artifactId = "create-" + UUID.randomUUID();

        Response created = post("default", "FAIL", create(artifactId, FIRST, List.of()));

        assertThat(created.statusCode()).as(created.asString()).isEqualTo(200);
        assertThat(created.jsonPath().getString("artifact.artifactId")).isEqualTo(artifactId);
        assertThat(created.jsonPath().getString("artifact.artifactType")).isEqualTo("AVRO");
        assertThat(created.jsonPath().getMap("artifact")).doesNotContainKey("groupId");
        assertThat(created.jsonPath().getString("version.version")).isEqualTo("1");
        assertThat(created.jsonPath().getString("version.name")).isEqualTo("C");
        long globalId = created.jsonPath().getLong("version.globalId");
        long contentId = created.jsonPath().getLong("version.contentId");
        assertThat(given().get("/api/ids/" + globalId).asString()).isEqualTo(FIRST);
        assertThat(given().get("/apis/registry/v3/ids/contentIds/" + contentId).asString())
                .isEqualTo(FIRST);
        assertThat(given().get("/schemas/ids/" + contentId).jsonPath().getString("schema"))
                .isEqualTo(FIRST);
    }

    @Test
    void findOrCreate_findsTheVersionWithTheSameMeaning_andCreatesOneForNewContent() {
        String artifactId = "find-or-create-" + UUID.randomUUID();
        long first = post("default", "FIND_OR_CREATE_VERSION", create(artifactId, FIRST, List.of()))
                .jsonPath()
                .getLong("version.globalId");

        Response again =
                post("default", "FIND_OR_CREATE_VERSION", create(artifactId, FIRST.replace(",", ", "), List.of()));
        Response changed = post("default", "FIND_OR_CREATE_VERSION", create(artifactId, SECOND, List.of()));

        assertThat(again.statusCode()).as(again.asString()).isEqualTo(200);
        assertThat(again.jsonPath().getLong("version.globalId")).isEqualTo(first);
        assertThat(changed.statusCode()).as(changed.asString()).isEqualTo(200);
        assertThat(changed.jsonPath().getString("version.version")).isEqualTo("2");
        assertThat(versions(artifactId)).isEqualTo(2);
    }

    @Test
    void createVersion_addsAVersion_andFail_answers409WritingNothing() {
        String artifactId = "create-version-" + UUID.randomUUID();
        post("default", null, create(artifactId, FIRST, List.of())).then().statusCode(200);

        Response added = post("default", "CREATE_VERSION", create(artifactId, SECOND, List.of()));
        Response refused = post("default", "FAIL", create(artifactId, FIRST, List.of()));
        Response byDefault = post("default", null, create(artifactId, FIRST, List.of()));

        assertThat(added.jsonPath().getString("version.version")).isEqualTo("2");
        for (Response conflict : List.of(refused, byDefault)) {
            assertThat(conflict.statusCode()).isEqualTo(409);
            assertThat(conflict.jsonPath().getString("name")).isEqualTo("ArtifactAlreadyExistsException");
            assertThat(conflict.jsonPath().getInt("status")).isEqualTo(409);
            assertThat(conflict.jsonPath().getString("title")).contains(artifactId);
        }
        assertThat(versions(artifactId)).isEqualTo(2);
    }

    @Test
    void referencesInTheDefaultGroup_areStored_andServedByEveryApi() {
        String child = "child-" + UUID.randomUUID();
        String childSchema = "{\"type\":\"record\",\"name\":\"Child\",\"namespace\":\"r\",\"fields\":[]}";
        post("default", "FIND_OR_CREATE_VERSION", create(child, childSchema, List.of()))
                .then()
                .statusCode(200);
        String parent = "parent-" + UUID.randomUUID();
        String parentSchema =
                "{\"type\":\"record\",\"name\":\"Parent\",\"namespace\":\"r\",\"fields\":[{\"name\":\"c\",\"type\":\"r.Child\"}]}";

        Response created = post(
                "default",
                "FIND_OR_CREATE_VERSION",
                create(parent, parentSchema, List.of(Map.of("name", "r.Child", "artifactId", child, "version", "1"))));
        Response withoutVersion = post(
                "default",
                "FIND_OR_CREATE_VERSION",
                create(
                        parent,
                        parentSchema,
                        List.of(Map.of("name", "r.Child", "groupId", "default", "artifactId", child))));

        assertThat(created.statusCode()).as(created.asString()).isEqualTo(200);
        assertThat(withoutVersion.jsonPath().getLong("version.globalId"))
                .as("a reference without a version names the latest, the same reference")
                .isEqualTo(created.jsonPath().getLong("version.globalId"));
        long globalId = created.jsonPath().getLong("version.globalId");
        Response references = given().get("/apis/registry/v3/ids/globalIds/" + globalId + "/references");
        assertThat(references.jsonPath().getList("artifactId")).containsExactly(child);
        assertThat(references.jsonPath().getList("version")).containsExactly("1");
        assertThat(references.jsonPath().getList("name")).containsExactly("r.Child");
    }

    @ParameterizedTest
    @ValueSource(
            strings = {
                "{\"artifactId\":\"%s\",\"artifactType\":\"AVRO\"}",
                "{\"artifactId\":\"%s\",\"firstVersion\":{\"content\":{\"content\":\"\",\"contentType\":\"application/json\"}}}",
                "{\"artifactId\":\"%s\",\"artifactType\":\"AVRO\",\"firstVersion\":{\"content\":{\"content\":\"{\\\"type\\\":\\\"nope\\\"}\",\"contentType\":\"application/json\"}}}",
                "{\"artifactId\":\"%s\",\"artifactType\":\"SPREADSHEET\",\"firstVersion\":{\"content\":{\"content\":\"{}\",\"contentType\":\"application/json\"}}}",
                "{\"artifactId\":\"%s\",\"firstVersion\":{\"version\":\"1.0.0\",\"content\":{\"content\":\"{\\\"type\\\":\\\"string\\\"}\",\"contentType\":\"application/json\"}}}",
                "{\"artifactId\":\"%s\",\"firstVersion\":{\"isDraft\":true,\"content\":{\"content\":\"{\\\"type\\\":\\\"string\\\"}\",\"contentType\":\"application/json\"}}}",
                "{\"artifactId\":\"%s\",\"firstVersion\":{\"content\":{\"content\":\"{\\\"type\\\":\\\"string\\\"}\",\"contentType\":\"application/json\",\"references\":[{\"name\":\"x\",\"artifactId\":\"no-such-artifact-anywhere\",\"version\":\"1\"}]}}}",
                "{\"artifactId\":\"%s\",\"firstVersion\":{\"content\":{\"content\":\"{\\\"type\\\":\\\"string\\\"}\",\"contentType\":\"application/json\",\"references\":[{\"name\":\"x\",\"groupId\":\"other\",\"artifactId\":\"a\",\"version\":\"1\"}]}}}",
                "{\"artifactId\":\"%s\",\"firstVersion\":{\"content\":{\"content\":\"{\\\"type\\\":\\\"string\\\"}\",\"contentType\":\"application/json\",\"references\":[{\"name\":\"x\",\"artifactId\":\"a\",\"version\":\"one\"}]}}}",
                "[1, 2]",
                "{\"artifactId\":"
            })
    void badRequests_answer400InProblemDetails_andWriteNothing(String template) {
        String artifactId = "bad-" + UUID.randomUUID();

        Response refused = given().contentType(ContentType.JSON)
                .body(template.contains("%s") ? template.formatted(artifactId) : template)
                .post(ARTIFACTS);

        assertThat(refused.statusCode()).as(refused.asString()).isEqualTo(400);
        assertThat(refused.contentType()).startsWith("application/json");
        assertThat(refused.jsonPath().getInt("status")).isEqualTo(400);
        assertThat(refused.jsonPath().getString("title")).isNotBlank().doesNotContain("Exception");
        assertThat(versions(artifactId)).isZero();
    }

    @ParameterizedTest
    @ValueSource(
            strings = {
                "ifExists=",
                "ifExists=UPDATE",
                "ifExists=fail",
                "canonical=",
                "canonical=yes",
                "dryRun=",
                "dryRun=1"
            })
    void queryParametersNotOffered_areRefused_andWriteNothing(String query) {
        String artifactId = "query-" + UUID.randomUUID();

        Response refused = given().contentType(ContentType.JSON)
                .body(create(artifactId, FIRST, List.of()))
                .post(ARTIFACTS + "?" + query);

        assertThat(refused.statusCode()).as(refused.asString()).isEqualTo(400);
        assertThat(refused.jsonPath().getString("name")).isEqualTo("BadRequestException");
        assertThat(versions(artifactId)).isZero();
    }

    @Test
    void anotherGroup_answers404GroupNotFound_andWritesNothing() {
        String artifactId = "group-" + UUID.randomUUID();

        Response refused = post("payments", "FIND_OR_CREATE_VERSION", create(artifactId, FIRST, List.of()));

        assertThat(refused.statusCode()).isEqualTo(404);
        assertThat(refused.jsonPath().getString("name")).isEqualTo("GroupNotFoundException");
        assertThat(refused.jsonPath().getString("title")).contains("payments");
        assertThat(versions(artifactId)).isZero();
    }

    @Test
    void anIncompatibleVersion_answers409RuleViolation_andWritesNothing() {
        String artifactId = "incompatible-" + UUID.randomUUID();
        post("default", null, create(artifactId, FIRST, List.of())).then().statusCode(200);
        given().contentType(ContentType.JSON)
                .body("{\"type\":\"COMPATIBILITY\",\"config\":\"BACKWARD\"}")
                .post("/api/artifacts/" + artifactId + "/rules")
                .then()
                .statusCode(204);
        String breaking = "{\"type\":\"record\",\"name\":\"C\",\"fields\":[{\"name\":\"b\",\"type\":\"int\"}]}";

        Response refused = post("default", "FIND_OR_CREATE_VERSION", create(artifactId, breaking, List.of()));

        assertThat(refused.statusCode()).as(refused.asString()).isEqualTo(409);
        assertThat(refused.jsonPath().getString("name")).isEqualTo("RuleViolationException");
        assertThat(versions(artifactId)).isEqualTo(1);
    }

    @Test
    void concurrentFindOrCreates_ofOneSchema_makeOneVersion() throws Exception {
        String artifactId = "race-" + UUID.randomUUID();
        ExecutorService pool = Executors.newFixedThreadPool(8);
        try {
            List<Callable<Long>> calls = java.util.stream.IntStream.range(0, 8)
                    .<Callable<Long>>mapToObj(
                            i -> () -> post("default", "FIND_OR_CREATE_VERSION", create(artifactId, FIRST, List.of()))
                                    .then()
                                    .statusCode(200)
                                    .extract()
                                    .jsonPath()
                                    .getLong("version.globalId"))
                    .toList();
            List<Long> ids = new java.util.ArrayList<>();
            for (Future<Long> f : pool.invokeAll(calls, 60, TimeUnit.SECONDS)) {
                ids.add(f.get());
            }
            assertThat(ids).as("one schema registered at once by 8 producers").containsOnly(ids.get(0));
            assertThat(versions(artifactId)).isEqualTo(1);
        } finally {
            pool.shutdownNow();
        }
    }
}
