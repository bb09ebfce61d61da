package io.stele.app.apicurio.v1;

import static io.restassured.RestAssured.given;
import static org.assertj.core.api.Assertions.assertThat;

import io.quarkus.test.junit.QuarkusTest;
import io.restassured.path.json.JsonPath;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeSet;
import java.util.regex.Pattern;
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
            "GET /v1/metadata/version",
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

    /**
     * What the document allows of a Confluent path's version, a subject, a schema type, a level and
     * a mode is what the server takes: each sample matches the document exactly when the server does
     * not refuse it with 422.
     */
    @Test
    @SuppressWarnings("unchecked")
    void openApiDocument_constrainsTheConfluentApi_asTheServerDoes() {
        JsonPath document = document();
        Map<String, Object> versionSchema = parameter(document, "/subjects/{subject}/versions/{version}", "version");
        Pattern version = Pattern.compile((String) versionSchema.get("pattern"));
        for (String sample : List.of("1", "17", "1999999999", "latest", "LATEST", "-1", "0", "-2", "01x", "v1")) {
            int status = given().get("/subjects/no-such-subject/versions/{v}", sample)
                    .statusCode();
            assertThat(version.matcher(sample).matches())
                    .as("version '%s' answered %d", sample, status)
                    .isEqualTo(status != 422);
        }
        Map<String, Object> subjectSchema = parameter(document, "/subjects/{subject}/versions", "subject");
        Pattern subject = Pattern.compile((String) subjectSchema.get("pattern"));
        for (String sample : List.of("orders-value", "ünï", "tab\tin", "bell\u0007", "c1\u0085")) {
            int status = given().get("/mode/{s}", sample).statusCode();
            assertThat(subject.matcher(sample).matches())
                    .as("subject '%s' answered %d", sample, status)
                    .isEqualTo(status != 422);
        }
        Map<String, Map<String, Object>> schemas = document.getMap("components.schemas");
        List<Object> types = (List<Object>) ((Map<String, Object>)
                        ((Map<String, Object>) schemas.get("SchemaRequest").get("properties")).get("schemaType"))
                .get("enum");
        for (String sample : List.of("AVRO", "JSON", "PROTOBUF", "avro", "Json", "XML")) {
            int status = given().contentType("application/vnd.schemaregistry.v1+json")
                    .body(Map.of(
                            "schema",
                            sample.equals("PROTOBUF") ? PROTO : "{\"type\":\"string\"}",
                            "schemaType",
                            sample))
                    .post("/compatibility/subjects/no-such-subject/versions")
                    .statusCode();
            assertThat(types.contains(sample))
                    .as("schemaType %s answered %d", sample, status)
                    .isEqualTo(status != 422);
        }
        assertThat(schemas.get("ConfigUpdate").get("required")).isEqualTo(List.of("compatibility"));
        assertThat(schemas.get("ModeBody").get("required")).isEqualTo(List.of("mode"));
        assertThat(given().contentType("application/json")
                        .body("{}")
                        .put("/config")
                        .statusCode())
                .isEqualTo(422);
        assertThat(given().contentType("application/json")
                        .body("{}")
                        .put("/mode")
                        .statusCode())
                .isEqualTo(422);
        assertThat(parameter(document, "/subjects", "offset").get("type")).isEqualTo("integer");
        assertThat(parameter(document, "/subjects", "limit").get("type")).isEqualTo("integer");
        assertThat(given().get("/subjects?limit=ten").statusCode()).isEqualTo(422);
    }

    private static final String PROTO = "syntax = \"proto3\"; message M { string f = 1; }";

    @SuppressWarnings("unchecked")
    private static Map<String, Object> parameter(JsonPath document, String path, String name) {
        Map<String, Map<String, Object>> item = document.getMap("paths.'" + path + "'");
        return item.values().stream()
                .flatMap(operation ->
                        ((List<Map<String, Object>>) operation.getOrDefault("parameters", List.of())).stream())
                .filter(p -> name.equals(p.get("name")))
                .map(p -> (Map<String, Object>) p.get("schema"))
                .findFirst()
                .orElseThrow(() -> new AssertionError(path + " has no parameter " + name));
    }
}
