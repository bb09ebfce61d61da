package io.stele.app.apicurio.v3;

import static io.restassured.RestAssured.given;
import static org.assertj.core.api.Assertions.assertThat;

import io.quarkus.test.junit.QuarkusTest;
import io.restassured.http.ContentType;
import io.restassured.response.Response;
import java.util.List;
import java.util.Map;
import java.util.UUID;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.EnumSource;

/**
 * Global and per-artifact rules on Apicurio's v2 and v3 APIs: the same rules as the v1 API's, each
 * API with its own body ({@code type} on v2, {@code ruleType} on v3) and error shape.
 */
@QuarkusTest
public class RegistryRulesApiTest {

    private static final String SCHEMA = "{\"type\":\"record\",\"name\":\"R\",\"fields\":[]}";
    private static final String BREAKING =
            "{\"type\":\"record\",\"name\":\"R\",\"fields\":[{\"name\":\"a\",\"type\":\"int\"}]}";

    /** One API's rules: where they are and what it names a rule's type in a body. */
    enum Api {
        V2("/apis/registry/v2", "type"),
        V3("/apis/registry/v3", "ruleType");

        final String root;
        final String typeField;

        Api(String root, String typeField) {
            this.root = root;
            this.typeField = typeField;
        }

        String global() {
            return root + "/admin/rules";
        }

        String ofArtifact(String group, String artifactId) {
            return root + "/groups/" + group + "/artifacts/" + artifactId + "/rules";
        }

        Map<String, String> rule(String type, String config) {
            return Map.of(typeField, type, "config", config);
        }
    }

    @AfterEach
    void noGlobalRulesLeft() {
        // the v3 API's, as the v1 API leaves the INTEGRITY rule, which it does not show
        given().delete(Api.V3.global()).then().statusCode(204);
    }

    private static String artifact() {
        String artifactId = "rules-" + UUID.randomUUID();
        given().header("X-Registry-ArtifactId", artifactId)
                .header("X-Registry-ArtifactType", "AVRO")
                .contentType(ContentType.JSON)
                .body(SCHEMA)
                .post("/api/artifacts")
                .then()
                .statusCode(200);
        return artifactId;
    }

    private static Response post(String path, Object body) {
        return given().contentType(ContentType.JSON).body(body).post(path);
    }

    @ParameterizedTest
    @EnumSource(Api.class)
    void globalRules_createReadUpdateDelete_overTheRulesOfEveryApi(Api api) {
        Response created = post(api.global(), api.rule("VALIDITY", "FULL"));
        Response twice = post(api.global(), api.rule("VALIDITY", "FULL"));

        assertThat(created.statusCode()).as(created.asString()).isEqualTo(204);
        assertThat(twice.statusCode()).isEqualTo(409);
        assertThat(twice.jsonPath().getString("name")).isEqualTo("RuleAlreadyExistsException");
        assertThat(given().get(api.global()).jsonPath().getList("$")).containsExactly("VALIDITY");
        assertThat(given().get("/api/rules/VALIDITY").jsonPath().getString("config"))
                .as("the v1 API sees the same rule")
                .isEqualTo("FULL");
        Response read = given().get(api.global() + "/VALIDITY");
        assertThat(read.jsonPath().getMap("$")).isEqualTo(api.rule("VALIDITY", "FULL"));

        Response updated = given().contentType(ContentType.JSON)
                .body(Map.of("config", "SYNTAX_ONLY"))
                .put(api.global() + "/VALIDITY");
        assertThat(updated.statusCode()).as(updated.asString()).isEqualTo(200);
        assertThat(updated.jsonPath().getMap("$")).isEqualTo(api.rule("VALIDITY", "SYNTAX_ONLY"));

        assertThat(given().delete(api.global() + "/VALIDITY").statusCode()).isEqualTo(204);
        Response gone = given().get(api.global() + "/VALIDITY");
        assertThat(gone.statusCode()).isEqualTo(404);
        assertThat(gone.jsonPath().getString("name")).isEqualTo("RuleNotFoundException");
    }

