package io.stele.app.ccompat;

import static io.restassured.RestAssured.given;
import static org.assertj.core.api.Assertions.assertThat;
import static org.hamcrest.Matchers.contains;
import static org.hamcrest.Matchers.containsString;
import static org.hamcrest.Matchers.equalTo;
import static org.hamcrest.Matchers.hasItem;
import static org.hamcrest.Matchers.matchesPattern;
import static org.hamcrest.Matchers.nullValue;
import static org.hamcrest.Matchers.startsWith;

import com.fasterxml.jackson.core.io.JsonStringEncoder;
import io.quarkus.test.junit.QuarkusTest;
import io.restassured.response.ValidatableResponse;
import java.util.ArrayList;
import java.util.List;
import java.util.UUID;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.TimeUnit;
import org.hamcrest.Matcher;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * The Confluent-compatible API, at both of its roots, in Confluent's shapes and error codes. Runs on
 * every backend through {@code RestSuites}.
 */
@QuarkusTest
public class ConfluentApiTest {

    static final String TYPE = "application/vnd.schemaregistry.v1+json";

    static String subject() {
        return "confluent-" + UUID.randomUUID();
    }

    /** A record name no other test uses, so that each test's schemas are its own. */
    static String recordName() {
        return "R" + UUID.randomUUID().toString().replace("-", "");
    }

    /** An Avro record with a unique name, and optionally a second field with a default. */
    static String avro(String name, boolean withDefaultedField) {
        return "{\"type\":\"record\",\"name\":\"" + name + "\",\"fields\":[{\"name\":\"id\",\"type\":\"long\"}"
                + (withDefaultedField ? ",{\"name\":\"note\",\"type\":\"string\",\"default\":\"\"}" : "")
                + "]}";
    }

    static String body(String schema, String schemaType) {
        String quoted = "\"" + new String(JsonStringEncoder.getInstance().quoteAsString(schema)) + "\"";
        return "{\"schema\":" + quoted + (schemaType == null ? "" : ",\"schemaType\":\"" + schemaType + "\"") + "}";
    }

    /** The version numbers a subject lists. */
    static List<Integer> versions(String root, String subject) {
        return given().get(root + "/subjects/" + subject + "/versions")
                .then()
                .statusCode(200)
                .extract()
                .jsonPath()
                .getList("$", Integer.class);
    }

    static ValidatableResponse post(String path, String body) {
        return given().contentType(TYPE).body(body).post(path).then().log().ifValidationFails();
    }

    static long register(String root, String subject, String schema) {
        return id(post(root + "/subjects/" + subject + "/versions", body(schema, null)));
    }

    /** The schema id a registration answered with, once it has answered 200. */
    static long id(ValidatableResponse registered) {
        return registered.statusCode(200).extract().jsonPath().getLong("id");
    }

    /**
     * Matches a schema id in a JSON body, which RestAssured reads as an Integer or, past 2^31 - 1 (a
     * backend that imported such ids), as a Long.
     */
    static Matcher<Object> isId(long id) {
        return id <= Integer.MAX_VALUE ? equalTo((Object) (int) id) : equalTo((Object) id);
    }

    /** Sets a subject's compatibility level, spelled as given, with {@code PUT /config/{subject}}. */
    static ValidatableResponse setCompatibility(String root, String subject, String level) {
        return given().contentType(TYPE)
                .body("{\"compatibility\":\"" + level + "\"}")
                .put(root + "/config/" + subject)
                .then()
                .statusCode(200);
    }

    static ValidatableResponse assertError(ValidatableResponse answer, int status, int errorCode, String text) {
        return answer.statusCode(status).body("error_code", equalTo(errorCode)).body("message", containsString(text));
    }

    @ParameterizedTest
    @ValueSource(strings = {"", "/apis/ccompat/v7"})
    void register_givesOneIdPerSchema_andTheIdServesTheSchema(String root) {
        String name = recordName();
        String schema = avro(name, false);
        String first = subject();
        long id = register(root, first, schema);
        assertThat(id).isPositive();
        assertThat(register(root, first, schema)).as("registered again").isEqualTo(id);
        assertThat(register(root, subject(), schema))
                .as("under another subject")
                .isEqualTo(id);

        given().get(root + "/schemas/ids/" + id + "?subject=anything")
                .then()
                .statusCode(200)
                .contentType(containsString("json"))
                .body("schema", equalTo(schema))
                .body("schemaType", nullValue());
        given().get(root + "/subjects/" + first + "/versions")
                .then()
                .statusCode(200)
                .body("$", contains(1));
        given().get(root + "/schemas/ids/" + id + "/versions")
                .then()
                .statusCode(200)
                .body("subject", hasItem(first))
                .body("version", hasItem(1));
        given().get(root + "/subjects").then().statusCode(200).body("$", hasItem(first));
    }

