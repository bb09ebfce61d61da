package io.stele.app.ccompat;

import static io.restassured.RestAssured.given;
import static io.stele.app.ccompat.ConfluentApiTest.TYPE;
import static io.stele.app.ccompat.ConfluentApiTest.assertError;
import static io.stele.app.ccompat.ConfluentApiTest.body;
import static io.stele.app.ccompat.ConfluentApiTest.isId;
import static io.stele.app.ccompat.ConfluentApiTest.post;
import static io.stele.app.ccompat.ConfluentApiTest.recordName;
import static io.stele.app.ccompat.ConfluentApiTest.register;
import static io.stele.app.ccompat.ConfluentApiTest.subject;
import static io.stele.app.ccompat.ConfluentApiTest.versions;
import static org.assertj.core.api.Assertions.assertThat;
import static org.hamcrest.Matchers.contains;
import static org.hamcrest.Matchers.containsString;
import static org.hamcrest.Matchers.equalTo;
import static org.hamcrest.Matchers.not;
import static org.hamcrest.Matchers.nullValue;

import io.quarkus.arc.Arc;
import io.quarkus.test.junit.QuarkusTest;
import io.restassured.config.HttpClientConfig;
import io.restassured.config.RestAssuredConfig;
import io.restassured.response.ValidatableResponse;
import io.restassured.specification.RequestSpecification;
import io.stele.app.storage.StorageProvider;
import io.stele.storage.ArtifactType;
import io.stele.storage.Content;
import io.stele.storage.EditableMeta;
import io.stele.storage.VersionDraft;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.apache.avro.Schema;
import org.apache.avro.SchemaNormalization;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * Where a Confluent client can tell Stele from Confluent Schema Registry: what makes two schemas of
 * a subject the same, what an id names, and how requests at the edges are answered. Runs on every
 * backend through {@code RestSuites}.
 */
@QuarkusTest
public class ConfluentFidelityTest {

    /** A record with one string field, and optionally one more attribute on the field or the record. */
    private static String record(String name, String fieldExtra, String recordExtra) {
        return "{\"type\":\"record\",\"name\":\"" + name + "\"" + recordExtra + ",\"fields\":[{\"name\":\"f\","
                + "\"type\":\"string\"" + fieldExtra + "}]}";
    }

    @ParameterizedTest
    @ValueSource(strings = {"", "/apis/ccompat/v7"})
    void aChangedSchema_isANewVersion_evenWhenItsBinaryEncodingIsTheSame(String root) {
        String name = recordName();
        String subject = subject();
        List<String> changes = List.of(
                record(name, "", ""),
                record(name, ",\"default\":\"x\"", ""),
                record(name, ",\"default\":\"x\"", ",\"doc\":\"an order\""),
                record(name, ",\"default\":\"x\"", ",\"doc\":\"an order\",\"aliases\":[\"Old\"]"),
                record(
                        name,
                        ",\"default\":\"x\",\"logicalType\":\"uuid\"",
                        ",\"doc\":\"an order\",\"aliases\":[\"Old\"]"),
                record(
                        name,
                        ",\"default\":\"x\",\"logicalType\":\"uuid\"",
                        ",\"doc\":\"an order\",\"aliases\":[\"Old\"],\"owner\":\"team-a\""));
        List<Long> ids = new ArrayList<>();
        for (String schema : changes) {
            ids.add(register(root, subject, schema));
        }
        assertThat(ids).as("each change has an id of its own").doesNotHaveDuplicates();
        assertThat(versions(root, subject)).containsExactly(1, 2, 3, 4, 5, 6);
        for (int i = 0; i < changes.size(); i++) {
            assertThat(register(root, subject, changes.get(i)))
                    .as("registering version %d again", i + 1)
                    .isEqualTo(ids.get(i));
            post(root + "/subjects/" + subject, body(changes.get(i), null))
                    .statusCode(200)
                    .body("version", equalTo(i + 1))
                    .body("id", isId(ids.get(i)));
        }
        String reformatted = changes.get(1).replace(",", " ,  ").replace(":", " : ");
        assertThat(register(root, subject, reformatted))
                .as("whitespace is not a change")
                .isEqualTo(ids.get(1));
        assertThat(versions(root, subject)).containsExactly(1, 2, 3, 4, 5, 6);
    }

