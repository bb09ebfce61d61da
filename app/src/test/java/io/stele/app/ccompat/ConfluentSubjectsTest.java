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
import java.util.List;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * Listing and deleting subjects and versions in the Confluent-compatible API, softly and for good, as
 * Confluent Schema Registry answers them, and what the v1 API shows of soft-deleted versions. Runs on every backend through {@code RestSuites}.
 */
@QuarkusTest
public class ConfluentSubjectsTest {

    private static ValidatableResponse get(String path) {
        return given().get(path).then().log().ifValidationFails();
    }

    private static ValidatableResponse delete(String path) {
        return given().delete(path).then().log().ifValidationFails();
    }

    /** A subject with two compatible versions, answering their schema ids. */
    private static long[] twoVersions(String root, String subject) {
        String name = recordName();
        return new long[] {register(root, subject, avro(name, false)), register(root, subject, avro(name, true))};
    }

    @ParameterizedTest
    @ValueSource(strings = {"", "/apis/ccompat/v7"})
    void softDeletedVersion_isHiddenFromListingsAndLatest_butServedByIdAndWithDeleted(String root) {
        String subject = subject();
        long[] ids = twoVersions(root, subject);

        delete(root + "/subjects/" + subject + "/versions/latest")
                .statusCode(200)
                .body(equalTo("2"));

        get(root + "/subjects/" + subject + "/versions").statusCode(200).body("", contains(1));
        get(root + "/subjects/" + subject + "/versions?deleted=true")
                .statusCode(200)
                .body("", contains(1, 2));
        get(root + "/subjects/" + subject + "/versions?deletedOnly=true")
                .statusCode(200)
                .body("", contains(2));
        get(root + "/subjects/" + subject + "/versions/latest").statusCode(200).body("version", equalTo(1));
        assertError(get(root + "/subjects/" + subject + "/versions/2"), 404, 40402, "Version 2 not found");
        get(root + "/subjects/" + subject + "/versions/2?deleted=true")
                .statusCode(200)
                .body("id", isId(ids[1]));
        get(root + "/schemas/ids/" + ids[1]).statusCode(200);
        get(root + "/schemas/ids/" + ids[1] + "/versions").statusCode(200).body("subject", not(hasItem(subject)));
        get(root + "/schemas/ids/" + ids[1] + "/versions?deleted=true")
                .statusCode(200)
                .body("subject", hasItem(subject));
        get(root + "/schemas/ids/" + ids[1] + "/subjects?deleted=true")
                .statusCode(200)
                .body("", hasItem(subject));
        get("/api/artifacts/" + subject + "/versions/2/meta").statusCode(200).body("state", equalTo("DELETED"));
        get("/api/artifacts/" + subject + "/meta").statusCode(200).body("version", equalTo(1));
    }

    @ParameterizedTest
    @ValueSource(strings = {"", "/apis/ccompat/v7"})
    void lookup_skipsSoftDeletedVersions_unlessDeletedIsAsked(String root) {
        String subject = subject();
        String name = recordName();
        register(root, subject, avro(name, false));
        register(root, subject, avro(name, true));
        delete(root + "/subjects/" + subject + "/versions/1").statusCode(200);

        assertError(post(root + "/subjects/" + subject, body(avro(name, false), null)), 404, 40403, "Schema");
        post(root + "/subjects/" + subject + "?deleted=true", body(avro(name, false), null))
                .statusCode(200)
                .body("version", equalTo(1));
    }

    @ParameterizedTest
    @ValueSource(strings = {"", "/apis/ccompat/v7"})
    void registeringASoftDeletedSchemaAgain_addsAVersionWithTheSameId(String root) {
        String subject = subject();
        String name = recordName();
        register(root, subject, avro(name, false));
        long second = register(root, subject, avro(name, true));
        delete(root + "/subjects/" + subject + "/versions/2").statusCode(200);

        assertThat(register(root, subject, avro(name, true))).isEqualTo(second);
        get(root + "/subjects/" + subject + "/versions").statusCode(200).body("", contains(1, 3));
    }

    @ParameterizedTest
    @ValueSource(strings = {"", "/apis/ccompat/v7"})
    void softDeletedSubject_isGoneFromSubjects_untilRegisteredAgain_andNeedsSoftDeletionBeforePermanent(String root) {
        String subject = subject();
        twoVersions(root, subject);
        assertError(
                delete(root + "/subjects/" + subject + "?permanent=true"),
                404,
                40405,
                "was not deleted first before being permanently deleted");

        delete(root + "/subjects/" + subject).statusCode(200).body("", contains(1, 2));

        get(root + "/subjects?subjectPrefix=" + subject).statusCode(200).body("", equalTo(List.of()));
        get(root + "/subjects?deleted=true&subjectPrefix=" + subject)
                .statusCode(200)
                .body("", contains(subject));
        get(root + "/subjects?deletedOnly=true&subjectPrefix=" + subject)
                .statusCode(200)
                .body("", contains(subject));
        get(root + "/subjects?deleted_only=true&subjectPrefix=" + subject)
                .statusCode(200)
                .body("", contains(subject));
        assertError(get(root + "/subjects/" + subject + "/versions"), 404, 40401, "not found");
        assertError(get(root + "/subjects/" + subject + "/versions/latest"), 404, 40401, "not found");
        get(root + "/subjects/" + subject + "/versions?deleted=true")
                .statusCode(200)
                .body("", contains(1, 2));
        assertError(delete(root + "/subjects/" + subject), 404, 40404, "was soft deleted");

        delete(root + "/subjects/" + subject + "?permanent=true")
                .statusCode(200)
                .body("", contains(1, 2));
        assertError(get(root + "/subjects/" + subject + "/versions?deleted=true"), 404, 40401, "not found");
        get("/api/artifacts/" + subject + "/meta").statusCode(404);
    }

