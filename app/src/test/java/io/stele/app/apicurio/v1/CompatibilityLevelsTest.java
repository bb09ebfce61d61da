package io.stele.app.apicurio.v1;

import static io.restassured.RestAssured.given;
import static io.stele.app.apicurio.v1.ArtifactsApiTest.newId;
import static org.assertj.core.api.Assertions.assertThat;

import io.quarkus.test.junit.QuarkusTest;
import io.restassured.http.ContentType;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.stream.Stream;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * Every compatibility level, for Avro, JSON Schema and Protobuf: a history of versions, then a
 * candidate that the level must accept and one it must refuse. Each case stores the history, sets
 * the level on the artifact, and adds the candidate through the API.
 */
@QuarkusTest
class CompatibilityLevelsTest {

    /** One case: the versions stored first, then the candidate, and whether the level accepts it. */
    record Case(String type, String level, List<String> history, String candidate, boolean accepted) {

        @Override
        public String toString() {
            return type + " " + level + (accepted ? " accepts" : " refuses") + " after " + history.size()
                    + " version(s)";
        }
    }

    private static String avro(String... fields) {
        return "{\"type\":\"record\",\"name\":\"R\",\"fields\":[" + String.join(",", fields) + "]}";
    }

    private static Case avroCase(String level, boolean accepted, String candidate, String... history) {
        return new Case("AVRO", level, Arrays.asList(history), candidate, accepted);
    }

    private static String json(String a, String... more) {
        return "{\"type\":\"object\",\"properties\":{\"a\":" + a + String.join("", more)
                + "},\"additionalProperties\":false}";
    }

    private static Case jsonCase(String level, boolean accepted, String candidate, String... history) {
        return new Case("JSON", level, Arrays.asList(history), candidate, accepted);
    }

    private static String proto(String... fields) {
        return "syntax = \"proto3\";\nmessage M {\n" + String.join("\n", fields) + "\n}\n";
    }

    private static Case protoCase(String level, boolean accepted, String candidate, String... history) {
        return new Case("PROTOBUF", level, Arrays.asList(history), candidate, accepted);
    }

    /** JSON Schema, with closed content models, as JSON Schema evolution needs. */
    static Stream<Case> jsonSchemaCases() {
        String s = "{\"type\":\"string\"}";
        String s10 = "{\"type\":\"string\",\"maxLength\":10}";
        String s5 = "{\"type\":\"string\",\"maxLength\":5}";
        String optionalB = ",\"b\":{\"type\":\"integer\"}";
        String requiredB =
                json(s, optionalB).replace("\"additionalProperties\"", "\"required\":[\"b\"],\"additionalProperties\"");
        return Stream.of(
                jsonCase("BACKWARD", true, json(s, optionalB), json(s)),
                jsonCase("BACKWARD", false, requiredB, json(s)),
                jsonCase("BACKWARD", true, json(s10), json(s), json(s10)),
                jsonCase("BACKWARD_TRANSITIVE", true, json(s), json(s), json(s10)),
                jsonCase("BACKWARD_TRANSITIVE", false, json(s10), json(s), json(s10)),
                jsonCase("FORWARD", true, json(s10), json(s)),
                jsonCase("FORWARD", false, json(s, optionalB), json(s)),
                jsonCase("FORWARD", true, json(s), json(s10), json(s)),
                jsonCase("FORWARD_TRANSITIVE", true, json(s5), json(s10), json(s)),
                jsonCase("FORWARD_TRANSITIVE", false, json(s), json(s10), json(s)),
                jsonCase(
                        "FULL",
                        true,
                        json(s).replace("{\"type\":\"object\"", "{\"description\":\"x\",\"type\":\"object\""),
                        json(s)),
                jsonCase("FULL", false, requiredB, json(s)),
                jsonCase("FULL", true, json(s10), json(s), json(s10)),
                jsonCase("FULL_TRANSITIVE", true, json(s), json(s), json(s)),
                jsonCase("FULL_TRANSITIVE", false, json(s10), json(s), json(s10)));
    }

