package io.stele.app.ccompat;

import static io.restassured.RestAssured.given;
import static io.stele.app.ccompat.ConfluentApiTest.avro;
import static io.stele.app.ccompat.ConfluentApiTest.isId;
import static io.stele.app.ccompat.ConfluentApiTest.recordName;
import static io.stele.app.ccompat.ConfluentApiTest.register;
import static io.stele.app.ccompat.ConfluentApiTest.subject;
import static org.assertj.core.api.Assertions.assertThat;
import static org.hamcrest.Matchers.equalTo;

import io.quarkus.test.common.http.TestHTTPResource;
import io.quarkus.test.junit.QuarkusTest;
import io.stele.app.testing.Metrics;
import java.io.ByteArrayInputStream;
import java.net.URI;
import java.net.URL;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * The serializers' hot paths answered from memory on the event loop: the same bytes as the JAX-RS
 * answer, counted rather than timed, and never a stale latest version on the node that wrote.
 */
@QuarkusTest
class ConfluentHotPathTest {

    @TestHTTPResource
    URL url;

    private static final String BY_ID = "stele_http_cached_answers_total{status=\"200\",uri=\"/schemas/ids/{id}\"}";
    private static final String LATEST =
            "stele_http_cached_answers_total{status=\"200\",uri=\"/subjects/{subject}/versions/latest\"}";

    private static final String LOOKUP = "stele_http_cached_answers_total{status=\"200\",uri=\"/subjects/{subject}\"}";

    @ParameterizedTest
    @ValueSource(strings = {"", "/apis/ccompat/v7"})
    void schemaById_isAnsweredFromMemory_afterItsFirstRead_withTheSameBytes(String root) {
        long id = register(root, subject(), avro(recordName(), false));
        String first = given().get(root + "/schemas/ids/" + id)
                .then()
                .statusCode(200)
                .extract()
                .asString();
        double before = Metrics.value(BY_ID);
        String second = given().get(root + "/schemas/ids/" + id + "?subject=any-value")
                .then()
                .statusCode(200)
                .contentType("application/vnd.schemaregistry.v1+json")
                .extract()
                .asString();
        assertThat(second).isEqualTo(first);
        assertThat(Metrics.value(BY_ID)).as("answered from memory").isEqualTo(before + 1);

        given().get(root + "/schemas/ids/" + id + "?format=serialized").then().statusCode(200);
        assertThat(Metrics.value(BY_ID)).as("a format goes to the resource").isEqualTo(before + 1);
    }

    @ParameterizedTest
    @ValueSource(strings = {"", "/apis/ccompat/v7"})
    void latest_isAnsweredFromMemory_andIsTheNewVersionRightAfterEachRegistration(String root) {
        String subject = subject();
        String name = recordName();
        long v1 = register(root, subject, avro(name, false));
        given().get(root + "/subjects/" + subject + "/versions/latest").then().statusCode(200);
        double before = Metrics.value(LATEST);
        given().get(root + "/subjects/" + subject + "/versions/latest")
                .then()
                .statusCode(200)
                .body("version", equalTo(1))
                .body("id", isId(v1));
        assertThat(Metrics.value(LATEST)).as("answered from memory").isGreaterThan(before);

        long v2 = register(root, subject, avro(name, true));
        given().get(root + "/subjects/" + subject + "/versions/latest")
                .then()
                .statusCode(200)
                .body("version", equalTo(2))
                .body("id", isId(v2))
                .body("schema", equalTo(avro(name, true)));
    }

    @ParameterizedTest
    @ValueSource(strings = {"", "/apis/ccompat/v7"})
    void lookup_ofTheSameTextAgain_findsTheSameVersion_butNotOnceItIsDisabled(String root) {
        String subject = subject();
        String schema = avro(recordName(), false);
        long id = register(root, subject, schema);
        for (int i = 0; i < 2; i++) {
            ConfluentApiTest.post(root + "/subjects/" + subject, ConfluentApiTest.body(schema, null))
                    .statusCode(200)
                    .body("version", equalTo(1))
                    .body("id", isId(id));
        }
        given().contentType("application/json")
                .body("{\"state\":\"DISABLED\"}")
                .put("/api/artifacts/" + subject + "/versions/1/state")
                .then()
                .statusCode(204);
        ConfluentApiTest.post(root + "/subjects/" + subject, ConfluentApiTest.body(schema, null))
                .statusCode(404)
                .body("error_code", equalTo(40403));
    }