    @ParameterizedTest
    @ValueSource(strings = {"", "/apis/ccompat/v7"})
    void aNewVersion_isCheckedBackward_byDefault_andVersionsAnswerAsConfluent(String root) {
        String name = recordName();
        String subject = subject();
        long v1 = register(root, subject, avro(name, false));
        String incompatible = "{\"type\":\"record\",\"name\":\"" + name + "\",\"fields\":[{\"name\":\"id\","
                + "\"type\":\"long\"},{\"name\":\"other\",\"type\":\"string\"}]}";
        assertError(
                post(root + "/subjects/" + subject + "/versions", body(incompatible, null)),
                409,
                409,
                "incompatible with an earlier schema for subject \"" + subject + "\"");
        long v2 = register(root, subject, avro(name, true));
        assertThat(v2).isNotEqualTo(v1);

        given().get(root + "/subjects/" + subject + "/versions")
                .then()
                .statusCode(200)
                .body("$", contains(1, 2));
        for (String latest : new String[] {"latest", "-1"}) {
            given().get(root + "/subjects/" + subject + "/versions/" + latest)
                    .then()
                    .statusCode(200)
                    .body("subject", equalTo(subject))
                    .body("version", equalTo(2))
                    .body("id", isId(v2))
                    .body("schema", equalTo(avro(name, true)));
        }
        given().get(root + "/subjects/" + subject + "/versions/1")
                .then()
                .statusCode(200)
                .body("id", isId(v1));
        assertError(given().get(root + "/subjects/" + subject + "/versions/0").then(), 422, 42202, "'0'");
        assertError(given().get(root + "/subjects/" + subject + "/versions/two").then(), 422, 42202, "'two'");
        assertError(given().get(root + "/subjects/" + subject + "/versions/9").then(), 404, 40402, "9");
    }

    @ParameterizedTest
    @ValueSource(strings = {"", "/apis/ccompat/v7"})
    void lookup_findsTheVersionByMeaning_andSaysWhichOfSubjectAndSchemaIsMissing(String root) {
        String name = recordName();
        String subject = subject();
        long id = register(root, subject, avro(name, false));
        String reformatted = avro(name, false).replace(",", ", ").replace(":", ": ");
        post(root + "/subjects/" + subject + "?normalize=False&deleted=False", body(reformatted, "AVRO"))
                .statusCode(200)
                .body("subject", equalTo(subject))
                .body("version", equalTo(1))
                .body("id", isId(id));
        assertError(post(root + "/subjects/" + subject, body(avro(name, true), null)), 404, 40403, "Schema not found");
        assertError(post(root + "/subjects/" + subject() + "", body(avro(name, false), null)), 404, 40401, "not found");
        assertError(given().get(root + "/subjects/" + subject() + "/versions").then(), 404, 40401, "not found");
    }

    @ParameterizedTest
    @ValueSource(strings = {"", "/apis/ccompat/v7"})
    void jsonSchemas_carryTheirType_andBadInputAnswers4xxWithConfluentCodes(String root) {
        String subject = subject();
        String json = "{\"type\":\"object\",\"properties\":{\"" + UUID.randomUUID() + "\":{\"type\":\"string\"}}}";
        long id = post(root + "/subjects/" + subject + "/versions", body(json, "JSON"))
                .statusCode(200)
                .extract()
                .jsonPath()
                .getLong("id");
        given().get(root + "/schemas/ids/" + id).then().statusCode(200).body("schemaType", equalTo("JSON"));
        given().get(root + "/subjects/" + subject + "/versions/latest")
                .then()
                .statusCode(200)
                .body("schemaType", equalTo("JSON"));

        assertError(post(root + "/subjects/" + subject() + "/versions", body("{\"type\":", null)), 422, 42201, "")
                .body("message", startsWith("Invalid Avro schema: "));
        assertError(post(root + "/subjects/" + subject() + "/versions", body("{}", "XML")), 422, 42201, "XML");
        assertError(post(root + "/subjects/" + subject() + "/versions", "{}"), 422, 42201, "Empty schema");
        post(root + "/subjects/" + subject() + "/versions", "{\"schema\":").statusCode(400);
        assertError(given().get(root + "/schemas/ids/2147483000").then(), 404, 40403, "Schema not found");
        assertError(given().get(root + "/schemas/ids/zero").then(), 404, 40403, "Schema not found");
    }

