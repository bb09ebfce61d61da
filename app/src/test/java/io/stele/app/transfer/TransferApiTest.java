package io.stele.app.transfer;

import static io.restassured.RestAssured.given;
import static org.assertj.core.api.Assertions.assertThat;
import static org.hamcrest.Matchers.containsString;
import static org.hamcrest.Matchers.equalTo;
import static org.hamcrest.Matchers.not;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ObjectNode;
import io.quarkus.test.junit.QuarkusTest;
import io.restassured.http.ContentType;
import io.restassured.response.ValidatableResponse;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;
import java.util.Set;
import java.util.UUID;
import org.junit.jupiter.api.Test;

/** Export and import through the API: a round trip keeps every id, and failures say what was stored. */
@QuarkusTest
class TransferApiTest {

    private static final ObjectMapper JSON = new ObjectMapper();
    private static final String HEADER = "{\"kind\":\"stele-export\",\"format\":1}";

    private static String schema(String name, int fields) {
        StringBuilder s = new StringBuilder("{\"type\":\"record\",\"name\":\"" + name + "\",\"fields\":[");
        for (int i = 0; i < fields; i++) {
            s.append(i == 0 ? "" : ",").append("{\"name\":\"f").append(i).append("\",\"type\":\"string\",\"default\":\"\"}");
        }
        return s.append("]}").toString();
    }

    private static String newId() {
        return "transfer-" + UUID.randomUUID();
    }

    /** The export's lines that belong to these artifacts, after the header. */
    private static List<String> exportOf(Set<String> ids) throws Exception {
        String body = given().get("/api/admin/export").then().statusCode(200)
                .contentType("application/x-ndjson").extract().asString();
        List<String> lines = new ArrayList<>();
        String current = null;
        String[] all = body.split("\n");
        assertThat(JSON.readTree(all[0])).isEqualTo(JSON.readTree(HEADER));
        for (String line : all) {
            JsonNode node = JSON.readTree(line);
            String kind = node.path("kind").asText();
            if (kind.equals("artifact")) {
                current = node.path("artifactId").asText();
            }
            if (current != null && ids.contains(current) && !kind.equals("stele-export")) {
                lines.add(line);
            }
        }
        return lines;
    }

    private static ValidatableResponse importLines(List<String> lines) {
        return post(HEADER + "\n" + String.join("\n", lines) + "\n");
    }

    private static ValidatableResponse post(String body) {
        return given().contentType("application/x-ndjson").body(body.getBytes(StandardCharsets.UTF_8))
                .post("/api/admin/import").then();
    }

    @Test
    void exportThenImport_restoresArtifactsWithTheirIdsStatesMetadataAndRules() throws Exception {
        String id = newId();
        given().header("X-Registry-ArtifactId", id).body(schema("A", 1)).post("/api/artifacts").then().statusCode(200);
        long v2 = given().body(schema("A", 2)).put("/api/artifacts/" + id).then().statusCode(200)
                .extract().jsonPath().getLong("globalId");
        given().contentType(ContentType.JSON).body("{\"state\":\"DEPRECATED\"}")
                .put("/api/artifacts/" + id + "/versions/2/state").then().statusCode(204);
        given().contentType(ContentType.JSON).body("{\"type\":\"COMPATIBILITY\",\"config\":\"BACKWARD\"}")
                .post("/api/artifacts/" + id + "/rules").then().statusCode(204);
        String metaBefore = given().get("/api/ids/" + v2 + "/meta").then().statusCode(200).extract().asString();
        List<String> lines = exportOf(Set.of(id));

        given().delete("/api/artifacts/" + id).then().statusCode(204);
        importLines(lines).statusCode(200)
                .body("artifacts", equalTo(1)).body("versions", equalTo(2)).body("rules", equalTo(1));

        assertThat(given().get("/api/ids/" + v2 + "/meta").then().statusCode(200).extract().asString())
                .isEqualTo(metaBefore);
        given().get("/api/artifacts/" + id).then().statusCode(200).header("X-Registry-Deprecated", "true");
        given().get("/api/artifacts/" + id + "/rules/COMPATIBILITY").then().body("config", equalTo("BACKWARD"));
        given().body(schema("A", 3)).put("/api/artifacts/" + id).then().statusCode(200).body("version", equalTo(3));
    }