    /**
     * A lookup is remembered with the schema type it asked for: the same text of another type is
     * another schema, which the subject does not have, however often the first was looked up. The
     * same question in other bytes (spacing, field order, the type named) finds the same version.
     */
    @ParameterizedTest
    @ValueSource(strings = {"", "/apis/ccompat/v7"})
    void lookup_rememberedForOneSchemaType_doesNotAnswerForAnother(String root) {
        String subject = subject();
        String schema = "{\"type\":\"string\"}";
        long id = register(root, subject, schema);
        String path = root + "/subjects/" + subject;
        String[] sameQuestion = {
            ConfluentApiTest.body(schema, null),
            ConfluentApiTest.body(schema, "AVRO"),
            "{ \"schemaType\" : \"AVRO\",\n  \"schema\" : \"{\\\"type\\\": \\\"string\\\"}\" }"
        };
        for (int i = 0; i < 3; i++) { // found, then remembered by its text, then by its bytes
            for (String body : sameQuestion) {
                ConfluentApiTest.post(path, body).statusCode(200).body("id", isId(id));
            }
        }
        for (int i = 0; i < 3; i++) {
            ConfluentApiTest.post(path, ConfluentApiTest.body(schema, "JSON"))
                    .statusCode(404)
                    .body("error_code", equalTo(40403));
        }
    }

    /**
     * A remembered lookup sent as a type the operation does not read is answered as the resource
     * answers it the first time, not from memory.
     */
    @ParameterizedTest
    @ValueSource(strings = {"", "/apis/ccompat/v7"})
    void lookup_ofATypeTheOperationDoesNotRead_isAnsweredAsTheResourceAnswersIt(String root) {
        String subject = subject();
        String schema = avro(recordName(), false);
        register(root, subject, schema);
        String path = root + "/subjects/" + subject;
        String body = ConfluentApiTest.body(schema, null);
        int refused = given().contentType("text/plain")
                .body(body)
                .post(path)
                .then()
                .extract()
                .statusCode();
        assertThat(refused).as("a body of a type the operation does not read").isEqualTo(415);
        for (int i = 0; i < 3; i++) { // found, then remembered by its text, then by its bytes
            ConfluentApiTest.post(path, body).statusCode(200);
        }
        given().contentType("text/plain").body(body).post(path).then().statusCode(refused);
    }

    /** A short text is remembered whole, a long one (a 5,000-character doc) by its digest. */
    @ParameterizedTest
    @CsvSource({"'', 0", "/apis/ccompat/v7, 0", "'', 5000"})
    void lookup_ofTheSameTextAgain_reachesNoBackend_untilItsVersionIsSoftDeleted(String root, int docLength) {
        String subject = subject();
        String schema = docLength == 0 ? avro(recordName(), false) : schemaWithDoc(docLength);
        long id = register(root, subject, schema);
        for (int i = 0; i < 2; i++) { // found, then kept with its version
            ConfluentApiTest.post(root + "/subjects/" + subject, ConfluentApiTest.body(schema, null))
                    .statusCode(200);
        }
        // the counts the metrics refresh in the background every 30 s are left out
        double calls = Metrics.sum("stele_storage_operation_seconds_count", "operation=\"count_");
        double fromMemory = Metrics.value(LOOKUP);
        for (int i = 0; i < 3; i++) {
            ConfluentApiTest.post(root + "/subjects/" + subject, ConfluentApiTest.body(schema, null))
                    .statusCode(200)
                    .body("subject", equalTo(subject))
                    .body("id", isId(id));
        }
        assertThat(Metrics.sum("stele_storage_operation_seconds_count", "operation=\"count_"))
                .as("calls to the backend")
                .isEqualTo(calls);
        assertThat(Metrics.value(LOOKUP)).as("answered on the event loop").isEqualTo(fromMemory + 3);

        given().delete(root + "/subjects/" + subject + "/versions/1").then().statusCode(200);
        ConfluentApiTest.post(root + "/subjects/" + subject, ConfluentApiTest.body(schema, null))
                .statusCode(404)
                .body("error_code", equalTo(40401));
    }

