package io.stele.app.ccompat;

import static io.restassured.RestAssured.given;
import static io.stele.app.ccompat.ConfluentApiTest.TYPE;
import static io.stele.app.ccompat.ConfluentApiTest.body;
import static io.stele.app.ccompat.ConfluentApiTest.id;
import static io.stele.app.ccompat.ConfluentApiTest.recordName;
import static io.stele.app.ccompat.ConfluentApiTest.subject;
import static io.stele.app.ccompat.ConfluentApiTest.versions;
import static org.assertj.core.api.Assertions.assertThat;
import static org.hamcrest.Matchers.equalTo;

import io.quarkus.test.junit.QuarkusTest;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * {@code normalize=true} registers and looks up a schema in its type's normal form, as Confluent
 * does: schemas that differ only in what normalizing orders (Protobuf options, imports and field
 * order; JSON key order and white space) are one schema with one id. Without it, each text that
 * Confluent tells apart is a version of its own.
 */
@QuarkusTest
class ConfluentNormalizeTest {

    private static final String OPTIONS_FIRST =
            """
            syntax = "proto3";
            package %s;
            option java_package = "io.example";
            option java_multiple_files = true;
            message Order {
              int64 id = 1 [deprecated = true, json_name = "orderId"];
              string note = 2;
            }
            """;

    private static final String OPTIONS_SWAPPED =
            """
            syntax = "proto3";
            package %s;
            option java_multiple_files = true;
            option java_package = "io.example";
            message Order {
              string note = 2;
              int64 id = 1 [json_name = "orderId", deprecated = true];
            }
            """;

    private static long register(String root, String subject, String schema, String type, boolean normalize) {
        return id(given().contentType(TYPE)
                .queryParam("normalize", normalize)
                .body(body(schema, type))
                .post(root + "/subjects/" + subject + "/versions")
                .then());
    }

    @ParameterizedTest
    @ValueSource(strings = {"", "/apis/ccompat/v7"})
    void protobufOptionsInAnotherOrder_areOneSchema_whenNormalized(String root) {
        String pkg = recordName().toLowerCase();
        String subject = subject();
        long id = register(root, subject, OPTIONS_FIRST.formatted(pkg), "PROTOBUF", true);
        assertThat(register(root, subject, OPTIONS_SWAPPED.formatted(pkg), "PROTOBUF", true))
                .isEqualTo(id);
        assertThat(register(root, subject(), OPTIONS_SWAPPED.formatted(pkg), "PROTOBUF", true))
                .as("the same normalized schema under another subject")
                .isEqualTo(id);
        assertThat(versions(root, subject)).containsExactly(1);
        String stored = given().get(root + "/schemas/ids/" + id)
                .then()
                .statusCode(200)
                .extract()
                .path("schema");
        assertThat(stored.indexOf("java_multiple_files"))
                .as("options sorted by name in the stored text:%n%s", stored)
                .isLessThan(stored.indexOf("java_package"));
        assertThat(stored.indexOf("id = 1")).as("fields by number").isLessThan(stored.indexOf("note = 2"));
        assertThat(id(given().contentType(TYPE)
                        .queryParam("normalize", true)
                        .body(body(OPTIONS_SWAPPED.formatted(pkg), "PROTOBUF"))
                        .post(root + "/subjects/" + subject)
                        .then()))
                .as("a normalized lookup finds it")
                .isEqualTo(id);
    }

    @ParameterizedTest
    @ValueSource(strings = {"", "/apis/ccompat/v7"})
    void protobufOptionsInAnotherOrder_areTwoVersions_whenNotNormalized(String root) {
        String pkg = recordName().toLowerCase();
        String subject = subject();
        long first = register(root, subject, OPTIONS_FIRST.formatted(pkg), "PROTOBUF", false);
        long second = register(root, subject, OPTIONS_SWAPPED.formatted(pkg), "PROTOBUF", false);
        assertThat(second).isNotEqualTo(first);
        assertThat(versions(root, subject)).containsExactly(1, 2);
    }

    @ParameterizedTest
    @ValueSource(strings = {"AVRO", "JSON"})
    void jsonWrittenAnotherWay_isOneSchema_acrossSubjects_whenNormalized(String type) {
        String name = recordName();
        String compact = type.equals("AVRO")
                ? "{\"type\":\"record\",\"name\":\"" + name + "\",\"fields\":[{\"name\":\"f\",\"type\":\"string\"}]}"
                : "{\"type\":\"object\",\"title\":\"" + name + "\",\"properties\":{\"f\":{\"type\":\"string\"}}}";
        String spread = type.equals("AVRO")
                ? "{ \"name\" : \"" + name + "\",\n  \"fields\" : [ { \"type\" : \"string\", \"name\" : \"f\" } ],"
                        + " \"type\" : \"record\" }"
                : "{ \"properties\" : { \"f\" : { \"type\" : \"string\" } },\n  \"title\" : \"" + name + "\","
                        + " \"type\" : \"object\" }";
        String schemaType = type.equals("AVRO") ? null : type;
        long id = register("", subject(), compact, schemaType, true);
        assertThat(register("", subject(), spread, schemaType, true)).isEqualTo(id);
    }

    /**
     * An invalid schema is refused as invalid when normalization is asked too, by a registration and
     * by a lookup alike, and nothing is written.
     */
    @ParameterizedTest
    @CsvSource({"'', AVRO", "/apis/ccompat/v7, AVRO", "'', PROTOBUF"})
    void anInvalidSchema_isRefusedWith42201_whenNormalized(String root, String type) {
        String subject = subject();
        String invalid = type.equals("AVRO")
                ? "{\"type\":\"record\",\"name\":\"" + recordName() + "\"}"
                : "syntax = \"proto3\";\nmessage Order {\n  Unknown.Type id = 1;\n}\n";
        for (String path : new String[] {"/subjects/" + subject + "/versions", "/subjects/" + subject}) {
            given().contentType(TYPE)
                    .queryParam("normalize", true)
                    .body(body(invalid, type.equals("AVRO") ? null : type))
                    .post(root + path)
                    .then()
                    .statusCode(422)
                    .body("error_code", equalTo(42201));
        }
        given().get(root + "/subjects/" + subject + "/versions").then().statusCode(404);
    }
}