    @ParameterizedTest
    @ValueSource(strings = {"", "/apis/ccompat/v7"})
    void aVersionStoredUnderTheFormerCanonicalForm_isStillFound_andItsChangesAreNewVersions(String root) {
        String name = recordName();
        String subject = subject();
        String schema = record(name, "", ",\"doc\":\"kept before\"");
        String parsingForm = SchemaNormalization.toParsingForm(new Schema.Parser().parse(schema));
        // as a registry of the previous release stored it: its canonical hash is the Parsing Canonical Form's
        long id = Arc.container()
                .instance(StorageProvider.class)
                .get()
                .storage()
                .artifacts()
                .create(new VersionDraft(
                        subject,
                        ArtifactType.AVRO,
                        Content.of(schema),
                        EditableMeta.EMPTY,
                        "",
                        Content.of(parsingForm).sha256()))
                .contentId();

        assertThat(register(root, subject, schema)).as("the same schema again").isEqualTo(id);
        post(root + "/subjects/" + subject, body(schema, null)).statusCode(200).body("id", isId(id));
        long changed = register(root, subject, record(name, ",\"default\":\"x\"", ",\"doc\":\"kept before\""));
        assertThat(changed).as("a default added").isNotEqualTo(id);
        assertThat(versions(root, subject)).containsExactly(1, 2);
        assertThat(register(root, subject, schema)).as("the first again").isEqualTo(id);
        assertThat(versions(root, subject)).containsExactly(1, 2);
    }

    @ParameterizedTest
    @ValueSource(strings = {"", "/apis/ccompat/v7"})
    void theSameText_asTwoTypes_isTwoSchemasWithTwoIds(String root) {
        String text = "{\"type\":\"string\",\"description\":\"" + recordName() + "\"}";
        long avro = register(root, subject(), text);
        long json = post(root + "/subjects/" + subject() + "/versions", body(text, "JSON"))
                .statusCode(200)
                .extract()
                .jsonPath()
                .getLong("id");
        assertThat(json).isNotEqualTo(avro);
        given().get(root + "/schemas/ids/" + json)
                .then()
                .statusCode(200)
                .body("schemaType", equalTo("JSON"))
                .body("schema", equalTo(text));
        given().get(root + "/schemas/ids/" + avro).then().statusCode(200).body("schemaType", nullValue());
        given().get(root + "/schemas/ids/" + json + "/versions")
                .then()
                .statusCode(200)
                .body("version", contains(1));
    }

    /** A request that waits at most ten seconds for its answer, so that a hang fails the test. */
    private static RequestSpecification patiently() {
        return given().config(RestAssuredConfig.config()
                .httpClient(HttpClientConfig.httpClientConfig()
                        .setParam("http.socket.timeout", 10_000)
                        .setParam("http.connection.timeout", 10_000)));
    }

    @ParameterizedTest
    @ValueSource(strings = {"", "/apis/ccompat/v7"})
    void anEmptyBody_isAnsweredAtOnce_withTheMissingSchema(String root) {
        String subject = subject();
        register(root, subject, record(recordName(), "", ""));
        for (String path : List.of(
                "/subjects/" + subject,
                "/subjects/" + subject + "/versions",
                "/compatibility/subjects/" + subject + "/versions/latest",
                "/compatibility/subjects/" + subject + "/versions")) {
            for (String type : List.of(TYPE, "application/json", "application/octet-stream")) {
                assertError(
                        patiently()
                                .contentType(type)
                                .body(new byte[0])
                                .post(root + path)
                                .then(),
                        422,
                        422,
                        "The request has no body");
            }
        }
        assertThat(versions(root, subject)).containsExactly(1);
    }

    /** A request whose body is sent as {@code application/octet-stream}. */
    private static RequestSpecification octets(String body) {
        return given().contentType("application/octet-stream").body(body.getBytes(StandardCharsets.UTF_8));
    }

    @ParameterizedTest
    @ValueSource(strings = {"", "/apis/ccompat/v7"})
    void aBodySentAsOctetStream_isReadAsJson(String root) {
        String subject = subject();
        String schema = body(record(recordName(), "", ""), null);
        long id = ConfluentApiTest.id(
                octets(schema).post(root + "/subjects/" + subject + "/versions").then());
        octets(schema)
                .post(root + "/subjects/" + subject)
                .then()
                .statusCode(200)
                .body("id", isId(id));
        octets(schema)
                .post(root + "/compatibility/subjects/" + subject + "/versions/latest")
                .then()
                .statusCode(200)
                .body("is_compatible", equalTo(true));
        octets("{\"compatibility\":\"FULL\"}")
                .put(root + "/config/" + subject)
                .then()
                .statusCode(200)
                .body("compatibility", equalTo("FULL"));
        octets("{\"mode\":\"READONLY\"}")
                .put(root + "/mode/" + subject)
                .then()
                .statusCode(200)
                .body("mode", equalTo("READONLY"));
        assertError(
                octets("{\"schema\":")
                        .post(root + "/subjects/" + subject + "/versions")
                        .then(),
                400,
                400,
                "not valid JSON");
        assertThat(versions(root, subject)).containsExactly(1);
    }