    @ParameterizedTest
    @ValueSource(strings = {"", "/apis/ccompat/v7"})
    void aBodyPastTheLimit_isRefusedWith413InConfluentsShape_whetherItsLengthIsDeclaredOrNot(String root) {
        String subject = subject();
        String large = schemaWithDoc(300 * 1024); // past what the lookup route reads, within the limit
        long id = register(root, subject, large);
        ConfluentApiTest.post(root + "/subjects/" + subject, ConfluentApiTest.body(large, null))
                .statusCode(200)
                .body("id", isId(id));

        String tooLarge = ConfluentApiTest.body(schemaWithDoc(1100 * 1024), null); // over stele.api.max-content-size
        for (String path : new String[] {"/subjects/" + subject, "/subjects/" + subject + "/versions"}) {
            ConfluentApiTest.assertError(ConfluentApiTest.post(root + path, tooLarge), 413, 413, "at most");
            ConfluentApiTest.assertError(
                    given().contentType(ConfluentApiTest.TYPE)
                            .body(new ByteArrayInputStream(tooLarge.getBytes(StandardCharsets.UTF_8))) // chunked
                            .post(root + path)
                            .then(),
                    413,
                    413,
                    "at most");
        }
        given().get(root + "/subjects/" + subject + "/versions")
                .then()
                .statusCode(200)
                .body("size()", equalTo(1));
    }

    /**
     * A lookup sent over HTTP/2 (Java's own HTTP client upgrades to it) once answered 500 whenever
     * it went on to the resource: the route had read the whole body, and the resource may not pause
     * an HTTP/2 request that has ended.
     */
    @ParameterizedTest
    @ValueSource(strings = {"", "/apis/ccompat/v7"})
    void lookup_overHttp2_answersAsOverHttp11(String root) throws Exception {
        String subject = subject();
        String schema = avro(recordName(), false);
        long id = register(root, subject, schema);
        HttpClient http2 =
                HttpClient.newBuilder().version(HttpClient.Version.HTTP_2).build();
        for (int i = 0; i < 2; i++) { // the resource answers the first, memory the second
            HttpResponse<String> found = http2.send(
                    lookup(root + "/subjects/" + subject, ConfluentApiTest.body(schema, null)),
                    HttpResponse.BodyHandlers.ofString());
            assertThat(found.statusCode()).as(found.body()).isEqualTo(200);
            assertThat(found.body()).contains("\"id\":" + id);
        }
        HttpResponse<String> noSchema =
                http2.send(lookup(root + "/subjects/" + subject, "{}"), HttpResponse.BodyHandlers.ofString());
        assertThat(noSchema.statusCode()).as(noSchema.body()).isEqualTo(404); // no schema: nothing holds it
        assertThat(noSchema.body()).contains("40403");
    }

    private HttpRequest lookup(String path, String body) {
        return HttpRequest.newBuilder(URI.create(url.toString().replaceAll("/$", "") + path))
                .timeout(Duration.ofSeconds(30))
                .header("Content-Type", ConfluentApiTest.TYPE)
                .POST(HttpRequest.BodyPublishers.ofString(body))
                .build();
    }

    private static String schemaWithDoc(int docLength) {
        return "{\"type\":\"record\",\"name\":\"" + recordName() + "\",\"doc\":\"" + "d".repeat(docLength)
                + "\",\"fields\":[{\"name\":\"id\",\"type\":\"long\"}]}";
    }
}
