package io.stele.app.ccompat;

import static io.restassured.RestAssured.given;
import static io.stele.app.ccompat.ConfluentApiTest.TYPE;
import static io.stele.app.ccompat.ConfluentApiTest.assertError;
import static io.stele.app.ccompat.ConfluentApiTest.avro;
import static io.stele.app.ccompat.ConfluentApiTest.body;
import static io.stele.app.ccompat.ConfluentApiTest.recordName;
import static io.stele.app.ccompat.ConfluentApiTest.register;
import static io.stele.app.ccompat.ConfluentApiTest.subject;
import static org.assertj.core.api.Assertions.assertThat;
import static org.hamcrest.Matchers.equalTo;

import io.quarkus.test.junit.QuarkusTest;
import io.restassured.response.ExtractableResponse;
import io.restassured.response.Response;
import io.restassured.specification.RequestSpecification;
import java.util.List;
import java.util.function.Function;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * The Confluent API's error answers as Confluent gives them: in the media type the request accepts,
 * as its other answers are, and in the user's words, never a library's.
 */
@QuarkusTest
class ConfluentErrorAnswersTest {

    /** Requests refused in four ways: an unknown subject, a malformed version, body and media type. */
    private static final List<Function<RequestSpecification, Response>> REFUSED = List.of(
            request -> request.get("/subjects/" + subject() + "/versions"),
            request -> request.get("/subjects/" + subject() + "/versions/x"),
            request -> request.contentType(TYPE).body("{\"schema\":").post("/subjects/" + subject() + "/versions"),
            request -> request.contentType("text/plain").body("x").post("/subjects/" + subject() + "/versions"));

    @ParameterizedTest
    @CsvSource(
            delimiter = '|',
            textBlock =
                    """
            ''                                                              | application/vnd.schemaregistry.v1+json
            */*                                                             | application/vnd.schemaregistry.v1+json
            application/json                                                | application/json
            application/vnd.schemaregistry+json                             | application/vnd.schemaregistry+json
            application/json, application/vnd.schemaregistry.v1+json;q=0.9  | application/json
            application/vnd.schemaregistry.v1+json, application/json;q=0.5  | application/vnd.schemaregistry.v1+json
            """)
    void errors_andAnswers_areInTheMediaTypeTheRequestAccepts(String accept, String expected) {
        for (Function<RequestSpecification, Response> refused : REFUSED) {
            RequestSpecification request = given();
            if (!accept.isEmpty()) {
                request.accept(accept);
            }
            ExtractableResponse<Response> answer = refused.apply(request).then().extract();
            assertThat(answer.statusCode()).as(answer.body().asString()).isBetween(400, 499);
            assertThat(answer.contentType()).as(answer.body().asString()).isEqualTo(expected);
            assertThat(answer.jsonPath().getInt("error_code")).isGreaterThanOrEqualTo(400);
        }
        String subject = subject();
        long id = register("", subject, avro(recordName(), false));
        for (String path : List.of("/subjects/" + subject + "/versions/latest", "/schemas/ids/" + id, "/subjects")) {
            RequestSpecification request = given();
            if (!accept.isEmpty()) {
                request.accept(accept);
            }
            assertThat(request.get(path).then().statusCode(200).extract().contentType())
                    .as(path)
                    .isEqualTo(expected);
        }
    }

    @ParameterizedTest
    @ValueSource(strings = {"/subjects", "/schemas/types", "/api/artifacts"})
    void anAcceptHeaderNamingNothingServed_isRefusedInTheUsersWords(String path) {
        assertError(given().accept("text/csv").get(path).then(), 406, 406, "Accept header")
                .body("message", org.hamcrest.Matchers.not(org.hamcrest.Matchers.containsString("@Produces")));
    }

    @ParameterizedTest
    @CsvSource(
            delimiter = '|',
            quoteCharacter = '`',
            textBlock =
                    """
            {"schema":"\u0000"}   | a control character (U+0000) inside a string
            {"schema":\u0001""}   | a control character (U+0001) between values
            {"schema":            | the JSON ends too soon, inside an object
            {"schema":{}}         | 'schema' must be a string
            {"schema" "x"}        | unexpected '"' where ':' should be
            """)
    void aMalformedBody_isSaidInTheUsersWords(String sent, String said) {
        String answer = given().contentType(TYPE)
                .body(sent)
                .post("/subjects/" + subject() + "/versions")
                .then()
                .statusCode(400)
                .body("error_code", equalTo(400))
                .extract()
                .jsonPath()
                .getString("message");
        assertThat(answer).contains(said).doesNotContain("CTRL-CHAR", "end-of-input", "java.", "Source:");
    }

    @Test
    void aMalformedSchema_isSaidInTheUsersWords() {
        assertError(
                given().contentType(TYPE)
                        .body(body("{\"type\":\"record\",}", null))
                        .post("/subjects/" + subject() + "/versions")
                        .then(),
                422,
                42201,
                "unexpected '}' where a field name in double quotes should be");
    }

    @Test
    void aSchemaType_isNamedAsConfluentNamesIt() {
        assertError(
                given().contentType(TYPE)
                        .body(body("{\"type\":\"string\"}", "avro"))
                        .post("/subjects/" + subject() + "/versions")
                        .then(),
                422,
                42201,
                "Invalid schema type avro");
    }
}