    @ParameterizedTest
    @EnumSource(Api.class)
    void badRules_areRefusedWith400_andNothingIsConfigured(Api api) {
        List<Object> bodies = List.of(
                api.rule("VALIDITY", "STRICTEST"),
                api.rule("INTEGRITY", "STRICTEST"),
                api.rule("INTEGRITY", "NO_DUPLICATES,"),
                api.rule("INTEGRITY", ""),
                api.rule("INTEGRITY", "FULL,".repeat(60) + "FULL"),
                api.rule("MODE", "READONLY"),
                Map.of("config", "FULL"),
                Map.of(api.typeField, "VALIDITY"),
                "[]");
        for (Object body : bodies) {
            Response refused = post(api.global(), body);
            assertThat(refused.statusCode())
                    .as(body + ": " + refused.asString())
                    .isEqualTo(400);
            assertThat(refused.jsonPath().getString("detail")
                            + refused.jsonPath().getString("message"))
                    .doesNotContain("Exception", "io.stele");
        }
        Response otherRule = given().contentType(ContentType.JSON)
                .body(api.rule("COMPATIBILITY", "BACKWARD"))
                .put(api.global() + "/VALIDITY");
        assertThat(otherRule.statusCode())
                .as("the body names another rule than the path")
                .isEqualTo(400);
        assertThat(given().get(api.global()).jsonPath().getList("$")).isEmpty();
    }

    @ParameterizedTest
    @EnumSource(Api.class)
    void anArtifactsRule_isKeptAndEnforcedOnNewVersions(Api api) {
        String artifactId = artifact();
        String rules = api.ofArtifact("default", artifactId);

        Response created = post(rules, api.rule("COMPATIBILITY", "BACKWARD"));
        Response breaking = given().contentType(ContentType.JSON)
                .body(Map.of("content", Map.of("content", BREAKING, "contentType", "application/json")))
                .post("/apis/registry/v3/groups/default/artifacts/" + artifactId + "/versions");

        assertThat(created.statusCode()).as(created.asString()).isEqualTo(204);
        assertThat(given().get(rules).jsonPath().getList("$")).containsExactly("COMPATIBILITY");
        assertThat(given().get("/api/artifacts/" + artifactId + "/rules/COMPATIBILITY")
                        .jsonPath()
                        .getString("config"))
                .isEqualTo("BACKWARD");
        assertThat(breaking.statusCode()).as(breaking.asString()).isEqualTo(409);
        assertThat(breaking.jsonPath().getString("name")).isEqualTo("RuleViolationException");
        assertThat(given().get("/api/artifacts/" + artifactId + "/versions")
                        .jsonPath()
                        .getList("$"))
                .containsExactly(1);

        assertThat(given().delete(rules).statusCode()).isEqualTo(204);
        assertThat(given().get(rules).jsonPath().getList("$")).isEmpty();
    }

    @ParameterizedTest
    @EnumSource(Api.class)
    void theRulesOfAnArtifactElsewhere_areNotFound_andNoneIsWritten(Api api) {
        String artifactId = artifact();
        for (String rules :
                List.of(api.ofArtifact("other", artifactId), api.ofArtifact("default", "no-" + artifactId))) {
            Response listed = given().get(rules);
            Response created = post(rules, api.rule("VALIDITY", "FULL"));
            assertThat(listed.statusCode()).as(rules).isEqualTo(404);
            assertThat(listed.jsonPath().getString("name")).isEqualTo("ArtifactNotFoundException");
            assertThat(created.statusCode()).as(rules).isEqualTo(404);
        }
        assertThat(given().get("/api/artifacts/" + artifactId + "/rules")
                        .jsonPath()
                        .getList("$"))
                .isEmpty();
    }

    @Test
    void v3Errors_areProblemDetails_andV2ErrorsCarryAnErrorCode() {
        Response v3 = given().get(Api.V3.global() + "/COMPATIBILITY");
        Response v2 = given().get(Api.V2.global() + "/COMPATIBILITY");

        assertThat(v3.jsonPath().getInt("status")).isEqualTo(404);
        assertThat(v3.jsonPath().getString("title")).isNotBlank();
        assertThat(v2.jsonPath().getInt("error_code")).isEqualTo(404);
        assertThat(v2.jsonPath().getString("name")).isEqualTo("RuleNotFoundException");
    }

    private static final String UNMAPPED_JSON =
            "{\"type\":\"object\",\"properties\":{\"a\":{\"$ref\":\"other.json\"}}}";
    private static final String UNMAPPED_PROTO =
            "syntax = \"proto3\";\nimport \"other.proto\";\nmessage M { Other o = 1; }\n";