    @ParameterizedTest
    @ValueSource(strings = {"", "/apis/ccompat/v7"})
    void aBodyWithoutASchema_isEmptySchema_42201_andALookupOfNoneFindsNothing(String root) {
        String subject = subject();
        register(root, subject, record(recordName(), "", ""));
        for (String body : List.of("{}", "{\"schemaType\":\"AVRO\"}", "{\"schema\":\"\"}", "{\"schema\":\" \\n \"}")) {
            assertError(post(root + "/subjects/" + subject + "/versions", body), 422, 42201, "Empty schema");
            assertError(
                    post(root + "/compatibility/subjects/" + subject + "/versions/latest", body),
                    422,
                    42201,
                    "Empty schema");
            assertError(post(root + "/subjects/" + subject, body), 404, 40403, "Schema not found");
            assertError(post(root + "/subjects/" + subject(), body), 404, 40401, "not found");
        }
        assertThat(versions(root, subject)).containsExactly(1);
    }

    @ParameterizedTest
    @ValueSource(strings = {"", "/apis/ccompat/v7"})
    void aLookupOfAnInvalidSchema_saysItIsInvalid_whetherOrNotTheSubjectExists(String root) {
        String subject = subject();
        register(root, subject, record(recordName(), "", ""));
        String invalid = body("{\"type\":\"bogus\"}", null);
        assertError(post(root + "/subjects/" + subject, invalid), 422, 42201, "Invalid Avro schema");
        assertError(post(root + "/subjects/" + subject(), invalid), 422, 42201, "Invalid Avro schema");
        assertError(
                post(root + "/subjects/" + subject(), body("syntax = \"proto3\"; message {", "PROTOBUF")),
                422,
                42201,
                "Invalid");
    }

    @ParameterizedTest
    @ValueSource(strings = {"", "/apis/ccompat/v7"})
    void aCompatibilityCheck_againstAVersionOfASubjectWithNone_isVersionNotFound(String root) {
        String missing = subject();
        String schema = body(record(recordName(), "", ""), null);
        assertError(
                post(root + "/compatibility/subjects/" + missing + "/versions/1", schema),
                404,
                40402,
                "Version 1 not found.");
        assertError(post(root + "/compatibility/subjects/" + missing + "/versions/0", schema), 422, 42202, "'0'");
        post(root + "/compatibility/subjects/" + missing + "/versions/latest", schema)
                .statusCode(200)
                .body("is_compatible", equalTo(true));
        post(root + "/compatibility/subjects/" + missing + "/versions", schema)
                .statusCode(200)
                .body("is_compatible", equalTo(true));
    }

    @ParameterizedTest
    @ValueSource(strings = {"", "/apis/ccompat/v7"})
    void answers_nameTheirMediaType_withoutACharset(String root) {
        String subject = subject();
        register(root, subject, record(recordName(), "", ""));
        Map<String, String> types = new LinkedHashMap<>();
        for (String path : List.of(
                "/subjects",
                "/subjects/" + subject + "/versions",
                "/subjects/" + subject + "/versions/1",
                "/schemas/types",
                "/config",
                "/mode",
                "/contexts")) {
            types.put(
                    path,
                    given().get(root + path).then().statusCode(200).extract().contentType());
        }
        assertThat(types).allSatisfy((path, type) -> assertThat(type).as(path).isEqualTo(TYPE));
    }

    @ParameterizedTest
    @ValueSource(strings = {"", "/apis/ccompat/v7"})
    void aSchemaRefusedByAValidityRule_isSaidInConfluentsWords(String root) {
        String subject = subject();
        register(root, subject, record(recordName(), "", ""));
        given().contentType("application/json")
                .body("{\"type\":\"VALIDITY\",\"config\":\"FULL\"}")
                .post("/api/artifacts/" + subject + "/rules")
                .then()
                .statusCode(204);
        String wrongDefault = "{\"type\":\"record\",\"name\":\"" + recordName()
                + "\",\"fields\":[{\"name\":\"n\",\"type\":\"int\",\"default\":\"x\"}]}";
        ValidatableResponse refused = post(root + "/subjects/" + subject + "/versions", body(wrongDefault, null));
        assertError(refused, 422, 42201, "Invalid Avro schema");
        refused.body("message", not(containsString("VALIDITY")));
    }

