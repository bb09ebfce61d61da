package io.stele.app.apicurio.v3;

import static io.restassured.RestAssured.given;
import static org.assertj.core.api.Assertions.assertThat;

import io.quarkus.test.junit.QuarkusTest;
import io.restassured.RestAssured;
import io.restassured.http.ContentType;
import io.restassured.response.Response;
import io.restassured.specification.RequestSpecification;
import io.stele.app.testing.Metrics;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.time.Duration;
import java.util.Map;
import java.util.UUID;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * The registration a serializer with auto-register sends when its producer starts (v3 {@code
 * FIND_OR_CREATE_VERSION}, v2 {@code RETURN_OR_UPDATE}) is answered from memory once the same
 * request has found its version: with the resource's bytes, and never once its artifact has
 * changed, the registry is read-only, or the request differs in what the resource reads.
 */
@QuarkusTest
class RememberedRegistrationsTest {

    private static final String V3 = "/apis/registry/v3/groups/default/artifacts";
    private static final String V2 = "/apis/registry/v2/groups/default/artifacts";

    private static String schema(String artifactId) {
        return "{\"type\":\"record\",\"name\":\"Remembered\",\"doc\":\"" + artifactId + "\",\"fields\":[]}";
    }

    /** The registration each API's serializer sends for the artifact's schema. */
    private static Response register(String api, String artifactId, Map<String, String> headers) {
        String schema = schema(artifactId);
        RequestSpecification request = given().headers(headers);
        if (api.equals("v3")) {
            return request.contentType(ContentType.JSON)
                    .body("{\"artifactId\":\"" + artifactId + "\",\"artifactType\":\"AVRO\",\"firstVersion\":"
                            + "{\"content\":{\"content\":" + quoted(schema)
                            + ",\"contentType\":\"application/json\",\"references\":[]}}}")
                    .post(V3 + "?ifExists=FIND_OR_CREATE_VERSION&canonical=false");
        }
        return request.contentType(ContentType.JSON)
                .header("X-Registry-ArtifactId", artifactId)
                .header("X-Registry-ArtifactType", "AVRO")
                .body(schema)
                .post(V2 + "?ifExists=RETURN_OR_UPDATE&canonical=false");
    }

    private static Response register(String api, String artifactId) {
        return register(api, artifactId, Map.of());
    }

    private static String quoted(String text) {
        return "\"" + text.replace("\"", "\\\"") + "\"";
    }

    private static double fromMemory(String api) {
        given().get("/q/metrics").then().statusCode(200);
        return Metrics.value("stele_http_cached_answers_total{status=\"200\",uri=\"/apis/registry/" + api
                + "/groups/{groupId}/artifacts\"}");
    }

    /** A new artifact whose registration has been answered from memory once: its id. */
    private static String remembered(String api, String prefix) {
        String artifactId = prefix + UUID.randomUUID();
        register(api, artifactId); // created
        register(api, artifactId); // found by the resource
        double before = fromMemory(api);
        assertThat(version(api, register(api, artifactId))).isEqualTo(1);
        assertThat(fromMemory(api)).as("answers from memory").isEqualTo(before + 1);
        return artifactId;
    }

    private static String versions(String artifactId) {
        return given().get("/api/artifacts/" + artifactId + "/versions").asString();
    }

    private static void setMode(String mode) {
        given().contentType("application/vnd.schemaregistry.v1+json")
                .body("{\"mode\":\"" + mode + "\"}")
                .put("/mode?force=true")
                .then()
                .statusCode(200);
    }

    private static int version(String api, Response answer) {
        return Integer.parseInt(answer.jsonPath().getString(api.equals("v3") ? "version.version" : "version"));
    }

    @ParameterizedTest
    @ValueSource(strings = {"v3", "v2"})
    void aRegistrationThatFoundItsVersion_isAnsweredFromMemory_withTheResourcesBytes(String api) {
        String artifactId = "remembered-" + UUID.randomUUID();
        Response created = register(api, artifactId);
        Response found = register(api, artifactId);
        double before = fromMemory(api);

        Response again = register(api, artifactId);

        assertThat(created.statusCode()).as(created.asString()).isEqualTo(200);
        assertThat(found.statusCode()).as(found.asString()).isEqualTo(200);
        assertThat(fromMemory(api)).as("answers from memory").isEqualTo(before + 1);
        assertThat(again.statusCode()).isEqualTo(200);
        assertThat(again.asString()).isEqualTo(found.asString());
        assertThat(again.contentType()).isEqualTo(found.contentType());
        assertThat(version(api, again)).isEqualTo(1);
        assertThat(versions(artifactId)).isEqualTo("[1]");
    }