    private static Response createV3(String artifactId, String type, String content, String contentType) {
        return post(
                "/apis/registry/v3/groups/default/artifacts",
                Map.of(
                        "artifactId",
                        artifactId,
                        "artifactType",
                        type,
                        "firstVersion",
                        Map.of("content", Map.of("content", content, "contentType", contentType))));
    }

    @ParameterizedTest
    @EnumSource(Api.class)
    void integrityRule_allRefsMapped_refusesAnImportOrRefNoReferenceMaps_andWritesNothing(Api api) {
        Response created = post(api.global(), api.rule("INTEGRITY", "all_refs_mapped, no_duplicates"));
        assertThat(created.statusCode()).as(created.asString()).isEqualTo(204);
        assertThat(given().get(api.global()).jsonPath().getList("$")).containsExactly("INTEGRITY");
        assertThat(given().get(api.global() + "/INTEGRITY").jsonPath().getMap("$"))
                .isEqualTo(api.rule("INTEGRITY", "ALL_REFS_MAPPED, NO_DUPLICATES"));

        for (List<String> unmapped : List.of(
                List.of("JSON", UNMAPPED_JSON, "application/json"),
                List.of("PROTOBUF", UNMAPPED_PROTO, "application/x-protobuf"))) {
            String artifactId = "integrity-" + UUID.randomUUID();
            Response refused = createV3(artifactId, unmapped.get(0), unmapped.get(1), unmapped.get(2));
            assertThat(refused.statusCode()).as(refused.asString()).isEqualTo(409);
            assertThat(refused.jsonPath().getString("name")).isEqualTo("RuleViolationException");
            assertThat(refused.jsonPath().getString("detail"))
                    .contains("INTEGRITY")
                    .contains(unmapped.get(0).equals("JSON") ? "other.json" : "other.proto");
            assertThat(given().get("/apis/registry/v3/groups/default/artifacts/" + artifactId)
                            .statusCode())
                    .as("nothing was written")
                    .isEqualTo(404);
        }
        Response confluent = given().contentType("application/vnd.schemaregistry.v1+json")
                .body(Map.of("schemaType", "JSON", "schema", UNMAPPED_JSON))
                .post("/subjects/integrity-" + UUID.randomUUID() + "/versions");
        assertThat(confluent.statusCode())
                .as("the Confluent API's artifacts are under the same rule: " + confluent.asString())
                .isEqualTo(422);
        assertThat(confluent.jsonPath().getInt("error_code")).isEqualTo(42201);
        Response mapped = createV3("integrity-" + UUID.randomUUID(), "AVRO", SCHEMA, "application/json");
        assertThat(mapped.statusCode()).as("content without references passes").isEqualTo(200);
    }

    @Test
    void integrityRule_isNotShownOrConfiguredByTheV1Api_andNotEnforcedOnceRemoved() {
        String unmapped = "integrity-" + UUID.randomUUID();
        post(Api.V3.global(), Api.V3.rule("INTEGRITY", "FULL")).then().statusCode(204);

        assertThat(given().get("/api/rules").jsonPath().getList("$"))
                .as("Apicurio 1.x clients know VALIDITY and COMPATIBILITY alone")
                .isEmpty();
        assertThat(given().get("/api/rules/INTEGRITY").statusCode()).isEqualTo(404);
        Response v1 = post("/api/rules", Map.of("type", "INTEGRITY", "config", "FULL"));
        assertThat(v1.statusCode()).as(v1.asString()).isEqualTo(400);
        given().delete("/api/rules").then().statusCode(204);
        assertThat(given().get(Api.V3.global()).jsonPath().getList("$"))
                .as("the v1 API removes the rules it shows")
                .containsExactly("INTEGRITY");

        assertThat(createV3(unmapped, "JSON", UNMAPPED_JSON, "application/json").statusCode())
                .isEqualTo(409);
        given().delete(Api.V3.global() + "/INTEGRITY").then().statusCode(204);
        Response accepted = createV3(unmapped, "JSON", UNMAPPED_JSON, "application/json");
        assertThat(accepted.statusCode()).as(accepted.asString()).isEqualTo(200);
    }
}