    @ParameterizedTest
    @ValueSource(strings = {"", "/apis/ccompat/v7"})
    void config_answersTheLevelInForce_andASubjectWithoutItsOwnSays40408(String root) {
        String global = given().get("/api/rules/COMPATIBILITY").statusCode() == 200
                ? given().get("/api/rules/COMPATIBILITY")
                        .then()
                        .extract()
                        .jsonPath()
                        .getString("config")
                : "BACKWARD";
        given().get(root + "/config").then().statusCode(200).body("compatibilityLevel", equalTo(global));
        String subject = subject();
        register(root, subject, avro(recordName(), false));
        assertError(given().get(root + "/config/" + subject).then(), 404, 40408, subject);
        given().get(root + "/config/" + subject + "?defaultToGlobal=True")
                .then()
                .statusCode(200)
                .body("compatibilityLevel", equalTo(global));
        given().contentType("application/json")
                .body("{\"type\":\"COMPATIBILITY\",\"config\":\"FULL\"}")
                .post("/api/artifacts/" + subject + "/rules")
                .then()
                .statusCode(204);
        given().get(root + "/config/" + subject).then().statusCode(200).body("compatibilityLevel", equalTo("FULL"));
        given().contentType(TYPE) // as Go's client sends it, on a GET too
                .get(root + "/schemas/types")
                .then()
                .statusCode(200)
                .body("$", contains("AVRO", "JSON", "PROTOBUF"));
    }

    @ParameterizedTest
    @ValueSource(strings = {"", "/apis/ccompat/v7"})
    void config_isSetAndRemovedPerSubject_andIsTheRuleTheV1ApiEnforces(String root) {
        String subject = subject();
        String name = recordName();
        register(root, subject, avro(name, false));
        setCompatibility(root, subject, "none").body("compatibility", equalTo("NONE"));
        given().get("/api/artifacts/" + subject + "/rules/COMPATIBILITY")
                .then()
                .statusCode(200)
                .body("config", equalTo("NONE"));
        String unrelated = "{\"type\":\"record\",\"name\":\"" + name + "\",\"fields\":[{\"name\":\"other\","
                + "\"type\":\"string\"}]}";
        register(root, subject, unrelated); // NONE: anything goes
        given().delete(root + "/config/" + subject).then().statusCode(200).body("compatibilityLevel", equalTo("NONE"));
        assertError(given().delete(root + "/config/" + subject).then(), 404, 40401, subject);
        assertError(
                given().contentType(TYPE)
                        .body("{\"compatibility\":\"SIDEWAYS\"}")
                        .put(root + "/config/" + subject)
                        .then(),
                422,
                42203,
                "Invalid compatibility level");
        given().get(root + "/contexts").then().statusCode(200).body("$", contains("."));
    }

    @ParameterizedTest
    @ValueSource(strings = {"", "/apis/ccompat/v7"})
    void config_ofASubjectWithoutVersions_isKept_andJudgesTheVersionsRegisteredAfter(String root) {
        String subject = subject();
        String name = recordName();
        setCompatibility(root, subject, "NONE").body("compatibility", equalTo("NONE"));
        given().get(root + "/config/" + subject).then().statusCode(200).body("compatibilityLevel", equalTo("NONE"));
        given().get("/api/artifacts/" + subject + "/rules").then().statusCode(404);
        assertError(given().get(root + "/subjects/" + subject + "/versions").then(), 404, 40401, "not found");

        register(root, subject, avro(name, false));
        String unrelated = "{\"type\":\"record\",\"name\":\"" + name + "\",\"fields\":[{\"name\":\"other\","
                + "\"type\":\"string\"}]}";
        register(root, subject, unrelated); // NONE, set ahead: anything goes, where BACKWARD would refuse it
        given().get("/api/artifacts/" + subject + "/rules/COMPATIBILITY")
                .then()
                .statusCode(200)
                .body("config", equalTo("NONE"));

        given().delete(root + "/subjects/" + subject + "?permanent=false")
                .then()
                .statusCode(200);
        given().delete(root + "/subjects/" + subject + "?permanent=true").then().statusCode(200);
        assertError(given().get(root + "/config/" + subject).then(), 404, 40408, subject); // gone with the subject
    }