    @Test
    void import_stopsAtTheFirstFailure_sayingWhatWasStoredBefore() throws Exception {
        String first = newId();
        String second = newId();
        for (String id : List.of(first, second)) {
            given().header("X-Registry-ArtifactId", id).body(schema("B", 1)).post("/api/artifacts").then().statusCode(200);
        }
        List<String> firstLines = exportOf(Set.of(first));
        List<String> secondLines = exportOf(Set.of(second));
        given().delete("/api/artifacts/" + first).then().statusCode(204);
        List<String> lines = new ArrayList<>(firstLines);
        lines.addAll(secondLines); // the second still exists
        importLines(lines).statusCode(409).contentType(ContentType.JSON)
                .body("error_code", equalTo(409))
                .body("message", containsString(second))
                .body("message", containsString("Stored before the failure: 0 batches"));
        given().get("/api/artifacts/" + first + "/meta").then().statusCode(404);
    }

    @Test
    void import_refusesMalformedInput_namingTheLine() {
        post("{\"kind\":\"artifact\"}\n").statusCode(400)
                .body("message", containsString("Line 1")).body("message", containsString("header"));
        post(HEADER + "\n{not json\n").statusCode(400)
                .body("message", containsString("Line 2")).body("message", containsString("not JSON"));
        post(HEADER + "\n{\"kind\":\"content\",\"contentId\":5,"
                        + "\"sha256\":\"" + "0".repeat(64) + "\",\"text\":\"x\"}\n").statusCode(400).body("message", containsString("does not match its sha256"));
        post(HEADER + "\n" + "x".repeat(2_200_000) + "\n").statusCode(400)
                .body("message", containsString("Line 2 is longer than"));
        post("{\"kind\":\"stele-export\",\"format\":9}\n").statusCode(400).body("message", containsString("format 9"));
    }

    @Test
    void import_ofAValueTooLongForTheDatabase_answers400_andStoresNothing() throws Exception {
        String id = newId();
        given().header("X-Registry-ArtifactId", id).contentType("application/json").body(schema("Long", 1))
                .post("/api/artifacts").then().statusCode(200);
        List<String> lines = new ArrayList<>(exportOf(Set.of(id)));
        given().delete("/api/artifacts/" + id).then().statusCode(204);
        ObjectNode artifact = (ObjectNode) JSON.readTree(lines.get(0));
        lines.set(0, JSON.writeValueAsString(artifact.put("createdBy", "x".repeat(300)))); // the column holds 256
        importLines(lines).statusCode(400).contentType("application/json")
                .body("message", containsString("cannot store a value"))
                .body("message", not(containsString("SQL statement")));
        given().get("/api/artifacts/" + id + "/meta").then().statusCode(404);
    }

    @Test
    void import_streamsBodiesLargerThanTheHttpBodyLimit() throws Exception {
        List<String> lines = new ArrayList<>();
        List<String> ids = new ArrayList<>();
        String padding = "x".repeat(900_000);
        long globalId = 8_000_000_000L + (System.nanoTime() % 1_000_000) * 100;
        for (int i = 0; i < 20; i++) {
            String id = newId();
            ids.add(id);
            String content = "{\"type\":\"record\",\"name\":\"Big\",\"doc\":\"" + padding + i + "\",\"fields\":[]}";
            String sha = io.stele.storage.Content.of(content).sha256();
            lines.add("{\"kind\":\"artifact\",\"artifactId\":\"" + id + "\",\"type\":\"AVRO\",\"createdBy\":\"\","
                    + "\"createdOn\":1700000000000,\"lastVersion\":1}");
            lines.add("{\"kind\":\"content\",\"contentId\":" + (globalId + i) + ",\"sha256\":\"" + sha + "\",\"text\":"
                    + JSON.writeValueAsString(content) + "}");
            lines.add("{\"kind\":\"version\",\"artifactId\":\"" + id + "\",\"version\":1,\"globalId\":" + (globalId + i)
                    + ",\"contentId\":" + (globalId + i) + ",\"type\":\"AVRO\",\"state\":\"ENABLED\",\"labels\":[],"
                    + "\"properties\":{},\"createdBy\":\"\",\"createdOn\":1700000000000,\"modifiedBy\":\"\","
                    + "\"modifiedOn\":1700000000000,\"canonicalHash\":\"" + sha + "\"}");
        }
        importLines(lines).statusCode(200).body("artifacts", equalTo(20)).body("versions", equalTo(20));
        given().get("/api/ids/" + (globalId + 19) + "/meta").then().statusCode(200).body("id", equalTo(ids.get(19)));
    }
}