    @ParameterizedTest
    @ValueSource(strings = {"v3", "v2"})
    void aChangeOfTheArtifact_isNeverHiddenByARememberedAnswer(String api) {
        String artifactId = remembered(api, "remembered-change-");
        given().contentType(ContentType.JSON)
                .body("{\"state\":\"DISABLED\"}")
                .put("/api/artifacts/" + artifactId + "/versions/1/state")
                .then()
                .statusCode(204);
        double before = fromMemory(api);

        Response afterTheChange = register(api, artifactId);

        assertThat(fromMemory(api)).as("answered by the resource").isEqualTo(before);
        assertThat(afterTheChange.statusCode()).as(afterTheChange.asString()).isEqualTo(200);
        assertThat(version(api, afterTheChange))
                .as("a disabled version is found by no registration: a new one is made")
                .isEqualTo(2);
        assertThat(version(api, register(api, artifactId))).isEqualTo(2);
        assertThat(version(api, register(api, artifactId))).isEqualTo(2);
        assertThat(versions(artifactId)).isEqualTo("[1,2]");
    }

    @ParameterizedTest
    @ValueSource(strings = {"v3", "v2"})
    void aReadOnlyRegistry_answersFromTheResource_whichRefusesTheRegistration(String api) {
        String artifactId = remembered(api, "remembered-readonly-");
        double before = fromMemory(api);
        try {
            setMode("READONLY");

            Response refused = register(api, artifactId);

            assertThat(refused.statusCode()).as(refused.asString()).isEqualTo(409);
            assertThat(refused.asString()).contains("read-only mode");
            assertThat(fromMemory(api)).isEqualTo(before);
        } finally {
            setMode("READWRITE");
        }
        assertThat(register(api, artifactId).statusCode()).isEqualTo(200);
    }

    @ParameterizedTest
    @ValueSource(
            strings = {
                "multipart/form-data; boundary=x",
                "MULTIPART/mixed; boundary=x",
                "application/x-www-form-urlencoded"
            })
    void aFormSentToV2_isAnsweredByTheResource_whichTakesItsBytes(String contentType) throws Exception {
        HttpRequest form = HttpRequest.newBuilder(
                        URI.create(RestAssured.baseURI + ":" + RestAssured.port + V2 + "?ifExists=RETURN_OR_UPDATE"))
                .header("Content-Type", contentType)
                .header("X-Registry-ArtifactId", "remembered-form-" + UUID.randomUUID())
                .timeout(Duration.ofSeconds(10))
                .POST(HttpRequest.BodyPublishers.ofString("{\"type\":\"string\"}"))
                .build();

        HttpResponse<String> answer = HttpClient.newBuilder()
                .version(HttpClient.Version.HTTP_1_1)
                .build()
                .send(form, HttpResponse.BodyHandlers.ofString());

        assertThat(answer.statusCode())
                .as("answered within the deadline, not left waiting for its body: %s", answer.body())
                .isBetween(200, 499);
    }

    @ParameterizedTest
    @ValueSource(strings = {"v3", "v2"})
    void aRequestDifferingInWhatTheResourceReads_isNotTheRememberedOne(String api) {
        String artifactId = "remembered-other-" + UUID.randomUUID();
        register(api, artifactId);
        register(api, artifactId);
        double before = fromMemory(api);

        Response named = register(api, artifactId, Map.of("X-Registry-Name", "Another"));
        Response json = register(api, artifactId, Map.of("Accept", "text/plain"));
        Response dryRun = given().contentType(ContentType.JSON)
                .body("{\"artifactId\":\"" + artifactId + "\",\"firstVersion\":{\"content\":{\"content\":"
                        + quoted(schema(artifactId)) + "}}}")
                .post(V3 + "?ifExists=FIND_OR_CREATE_VERSION&dryRun=true");

        assertThat(fromMemory(api)).as("answered by the resource").isEqualTo(before);
        assertThat(named.statusCode()).as(named.asString()).isEqualTo(200);
        assertThat(json.statusCode())
                .as("the resource's answer to what it cannot write")
                .isEqualTo(406);
        assertThat(dryRun.statusCode()).as(dryRun.asString()).isEqualTo(200);
        assertThat(versions(artifactId)).isEqualTo("[1]");
    }
}
