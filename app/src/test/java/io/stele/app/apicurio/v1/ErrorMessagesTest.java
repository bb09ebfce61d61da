package io.stele.app.apicurio.v1;

import static io.restassured.RestAssured.given;
import static org.assertj.core.api.Assertions.assertThat;

import io.quarkus.test.junit.QuarkusTest;
import io.restassured.response.Response;
import java.util.List;
import java.util.UUID;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

/**
 * Error messages say what is wrong in the user's terms: never a library's class name, an internal
 * flag, or a bare status line.
 */
@QuarkusTest
class ErrorMessagesTest {

    /** What no message may contain: Java class names, exception names and Jackson's notes. */
    static final List<String> INTERNALS =
            List.of("org.", "com.", "java.", "Exception", "StreamReadFeature", "[Source:", "HTTP 400", "HTTP 415");

    static void assertClean(Response response, int status, String fragment) {
        assertThat(response.statusCode()).as(response.asString()).isEqualTo(status);
        assertThat(response.jsonPath().getInt("error_code")).isEqualTo(status);
        String message = response.jsonPath().getString("message");
        assertThat(message).containsIgnoringCase(fragment);
        for (String internal : INTERNALS) {
            assertThat(message).as("the message names no internals").doesNotContain(internal);
        }
    }

    @ParameterizedTest(name = "{0}: {1}")
    @CsvSource(
            delimiter = '|',
            quoteCharacter = '`',
            value = {
                "AVRO     | `\"Nope\"`                                                                  | not defined",
                "AVRO     | `{\"type\":\"record\",\"name\":\"R\",\"fields\":[{\"name\":\"f\",\"type\":\"Missing\"}]}` | Missing",
                "AVRO     | `{not json`                                                                | line 1, column 2",
                "AVRO     | `{\"type\":\"record\",\"name\":\"R\"}`                                      | no fields",
                "AVRO     | `{\"type\":\"record\",\"name\":\"1R\",\"fields\":[]}`                        | 1R",
                "JSON     | `{\"type\": `                                                              | not JSON",
                "JSON     | `[1, 2]`                                                                   | object or a boolean",
                "PROTOBUF | `syntax = \"proto3\"; message A { int32 a = ; }`                           | line 1",
                "PROTOBUF | `message A {`                                                              | Invalid Protobuf",
                "GRAPHQL  | `type Query {`                                                             | Invalid GraphQL",
                "XML      | `<a><b></a>`                                                               | line 1",
                "XSD      | `<xs:schema xmlns:xs=\"http://www.w3.org/2001/XMLSchema\"><xs:element></xs:schema>` | Invalid XSD",
                "OPENAPI  | `{\"openapi\": `                                                           | Invalid",
                "ASYNCAPI | `asyncapi: [`                                                              | Invalid",
            })
    void invalidContent_isExplainedWithoutInternals(String type, String content, String fragment) {
        Response response = given().header("X-Registry-ArtifactId", "messages-" + UUID.randomUUID())
                .header("X-Registry-ArtifactType", type)
                .body(content)
                .post("/api/artifacts");
        assertClean(response, 400, fragment);
    }

    @ParameterizedTest(name = "{0}")
    @CsvSource(
            delimiter = '|',
            quoteCharacter = '`',
            value = {
                "`{not json`                 | not valid JSON",
                "`{\"type\":\"record\",`     | not valid JSON",
            })
    void undetectableContent_isExplainedWithoutInternals(String content, String fragment) {
        assertClean(given().body(content).post("/api/artifacts"), 400, fragment);
    }

    @ParameterizedTest(name = "{0} {1}")
    @CsvSource(
            delimiter = '|',
            quoteCharacter = '`',
            value = {
                "application/json | `not json`              | not valid JSON",
                "application/json | `{\"config\": 1,`       | not valid JSON",
                "application/json | `[]`                    | JSON object",
                "application/json | `{\"type\":\"SPEED\",\"config\":\"FULL\"}` | SPEED",
                "application/json | `{\"type\":0,\"config\":\"FULL\"}` | one of [VALIDITY, COMPATIBILITY]",
                "application/json | `{\"type\":\"VALIDITY\",\"config\":1}` | config",
            })
    void ruleBodyThatIsNoRule_saysWhatARuleLooksLike(String contentType, String body, String fragment) {
        assertClean(given().contentType(contentType).body(body).post("/api/rules"), 400, fragment);
    }

    @ParameterizedTest(name = "{0}")
    @CsvSource(
            delimiter = '|',
            quoteCharacter = '`',
            value = {
                "text/plain               | `FULL`",
                "application/xml          | `<rule><type>VALIDITY</type><config>FULL</config></rule>`",
            })
    void ruleBodyThatIsNotSentAsJson_answers415_sayingSo(String contentType, String body) {
        assertClean(given().contentType(contentType).body(body).post("/api/rules"), 415, "application/json");
    }

    @ParameterizedTest(name = "{0} {1}")
    @CsvSource(
            delimiter = '|',
            quoteCharacter = '`',
            value = {
                "application/json | `{\"state\": `          | not valid JSON",
                "application/json | `{\"state\": \"GONE\"}` | ENABLED",
            })
    void stateBodyThatIsNoState_saysWhatAStateLooksLike(String contentType, String body, String fragment) {
        String id = "messages-" + UUID.randomUUID();
        ArtifactsApiTest.create(id, ArtifactsApiTest.USER_V1).statusCode(200);
        assertClean(given().contentType(contentType).body(body).put("/api/artifacts/" + id + "/state"), 400, fragment);
    }
}