    @ParameterizedTest
    @ValueSource(strings = {"", "/apis/ccompat/v7"})
    void versions_areDeletedForGoodOnlyAfterSoftDeletion(String root) {
        String subject = subject();
        long[] ids = twoVersions(root, subject);
        assertError(
                delete(root + "/subjects/" + subject + "/versions/1?permanent=true"),
                404,
                40407,
                "Version 1 was not deleted first before being permanently deleted");
        delete(root + "/subjects/" + subject + "/versions/1").statusCode(200).body(equalTo("1"));
        assertError(delete(root + "/subjects/" + subject + "/versions/1"), 404, 40406, "Version 1 was soft deleted");

        delete(root + "/subjects/" + subject + "/versions/1?permanent=true")
                .statusCode(200)
                .body(equalTo("1"));

        assertError(get(root + "/subjects/" + subject + "/versions/1?deleted=true"), 404, 40402, "not found");
        get(root + "/subjects/" + subject + "/versions?deleted=true")
                .statusCode(200)
                .body("", contains(2));
        get(root + "/schemas/ids/" + ids[1]).statusCode(200);
        assertError(delete(root + "/subjects/" + subject + "/versions/7"), 404, 40402, "not found");
        assertError(delete(root + "/subjects/" + subject + "/versions/0"), 422, 42202, "not a valid version");
        assertError(delete(root + "/subjects/" + subject() + "/versions/1"), 404, 40401, "not found");
        assertError(delete(root + "/subjects/" + subject()), 404, 40401, "not found");
    }

    @ParameterizedTest
    @ValueSource(strings = {"", "/apis/ccompat/v7"})
    void compatibility_isCheckedAgainstVersionsNotSoftDeleted(String root) {
        String subject = subject();
        String name = recordName();
        register(root, subject, avro(name, true));
        delete(root + "/subjects/" + subject + "/versions/1").statusCode(200);

        // without the field's default this is not BACKWARD compatible with version 1: it no longer counts
        String incompatible = "{\"type\":\"record\",\"name\":\"" + name
                + "\",\"fields\":[{\"name\":\"id\",\"type\":\"long\"},{\"name\":\"other\",\"type\":\"int\"}]}";
        post(root + "/subjects/" + subject + "/versions", body(incompatible, null))
                .statusCode(200);
        get(root + "/subjects/" + subject + "/versions").statusCode(200).body("", contains(2));
    }

    @ParameterizedTest
    @ValueSource(strings = {"", "/apis/ccompat/v7"})
    void subjectsAndVersions_pageWithOffsetAndLimit(String root) {
        String prefix = subject();
        for (String suffix : List.of("-a", "-b", "-c")) {
            twoVersions(root, prefix + suffix);
        }
        get(root + "/subjects?subjectPrefix=" + prefix + "&offset=1&limit=1")
                .statusCode(200)
                .body("", contains(prefix + "-b"));
        get(root + "/subjects?subjectPrefix=" + prefix + "&offset=1&limit=-1")
                .statusCode(200)
                .body("", contains(prefix + "-b", prefix + "-c"));
        delete(root + "/subjects/" + prefix + "-b").statusCode(200);
        get(root + "/subjects?subjectPrefix=" + prefix + "&deletedOnly=true")
                .statusCode(200)
                .body("", contains(prefix + "-b"));
        get(root + "/subjects/" + prefix + "-a/versions?offset=1&limit=5")
                .statusCode(200)
                .body("", contains(2));
        assertError(get(root + "/subjects?limit=ten"), 422, 422, "limit must be a whole number");
    }

    @ParameterizedTest
    @ValueSource(strings = {"", "/apis/ccompat/v7"})
    void schemas_listsEveryVersionOfTheSubjects_asAskedFor(String root) {
        String prefix = subject();
        long[] a = twoVersions(root, prefix + "-a");
        long[] b = twoVersions(root, prefix + "-b");
        delete(root + "/subjects/" + prefix + "-b/versions/2").statusCode(200);

        get(root + "/schemas?subjectPrefix=" + prefix)
                .statusCode(200)
                .body("subject", contains(prefix + "-a", prefix + "-a", prefix + "-b"))
                .body("version", contains(1, 2, 1))
                .body("id", contains(isId(a[0]), isId(a[1]), isId(b[0])))
                .body("[0].schema", containsString("\"name\":\"id\""));
        get(root + "/schemas?subjectPrefix=" + prefix + "&deleted=true")
                .statusCode(200)
                .body("id", contains(isId(a[0]), isId(a[1]), isId(b[0]), isId(b[1])));
        get(root + "/schemas?subjectPrefix=" + prefix + "&latestOnly=true")
                .statusCode(200)
                .body("id", contains(isId(a[1]), isId(b[0])));
        get(root + "/schemas?subjectPrefix=" + prefix + "&offset=1&limit=1")
                .statusCode(200)
                .body("id", contains(isId(a[1])));
        get(root + "/schemas?subjectPrefix=nothing-" + prefix).statusCode(200).body("", equalTo(List.of()));
    }

    @ParameterizedTest
    @ValueSource(strings = {"", "/apis/ccompat/v7"})
    void referencedBy_isEmptyForAVersion_and404ForOneThatIsNot(String root) {
        String subject = subject();
        twoVersions(root, subject);
        get(root + "/subjects/" + subject + "/versions/1/referencedby")
                .statusCode(200)
                .body("", equalTo(List.of()));
        assertError(get(root + "/subjects/" + subject + "/versions/3/referencedby"), 404, 40402, "not found");
        assertError(get(root + "/subjects/" + subject() + "/versions/1/referencedby"), 404, 40401, "not found");
    }
}