    /**
     * Confluent's verdicts on JSON Schema changes, one per kind of difference its diff names (the
     * original registered, the update checked against it, BACKWARD): {@code $S} stands for {@code
     * {"type":"string"}} and {@code $I} for {@code {"type":"integer"}}.
     */
    private static final String STRING = "{\"type\":\"string\"}";

    private static final String INTEGER = "{\"type\":\"integer\"}";

    @ParameterizedTest(name = "{0}")
    @org.junit.jupiter.params.provider.CsvSource(
            delimiter = '|',
            textBlock =
                    """
            SUM_TYPE_EXTENDED: a type to a oneOf that holds it | $S | {"oneOf":[$S,$I]} | true
            a one-element oneOf to its schema | {"oneOf":[$S]} | $S | true
            a schema to a one-element oneOf of it | $S | {"oneOf":[$S]} | true
            a schema to a one-element anyOf of another | $S | {"anyOf":[$I]} | false
            SUM_TYPE_NARROWED: a oneOf to one of its schemas | {"oneOf":[$S,$I]} | $S | false
            TYPE_CHANGED | $S | $I | false
            TYPE_EXTENDED: integer to number | $I | {"type":"number"} | true
            TYPE_NARROWED: number to integer | {"type":"number"} | $I | false
            MAX_LENGTH_INCREASED | {"type":"string","maxLength":5} | {"type":"string","maxLength":10} | true
            MAX_LENGTH_DECREASED | {"type":"string","maxLength":10} | {"type":"string","maxLength":5} | false
            MAX_LENGTH_ADDED | $S | {"type":"string","maxLength":5} | false
            MAX_LENGTH_REMOVED | {"type":"string","maxLength":5} | $S | true
            MIN_LENGTH_INCREASED | {"type":"string","minLength":1} | {"type":"string","minLength":2} | false
            MIN_LENGTH_DECREASED | {"type":"string","minLength":2} | {"type":"string","minLength":1} | true
            PATTERN_ADDED | $S | {"type":"string","pattern":"^a"} | false
            PATTERN_REMOVED | {"type":"string","pattern":"^a"} | $S | true
            PATTERN_CHANGED | {"type":"string","pattern":"^a"} | {"type":"string","pattern":"^b"} | false
            MAXIMUM_INCREASED | {"type":"number","maximum":10} | {"type":"number","maximum":20} | true
            MAXIMUM_DECREASED | {"type":"number","maximum":20} | {"type":"number","maximum":10} | false
            MINIMUM_ADDED | {"type":"number"} | {"type":"number","minimum":0} | false
            MINIMUM_DECREASED | {"type":"number","minimum":1} | {"type":"number","minimum":0} | true
            MULTIPLE_OF_ADDED | {"type":"number"} | {"type":"number","multipleOf":2} | false
            MULTIPLE_OF_REMOVED | {"type":"number","multipleOf":2} | {"type":"number"} | true
            MULTIPLE_OF_REDUCED | {"type":"number","multipleOf":4} | {"type":"number","multipleOf":2} | true
            MULTIPLE_OF_EXPANDED | {"type":"number","multipleOf":2} | {"type":"number","multipleOf":4} | false
            REQUIRED_ATTRIBUTE_ADDED | {"type":"object","properties":{"a":$S}} | {"type":"object","properties":{"a":$S},"required":["a"]} | false
            REQUIRED_ATTRIBUTE_REMOVED | {"type":"object","properties":{"a":$S},"required":["a"]} | {"type":"object","properties":{"a":$S}} | true
            MAX_PROPERTIES_ADDED | {"type":"object"} | {"type":"object","maxProperties":3} | false
            MIN_PROPERTIES_REMOVED | {"type":"object","minProperties":1} | {"type":"object"} | true
            ADDITIONAL_PROPERTIES_ADDED | {"type":"object","additionalProperties":false} | {"type":"object"} | true
            ADDITIONAL_PROPERTIES_REMOVED | {"type":"object"} | {"type":"object","additionalProperties":false} | false
            ADDITIONAL_PROPERTIES_NARROWED | {"type":"object"} | {"type":"object","additionalProperties":$S} | false
            PROPERTY_ADDED_TO_OPEN_CONTENT_MODEL | {"type":"object","properties":{}} | {"type":"object","properties":{"b":$S}} | false
            PROPERTY_WITH_EMPTY_SCHEMA_ADDED_TO_OPEN_CONTENT_MODEL | {"type":"object","properties":{}} | {"type":"object","properties":{"b":{}}} | true
            OPTIONAL_PROPERTY_ADDED_TO_UNOPEN_CONTENT_MODEL | {"type":"object","additionalProperties":false} | {"type":"object","properties":{"b":$S},"additionalProperties":false} | true
            REQUIRED_PROPERTY_ADDED_TO_UNOPEN_CONTENT_MODEL | {"type":"object","additionalProperties":false} | {"type":"object","properties":{"b":$S},"required":["b"],"additionalProperties":false} | false
            PROPERTY_REMOVED_FROM_OPEN_CONTENT_MODEL | {"type":"object","properties":{"a":$S}} | {"type":"object","properties":{}} | true
            PROPERTY_REMOVED_FROM_CLOSED_CONTENT_MODEL | {"type":"object","properties":{"a":$S}} | {"type":"object","properties":{},"additionalProperties":false} | false
            PROPERTY_REMOVED_IS_COVERED_BY_PARTIALLY_OPEN_CONTENT_MODEL | {"type":"object","properties":{"a":$S},"additionalProperties":$S} | {"type":"object","properties":{},"additionalProperties":$S} | true
            PROPERTY_REMOVED_NOT_COVERED_BY_PARTIALLY_OPEN_CONTENT_MODEL | {"type":"object","properties":{"a":$S},"additionalProperties":$I} | {"type":"object","properties":{},"additionalProperties":$I} | false
            ADDITIONAL_PROPERTIES_NARROWED beside PROPERTY_REMOVED_IS_COVERED | {"type":"object","properties":{"a":$S}} | {"type":"object","properties":{},"additionalProperties":$S} | false
            MAX_ITEMS_ADDED | {"type":"array"} | {"type":"array","maxItems":3} | false
            MIN_ITEMS_REMOVED | {"type":"array","minItems":1} | {"type":"array"} | true
            UNIQUE_ITEMS_ADDED | {"type":"array"} | {"type":"array","uniqueItems":true} | false
            UNIQUE_ITEMS_REMOVED | {"type":"array","uniqueItems":true} | {"type":"array"} | true
            ADDITIONAL_ITEMS_ADDED: false widened to a schema | {"type":"array","items":[$S],"additionalItems":false} | {"type":"array","items":[$S],"additionalItems":$S} | true
            ADDITIONAL_ITEMS_REMOVED: a schema to false | {"type":"array","items":[$S],"additionalItems":$S} | {"type":"array","items":[$S],"additionalItems":false} | false
            ITEM_ADDED_TO_CLOSED_CONTENT_MODEL | {"type":"array","items":[$S],"additionalItems":false} | {"type":"array","items":[$S,$I],"additionalItems":false} | true
            ITEM_REMOVED_FROM_CLOSED_CONTENT_MODEL | {"type":"array","items":[$S,$I]} | {"type":"array","items":[$S],"additionalItems":false} | false
            ENUM_ARRAY_EXTENDED | {"enum":["a"]} | {"enum":["a","b"]} | true
            ENUM_ARRAY_NARROWED | {"enum":["a","b"]} | {"enum":["a"]} | false
            NOT_TYPE_NARROWED: not {} to not true | {"not":{}} | {"not":true} | true
            not true to not {} | {"not":true} | {"not":{}} | true
            NOT_TYPE_NARROWED: what not matches grows less | {"not":$S} | {"not":{"type":"string","maxLength":5}} | true
            NOT_TYPE_EXTENDED | {"not":{"type":"string","maxLength":5}} | {"not":$S} | false
            any schema to the empty schema | $S | {} | true
            the empty schema to a type | {} | $S | false
            """)
    void jsonSchemaChanges_areJudgedAsConfluentJudgesThem(
            String difference, String original, String update, boolean compatible) {
        String subject = subject();
        String before = original.trim().replace("$S", STRING).replace("$I", INTEGER);
        String after = update.trim().replace("$S", STRING).replace("$I", INTEGER);
        post("/subjects/" + subject + "/versions", body(before, "JSON")).statusCode(200);
        post("/compatibility/subjects/" + subject + "/versions/latest?verbose=true", body(after, "JSON"))
                .statusCode(200)
                .body("is_compatible", equalTo(compatible));
    }
}
