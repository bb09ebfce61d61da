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

    @Test
    void openApiDocument_describesEveryV1Operation() {
        JsonPath document = given().queryParam("format", "json")
                .get("/q/openapi")
                .then()
                .statusCode(200)
                .extract()
                .jsonPath();
        Map<String, Map<String, Object>> paths = document.getMap("paths");
        Set<String> described = new TreeSet<>();
        paths.forEach((path, operations) -> operations
                .keySet()
                .forEach(method -> described.add(method.toUpperCase() + " " + path.replaceFirst("^/api", ""))));
        assertThat(described).containsAll(V1_OPERATIONS);
    }
}
