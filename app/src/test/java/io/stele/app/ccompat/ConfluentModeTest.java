package io.stele.app.ccompat;

import static io.restassured.RestAssured.given;
import static io.stele.app.ccompat.ConfluentApiTest.assertError;
import static io.stele.app.ccompat.ConfluentApiTest.avro;
import static io.stele.app.ccompat.ConfluentApiTest.body;
import static io.stele.app.ccompat.ConfluentApiTest.isId;
import static io.stele.app.ccompat.ConfluentApiTest.post;
import static io.stele.app.ccompat.ConfluentApiTest.recordName;
import static io.stele.app.ccompat.ConfluentApiTest.register;
import static io.stele.app.ccompat.ConfluentApiTest.subject;
import static org.assertj.core.api.Assertions.assertThat;
import static org.hamcrest.Matchers.contains;
import static org.hamcrest.Matchers.containsString;
import static org.hamcrest.Matchers.equalTo;
import static org.hamcrest.Matchers.hasItem;
import static org.hamcrest.Matchers.not;

import io.quarkus.test.junit.QuarkusTest;
import io.restassured.response.ValidatableResponse;
import java.util.concurrent.ThreadLocalRandom;
import java.util.concurrent.atomic.AtomicLong;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * The registry's mode through the Confluent-compatible API, and its effect on writes through both
 * APIs. Runs on every backend through {@code RestSuites}; a test that makes the whole registry
 * read-only opens it again before it ends.
 */
@QuarkusTest
public class ConfluentModeTest {

    private static final String TYPE = "application/vnd.schemaregistry.v1+json";

    /**
     * Ids to import, below 2^31 - 1 as Confluent's ids are, and far above the ids tests are given: a
     * backend whose ids an import moved past 2^31 (the transfer tests do) skipped these. Each test
     * takes its own, so no two collide; the start differs per run, for a backend that outlives one.
     */
    private static final AtomicLong IMPORTED_IDS =
            new AtomicLong(2_000_000_000L + ThreadLocalRandom.current().nextInt(10_000_000) * 10L);

    private static ValidatableResponse put(String path, String body) {
        return given().contentType(TYPE).body(body).put(path).then().log().ifValidationFails();
    }

    private static ValidatableResponse get(String path) {
        return given().get(path).then().log().ifValidationFails();
    }

    @ParameterizedTest
    @ValueSource(strings = {"", "/apis/ccompat/v7"})
    void mode_isReadWrite_untilSet_andASubjectWithoutItsOwnIs40409(String root) {
        String subject = subject();
        register(root, subject, avro(recordName(), false));
        get(root + "/mode").statusCode(200).body("mode", equalTo("READWRITE"));
        assertError(get(root + "/mode/" + subject), 404, 40409, "does not have subject-level mode configured");
        assertError(get(root + "/mode/" + subject()), 404, 40409, "does not have subject-level mode configured");
        get(root + "/mode/" + subject + "?defaultToGlobal=true").statusCode(200).body("mode", equalTo("READWRITE"));
        assertError(put(root + "/mode/" + subject, "{\"mode\":\"SOMETIMES\"}"), 422, 42204, "Invalid mode");
        assertError(put(root + "/mode/" + subject, "{}"), 422, 42204, "Invalid mode");
    }

    @ParameterizedTest
    @ValueSource(strings = {"", "/apis/ccompat/v7"})
    void aSubjectWithoutVersions_keepsAModeSetAhead_whichItsFirstVersionObeys(String root) {
        String subject = subject();
        String name = recordName();
        makeReadOnly(root, subject, avro(name, false));
        given().contentType("application/json")
                .header("X-Registry-ArtifactId", subject)
                .body(avro(name, false))
                .post("/api/artifacts")
                .then()
                .statusCode(409)
                .body("message", containsString("read-only mode"));
        get("/api/artifacts/" + subject + "/rules").statusCode(404); // the v1 API shows existing artifacts' rules
        assertError(get(root + "/subjects/" + subject + "/versions"), 404, 40401, "not found");

        put(root + "/mode/" + subject, "{\"mode\":\"IMPORT\"}").statusCode(200).body("mode", equalTo("IMPORT"));
        long id = IMPORTED_IDS.getAndAdd(10);
        post(root + "/subjects/" + subject + "/versions", imported(avro(name, false), id, 3))
                .statusCode(200)
                .body("id", isId(id));
        get(root + "/subjects/" + subject + "/versions").statusCode(200).body("", contains(3));
        get(root + "/mode/" + subject).statusCode(200).body("mode", equalTo("IMPORT"));

        given().delete(root + "/mode/" + subject).then().statusCode(200).body("mode", equalTo("IMPORT"));
        register(root, subject, avro(name, true));
        get(root + "/subjects/" + subject + "/versions").statusCode(200).body("", contains(3, 4));
    }