    @ParameterizedTest
    @ValueSource(strings = {"", "/apis/ccompat/v7"})
    void compatibilityChecks_answerIsCompatible_withTheReasonsWhenVerbose(String root) {
        String subject = subject();
        String name = recordName();
        register(root, subject, avro(name, false));
        String incompatible = "{\"type\":\"record\",\"name\":\"" + name + "\",\"fields\":[{\"name\":\"id\","
                + "\"type\":\"long\"},{\"name\":\"other\",\"type\":\"string\"}]}";
        post(root + "/compatibility/subjects/" + subject + "/versions/latest", body(avro(name, true), null))
                .statusCode(200)
                .body("is_compatible", equalTo(true))
                .body("messages", nullValue());
        post(root + "/compatibility/subjects/" + subject + "/versions?verbose=True", body(incompatible, null))
                .statusCode(200)
                .body("is_compatible", equalTo(false))
                .body("messages[0]", containsString("version 1"));
        post(root + "/compatibility/subjects/" + subject + "/versions/1", body(incompatible, null))
                .statusCode(200)
                .body("is_compatible", equalTo(false));
        post(root + "/compatibility/subjects/" + subject() + "/versions/latest", body(incompatible, null))
                .statusCode(200)
                .body("is_compatible", equalTo(true));
        assertError(
                post(root + "/compatibility/subjects/" + subject + "/versions/7", body(incompatible, null)),
                404,
                40402,
                "7");
        assertError(
                post(root + "/compatibility/subjects/" + subject + "/versions", body("{\"type\":", null)),
                422,
                42201,
                "");
        given().get("/api/artifacts/" + subject + "/versions")
                .then()
                .statusCode(200)
                .body("$", contains(1));
    }

    @ParameterizedTest
    @ValueSource(strings = {"", "/apis/ccompat/v7"})
    void schemaTexts_andTheSubjectsOfAnId_answerAsConfluent(String root) {
        String schema = avro(recordName(), false);
        String first = subject();
        String second = subject();
        long id = register(root, first, schema);
        register(root, second, schema);
        given().get(root + "/schemas/ids/" + id + "/schema")
                .then()
                .statusCode(200)
                .body(equalTo(schema));
        given().get(root + "/subjects/" + first + "/versions/latest/schema")
                .then()
                .statusCode(200)
                .body(equalTo(schema));
        given().get(root + "/schemas/ids/" + id + "/subjects")
                .then()
                .statusCode(200)
                .body(
                        "$",
                        contains(
                                first.compareTo(second) < 0 ? first : second,
                                first.compareTo(second) < 0 ? second : first));
        assertError(given().get(root + "/schemas/ids/2147483001/subjects").then(), 404, 40403, "Schema not found");
        assertError(
                given().get(root + "/subjects/" + first + "/versions/3/schema").then(), 404, 40402, "3");
    }

    @ParameterizedTest
    @ValueSource(strings = {"", "/apis/ccompat/v7"})
    void theGlobalLevel_isSetAndRemoved_andTheDefaultAppliesAgain(String root) {
        given().contentType(TYPE)
                .body("{\"compatibility\":\"FORWARD\"}")
                .put(root + "/config")
                .then()
                .statusCode(200)
                .body("compatibility", equalTo("FORWARD"));
        given().get(root + "/config").then().statusCode(200).body("compatibilityLevel", equalTo("FORWARD"));
        given().get("/api/rules/COMPATIBILITY").then().statusCode(200).body("config", equalTo("FORWARD"));
        given().delete(root + "/config").then().statusCode(200).body("compatibilityLevel", equalTo("FORWARD"));
        given().get(root + "/config").then().statusCode(200).body("compatibilityLevel", equalTo("BACKWARD"));
        given().get("/api/rules/COMPATIBILITY").then().statusCode(404);
        given().delete(root + "/config").then().statusCode(200).body("compatibilityLevel", equalTo("BACKWARD"));
    }

    @Test
    void removingTheGlobalLevel_fromManyClientsAtOnce_answersEachOfThem() throws Exception {
        given().contentType(TYPE)
                .body("{\"compatibility\":\"FULL\"}")
                .put("/config")
                .then()
                .statusCode(200);
        ExecutorService clients = Executors.newFixedThreadPool(8);
        try {
            List<Future<Integer>> answers = new ArrayList<>();
            for (int i = 0; i < 8; i++) {
                answers.add(clients.submit(() -> given().delete("/config").statusCode()));
            }
            for (Future<Integer> answer : answers) {
                assertThat(answer.get(30, TimeUnit.SECONDS))
                        .as("a removal racing the others")
                        .isEqualTo(200);
            }
        } finally {
            clients.shutdownNow();
        }
        given().get("/config").then().statusCode(200).body("compatibilityLevel", equalTo("BACKWARD"));
    }

    @ParameterizedTest
    @ValueSource(strings = {"", "/apis/ccompat/v7"})
    void rootClusterIdAndVersion_answerAsConfluent(String root) {
        given().get(root + "/").then().statusCode(200).body(equalTo("{}"));
        given().get(root + "/v1/metadata/id")
                .then()
                .statusCode(200)
                .body("scope.path", equalTo(List.of()))
                .body("scope.clusters.schema-registry-cluster", equalTo("stele"))
                .body("scope.clusters.kafka-cluster", equalTo(""));
        given().get(root + "/v1/metadata/version")
                .then()
                .statusCode(200)
                .body("version", equalTo(System.getProperty("stele.version")))
                .body("commitId", matchesPattern("[0-9a-f]{40}"));
    }
}