    /** Protobuf: field numbers and wire types; the checks are the same in both directions. */
    static Stream<Case> protobufCases() {
        String a = "string a = 1;";
        String aInt = "int32 a = 1;";
        String x = "string x = 2;";
        String y = "int32 y = 2;";
        return Stream.of("BACKWARD", "FORWARD", "FULL")
                .flatMap(level -> Stream.of(
                        protoCase(level, true, proto(a, "int32 b = 3;"), proto(a)),
                        protoCase(level, false, proto(aInt), proto(a)),
                        protoCase(level, true, proto(a, y), proto(a, x), proto(a)),
                        protoCase(level + "_TRANSITIVE", true, proto(a, x), proto(a, x), proto(a)),
                        protoCase(level + "_TRANSITIVE", false, proto(a, y), proto(a, x), proto(a))));
    }

    static Stream<Case> cases() {
        return Stream.of(avroCases(), jsonSchemaCases(), protobufCases()).flatMap(c -> c);
    }

    static Stream<Case> avroCases() {
        String a = "{\"name\":\"a\",\"type\":\"int\"}";
        String aDefault = "{\"name\":\"a\",\"type\":\"int\",\"default\":0}";
        String aString = "{\"name\":\"a\",\"type\":\"string\",\"default\":\"\"}";
        String b = "{\"name\":\"b\",\"type\":\"string\"}";
        String bDefault = "{\"name\":\"b\",\"type\":\"string\",\"default\":\"\"}";
        List<Case> cases = new ArrayList<>(List.of(
                // BACKWARD: the new schema reads the latest version's data.
                avroCase("BACKWARD", true, avro(a, bDefault), avro(a)),
                avroCase("BACKWARD", false, avro(a, b), avro(a)),
                // BACKWARD_TRANSITIVE: ... and every earlier version's; the latest alone would pass.
                avroCase("BACKWARD", true, avro(aString), avro(a), avro()),
                avroCase("BACKWARD_TRANSITIVE", true, avro(aDefault), avro(a), avro()),
                avroCase("BACKWARD_TRANSITIVE", false, avro(aString), avro(a), avro()),
                // FORWARD: the latest version reads the new schema's data.
                avroCase("FORWARD", true, avro(a, b), avro(a)),
                avroCase("FORWARD", false, avro(), avro(a)),
                // FORWARD_TRANSITIVE: every version reads it.
                avroCase("FORWARD", true, avro(), avro(a), avro(aDefault)),
                avroCase("FORWARD_TRANSITIVE", true, avro(aDefault, b), avro(a), avro(aDefault)),
                avroCase("FORWARD_TRANSITIVE", false, avro(), avro(a), avro(aDefault)),
                // FULL: both ways with the latest.
                avroCase("FULL", true, avro(a, bDefault), avro(a)),
                avroCase("FULL", false, avro(a, b), avro(a)),
                // FULL_TRANSITIVE: both ways with every version.
                avroCase("FULL", true, avro(), avro(a), avro(aDefault)),
                avroCase("FULL_TRANSITIVE", true, avro(aDefault, bDefault), avro(a), avro(aDefault)),
                avroCase("FULL_TRANSITIVE", false, avro(), avro(a), avro(aDefault)),
                // NONE accepts anything that parses.
                avroCase("NONE", true, avro(b), avro(a))));
        return cases.stream();
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("cases")
    void level_acceptsCompatibleAndRefusesIncompatibleVersions(Case c) {
        String id = newId();
        for (String version : c.history()) {
            given().header("X-Registry-ArtifactId", id)
                    .header("X-Registry-ArtifactType", c.type())
                    .queryParam("ifExists", "UPDATE")
                    .body(version)
                    .post("/api/artifacts")
                    .then()
                    .statusCode(200);
        }
        given().contentType(ContentType.JSON)
                .body("{\"type\":\"COMPATIBILITY\",\"config\":\"" + c.level() + "\"}")
                .post("/api/artifacts/" + id + "/rules")
                .then()
                .statusCode(204);
        int status = given().header("X-Registry-ArtifactType", c.type())
                .body(c.candidate())
                .put("/api/artifacts/" + id)
                .then()
                .extract()
                .statusCode();
        assertThat(status).isEqualTo(c.accepted() ? 200 : 409);
        int versions = given().get("/api/artifacts/" + id + "/versions")
                .then()
                .extract()
                .jsonPath()
                .getList("$")
                .size();
        assertThat(versions).isEqualTo(c.history().size() + (c.accepted() ? 1 : 0));
    }
}