    @ParameterizedTest
    @ValueSource(strings = {"", "/apis/ccompat/v7"})
    void readOnlySubject_refusesWritesThroughBothApis_andStillServesReads(String root) {
        String subject = subject();
        String name = recordName();
        long id = register(root, subject, avro(name, false));

        makeReadOnly(root, subject, avro(name, true));
        String incompatible =
                "{\"type\":\"record\",\"name\":\"" + name + "\",\"fields\":[{\"name\":\"id\",\"type\":\"string\"}]}";
        assertError(
                post(root + "/subjects/" + subject + "/versions", body(incompatible, null)),
                422,
                42205,
                "read-only mode"); // the mode is told before any check of the schema
        assertError(
                given().delete(root + "/subjects/" + subject + "/versions/1").then(), 422, 42205, "read-only");
        assertError(put(root + "/config/" + subject, "{\"compatibility\":\"NONE\"}"), 422, 42205, "read-only");
        given().contentType("application/json")
                .body(avro(name, true))
                .post("/api/artifacts/" + subject + "/versions")
                .then()
                .statusCode(409)
                .body("message", containsString("read-only mode"));
        get("/api/artifacts/" + subject + "/rules").statusCode(200).body("", not(hasItem("MODE")));
        assertThat(register(root, subject, avro(name, false)))
                .as("a schema registered already is answered, as it needs no write")
                .isEqualTo(id);
        get(root + "/subjects/" + subject + "/versions/latest").statusCode(200).body("id", isId(id));
        post(root + "/subjects/" + subject, body(avro(name, false), null)).statusCode(200);
        register(root, subject(), avro(name, true)); // another subject takes writes

        given().delete(root + "/mode/" + subject).then().statusCode(200).body("mode", equalTo("READONLY"));
        assertError(get(root + "/mode/" + subject), 404, 40409, "subject-level mode");
        register(root, subject, avro(name, true));
    }

    @ParameterizedTest
    @ValueSource(strings = {"", "/apis/ccompat/v7"})
    void readOnlyRegistry_refusesEveryWrite_butTheModeItself(String root) {
        String subject = subject();
        String name = recordName();
        register(root, subject, avro(name, false));
        put(root + "/mode/" + subject, "{\"mode\":\"READWRITE\"}").statusCode(200);
        try {
            put(root + "/mode?force=true", "{\"mode\":\"READONLY\"}")
                    .statusCode(200)
                    .body("mode", equalTo("READONLY"));

            get(root + "/mode").statusCode(200).body("mode", equalTo("READONLY"));
            get(root + "/mode/" + subject() + "?defaultToGlobal=true")
                    .statusCode(200)
                    .body("mode", equalTo("READONLY"));
            String other = subject();
            assertError(
                    post(root + "/subjects/" + other + "/versions", body(avro(name, false), null)),
                    422,
                    42205,
                    "Subject " + other + " is in read-only mode");
            assertError(put(root + "/config", "{\"compatibility\":\"NONE\"}"), 422, 42205, "read-only mode");
            given().contentType("application/json")
                    .body(avro(name, false))
                    .post("/api/artifacts")
                    .then()
                    .statusCode(409)
                    .body("message", containsString("read-only mode"));
            get("/api/rules").statusCode(200).body("", not(hasItem("MODE")));
            get("/api/rules/MODE").statusCode(404);
            // the subject's own READWRITE outranks the global READONLY
            register(root, subject, avro(name, true));
        } finally {
            put(root + "/mode", "{\"mode\":\"READWRITE\"}").statusCode(200);
        }
        register(root, subject(), avro(name, false));
    }

