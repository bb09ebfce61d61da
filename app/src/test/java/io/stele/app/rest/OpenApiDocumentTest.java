package io.stele.app.rest;

import static io.restassured.RestAssured.given;
import static org.assertj.core.api.Assertions.assertThat;

import io.quarkus.test.junit.QuarkusTest;
import io.restassured.path.json.JsonPath;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeSet;
import org.junit.jupiter.api.Test;

/** The registry's own OpenAPI document describes every operation of the v1 API. */
@QuarkusTest
class OpenApiDocumentTest {

    /** Every operation of Apicurio Registry's v1 API, as "METHOD path" under /api. */
    static final List<String> V1_OPERATIONS = List.of(
            "GET /artifacts",
            "POST /artifacts",
            "GET /artifacts/{artifactId}",
            "PUT /artifacts/{artifactId}",
            "DELETE /artifacts/{artifactId}",
            "PUT /artifacts/{artifactId}/state",
            "GET /artifacts/{artifactId}/meta",
            "PUT /artifacts/{artifactId}/meta",
            "POST /artifacts/{artifactId}/meta",
            "GET /artifacts/{artifactId}/versions",
            "POST /artifacts/{artifactId}/versions",
            "GET /artifacts/{artifactId}/versions/{version}",
            "PUT /artifacts/{artifactId}/versions/{version}/state",
            "GET /artifacts/{artifactId}/versions/{version}/meta",
            "PUT /artifacts/{artifactId}/versions/{version}/meta",
            "DELETE /artifacts/{artifactId}/versions/{version}/meta",
            "GET /artifacts/{artifactId}/rules",
            "POST /artifacts/{artifactId}/rules",
            "DELETE /artifacts/{artifactId}/rules",
            "GET /artifacts/{artifactId}/rules/{rule}",
            "PUT /artifacts/{artifactId}/rules/{rule}",
            "DELETE /artifacts/{artifactId}/rules/{rule}",
            "PUT /artifacts/{artifactId}/test",
            "GET /ids/{globalId}",
            "GET /ids/{globalId}/meta",
            "GET /rules",
            "POST /rules",
            "DELETE /rules",
            "GET /rules/{rule}",
            "PUT /rules/{rule}",
            "DELETE /rules/{rule}",
            "GET /search/artifacts",
            "GET /search/artifacts/{artifactId}/versions");

    /** Every operation of the Confluent-compatible API, as "METHOD path" below either of its roots. */
    static final List<String> CONFLUENT_OPERATIONS = List.of(
            "GET /",
            "GET /contexts",
            "GET /v1/metadata/id",
            "GET /schemas",
            "GET /schemas/types",
            "GET /schemas/ids/{id}",
            "GET /schemas/ids/{id}/schema",
            "GET /schemas/ids/{id}/subjects",
            "GET /schemas/ids/{id}/versions",
            "GET /subjects",
            "POST /subjects/{subject}",
            "DELETE /subjects/{subject}",
            "GET /subjects/{subject}/versions",
            "POST /subjects/{subject}/versions",
            "GET /subjects/{subject}/versions/{version}",
            "DELETE /subjects/{subject}/versions/{version}",
            "GET /subjects/{subject}/versions/{version}/schema",
            "GET /subjects/{subject}/versions/{version}/referencedby",
            "POST /compatibility/subjects/{subject}/versions",
            "POST /compatibility/subjects/{subject}/versions/{version}",
            "GET /config",
            "PUT /config",
            "DELETE /config",
            "GET /config/{subject}",
            "PUT /config/{subject}",
            "DELETE /config/{subject}",
            "GET /mode",
            "PUT /mode",
            "GET /mode/{subject}",
            "PUT /mode/{subject}",
            "DELETE /mode/{subject}");

    private static JsonPath document() {
        return given().queryParam("format", "json")
                .get("/q/openapi")
                .then()
                .statusCode(200)
                .extract()
                .jsonPath();
    }

    @Test
    @SuppressWarnings("unchecked")
    void openApiDocument_describesEveryConfluentOperation_atBothRoots_withItsAnswerAndErrors() {
        JsonPath document = document();
        Map<String, Map<String, Map<String, Object>>> paths = document.getMap("paths");
        for (String root : List.of("", "/apis/ccompat/v7")) {
            for (String operation : CONFLUENT_OPERATIONS) {
                String method = operation.substring(0, operation.indexOf(' ')).toLowerCase();
                String path = root + operation.substring(operation.indexOf(' ') + 1);
                String key = root.isEmpty() || !path.endsWith("/") ? path : path.substring(0, path.length() - 1);
                assertThat(paths).as(operation + " at '" + root + "'").containsKey(key);
                Map<String, Object> described = paths.get(key).get(method);
                assertThat(described).as(method + " " + key).isNotNull();
                Map<String, Map<String, Object>> responses =
                        (Map<String, Map<String, Object>>) described.get("responses");
                assertThat(responses.get("200"))
                        .as(method + " " + key + " answers 200 with content")
                        .containsKey("content");
                assertThat(responses).as(method + " " + key + " answers 503").containsKey("503");
            }
        }
    }

    @Test
    void openApiDocument_describesEveryV1Operation() {
        JsonPath document = document();
        Map<String, Map<String, Object>> paths = document.getMap("paths");
        Set<String> described = new TreeSet<>();
        paths.forEach((path, operations) -> operations
                .keySet()
                .forEach(method -> described.add(method.toUpperCase() + " " + path.replaceFirst("^/api", ""))));
        assertThat(described).containsAll(V1_OPERATIONS);
    }
}