    /** Sets a subject READONLY (in lower case, as the mode may be sent) and sees it refuse a schema. */
    private static void makeReadOnly(String root, String subject, String refused) {
        put(root + "/mode/" + subject, "{\"mode\":\"readonly\"}")
                .statusCode(200)
                .body("mode", equalTo("READONLY"));
        get(root + "/mode/" + subject).statusCode(200).body("mode", equalTo("READONLY"));
        assertError(
                post(root + "/subjects/" + subject + "/versions", body(refused, null)),
                422,
                42205,
                "Subject " + subject + " is in read-only mode");
    }

    /** A register body with the id and version a migration gives. */
    private static String imported(String schema, long id, Integer version) {
        String body = body(schema, null);
        return body.substring(0, body.length() - 1) + ",\"id\":" + id
                + (version == null ? "" : ",\"version\":" + version) + "}";
    }

    @ParameterizedTest
    @ValueSource(strings = {"", "/apis/ccompat/v7"})
    void importMode_registersWithTheGivenIdsAndVersions_andOnlyThen(String root) {
        String subject = subject();
        String name = recordName();
        long first = register(root, subject, avro(name, false));
        assertError(
                post(root + "/subjects/" + subject + "/versions", imported(avro(name, true), first + 1, null)),
                422,
                42205,
                "Subject " + subject + " is not in import mode");
        assertError(
                put(root + "/mode/" + subject, "{\"mode\":\"IMPORT\"}"),
                422,
                42205,
                "Cannot import since found existing subjects");
        assertError(
                put(root + "/mode", "{\"mode\":\"IMPORT\"}"),
                422,
                42205,
                "Cannot import since found existing subjects");

        put(root + "/mode/" + subject + "?force=true", "{\"mode\":\"IMPORT\"}")
                .statusCode(200)
                .body("mode", equalTo("IMPORT"));

        assertError(
                post(root + "/subjects/" + subject + "/versions", body(avro(name, true), null)),
                422,
                42205,
                "Subject " + subject + " is not in read-write mode");
        long id = IMPORTED_IDS.getAndAdd(10);
        String evolved = avro(name, true);
        post(root + "/subjects/" + subject + "/versions", imported(evolved, id, 5))
                .statusCode(200)
                .body("id", isId(id));
        post(root + "/subjects/" + subject + "/versions", imported(evolved, id, 5))
                .statusCode(200)
                .body("id", isId(id));
        get(root + "/schemas/ids/" + id).statusCode(200).body("schema", equalTo(evolved));
        get(root + "/subjects/" + subject + "/versions/5").statusCode(200).body("id", isId(id));
        String other = "{\"type\":\"record\",\"name\":\"" + name + "\",\"fields\":[]}";
        assertError(
                post(root + "/subjects/" + subject + "/versions", imported(other, id, 7)),
                422,
                42205,
                "Overwrite new schema with id " + id + " is not permitted");
        assertError(
                post(root + "/subjects/" + subject + "/versions", imported(other, 1L << 31, null)),
                422,
                422,
                "between 1 and 2^31-1");
        assertError(
                post(root + "/subjects/" + subject + "/versions", imported(other, id + 1, 5)),
                422,
                42205,
                "Version 5 of artifact '" + subject + "' exists already");
        post(root + "/subjects/" + subject + "/versions", imported(other, id + 1, null))
                .statusCode(200)
                .body("id", isId(id + 1));
        get(root + "/subjects/" + subject + "/versions").statusCode(200).body("", contains(1, 5, 6));

        given().delete(root + "/mode/" + subject).then().statusCode(200).body("mode", equalTo("IMPORT"));
        assertThat(register(root, subject(), avro(recordName(), false))).isGreaterThan(id + 1);
    }
}
