package io.stele.app.transfer;

import static io.restassured.RestAssured.given;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.hamcrest.Matchers.containsString;
import static org.hamcrest.Matchers.equalTo;
import static org.hamcrest.Matchers.not;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ObjectNode;
import io.quarkus.test.junit.QuarkusTest;
import io.restassured.http.ContentType;
import io.restassured.response.ValidatableResponse;
import io.stele.app.storage.StorageProvider;
import io.stele.storage.StorageUnavailableException;
import io.stele.storage.TransferRecord;
import io.stele.storage.TransferStore;
import jakarta.enterprise.inject.spi.CDI;
import java.io.ByteArrayOutputStream;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.UUID;
import java.util.concurrent.atomic.AtomicLong;
import java.util.function.Consumer;
import java.util.function.IntFunction;
import org.junit.jupiter.api.Test;

/** Export and import through the API: a round trip keeps every id, and failures say what was stored. */
@QuarkusTest
public class TransferApiTest {

    private static final ObjectMapper JSON = new ObjectMapper();
    private static final String HEADER = "{\"kind\":\"stele-export\",\"format\":1}";
    private static final String HEADER_2 = "{\"kind\":\"stele-export\",\"format\":2}";

    private static String schema(String name, int fields) {
        StringBuilder s = new StringBuilder("{\"type\":\"record\",\"name\":\"" + name + "\",\"fields\":[");
        for (int i = 0; i < fields; i++) {
            s.append(i == 0 ? "" : ",")
                    .append("{\"name\":\"f")
                    .append(i)
                    .append("\",\"type\":\"string\",\"default\":\"\"}");
        }
        return s.append("]}").toString();
    }

    private static String newId() {
        return "transfer-" + UUID.randomUUID();
    }

    /** The export's lines that belong to these artifacts, after the header. */
    private static List<String> exportOf(Set<String> ids) throws Exception {
        String body = given().get("/api/admin/export")
                .then()
                .statusCode(200)
                .contentType("application/x-ndjson")
                .extract()
                .asString();
        List<String> lines = new ArrayList<>();
        String current = null;
        String[] all = body.split("\n");
        assertThat(JSON.readTree(all[0])).isEqualTo(JSON.readTree(HEADER_2));
        assertThat(JSON.readTree(all[all.length - 1]).path("kind").asText()).isEqualTo("stele-export-end");
        for (String line : all) {
            JsonNode node = JSON.readTree(line);
            String kind = node.path("kind").asText();
            if (kind.equals("artifact")) {
                current = node.path("artifactId").asText();
            }
            if (current != null && ids.contains(current) && !kind.startsWith("stele-export")) {
                lines.add(line);
            }
        }
        return lines;
    }

    private static ValidatableResponse importLines(List<String> lines) {
        return post(HEADER + "\n" + String.join("\n", lines) + "\n");
    }

    /** A format 2 file of these records, its trailer counting them. */
    private static String format2(List<String> lines) throws Exception {
        return HEADER_2 + "\n" + String.join("\n", lines) + "\n" + trailerOf(lines) + "\n";
    }

    /** The trailer that counts these records. */
    private static String trailerOf(List<String> lines) throws Exception {
        Map<String, Integer> kinds = new HashMap<>();
        for (String line : lines) {
            kinds.merge(JSON.readTree(line).path("kind").asText(), 1, Integer::sum);
        }
        return trailer(
                lines.size(),
                kinds.getOrDefault("artifact", 0),
                kinds.getOrDefault("version", 0),
                kinds.getOrDefault("content", 0),
                kinds.getOrDefault("rule", 0));
    }

    private static String trailer(long records, long artifacts, long versions, long contents, long rules) {
        return "{\"kind\":\"stele-export-end\",\"records\":" + records + ",\"artifacts\":" + artifacts
                + ",\"versions\":" + versions + ",\"contents\":" + contents + ",\"rules\":" + rules + "}";
    }

    private static ValidatableResponse post(String body) {
        return given().contentType("application/x-ndjson")
                .body(body.getBytes(StandardCharsets.UTF_8))
                .post("/api/admin/import")
                .then();
    }

    /** Creates an artifact of the named record with versions 1 and 2, and gives version 2's globalId. */
    private static long createWithTwoVersions(String id, String name) {
        given().header("X-Registry-ArtifactId", id)
                .body(schema(name, 1))
                .post("/api/artifacts")
                .then()
                .statusCode(200);
        return given().body(schema(name, 2))
                .put("/api/artifacts/" + id)
                .then()
                .statusCode(200)
                .extract()
                .jsonPath()
                .getLong("globalId");
    }

    @Test
    void exportThenImport_restoresArtifactsWithTheirIdsStatesMetadataAndRules() throws Exception {
        String id = newId();
        long v2 = createWithTwoVersions(id, "A");
        given().contentType(ContentType.JSON)
                .body("{\"state\":\"DEPRECATED\"}")
                .put("/api/artifacts/" + id + "/versions/2/state")
                .then()
                .statusCode(204);
        given().contentType(ContentType.JSON)
                .body("{\"type\":\"COMPATIBILITY\",\"config\":\"BACKWARD\"}")
                .post("/api/artifacts/" + id + "/rules")
                .then()
                .statusCode(204);
        String metaBefore = given().get("/api/ids/" + v2 + "/meta")
                .then()
                .statusCode(200)
                .extract()
                .asString();
        List<String> lines = exportOf(Set.of(id));

        given().delete("/api/artifacts/" + id).then().statusCode(204);
        importLines(lines)
                .statusCode(200)
                .body("artifacts", equalTo(1))
                .body("versions", equalTo(2))
                .body("rules", equalTo(1));

        assertThat(given().get("/api/ids/" + v2 + "/meta")
                        .then()
                        .statusCode(200)
                        .extract()
                        .asString())
                .isEqualTo(metaBefore);
        given().get("/api/artifacts/" + id).then().statusCode(200).header("X-Registry-Deprecated", "true");
        given().get("/api/artifacts/" + id + "/rules/COMPATIBILITY").then().body("config", equalTo("BACKWARD"));
        given().body(schema("A", 3))
                .put("/api/artifacts/" + id)
                .then()
                .statusCode(200)
                .body("version", equalTo(3));
    }

    @Test
    void import_stopsAtTheFirstFailure_sayingWhatWasStoredBefore() throws Exception {
        String first = newId();
        String second = newId();
        for (String id : List.of(first, second)) {
            given().header("X-Registry-ArtifactId", id)
                    .body(schema("B", 1))
                    .post("/api/artifacts")
                    .then()
                    .statusCode(200);
        }
        List<String> firstLines = exportOf(Set.of(first));
        List<String> secondLines = exportOf(Set.of(second));
        given().delete("/api/artifacts/" + first).then().statusCode(204);
        List<String> lines = new ArrayList<>(firstLines);
        lines.addAll(secondLines); // the second still exists
        importLines(lines)
                .statusCode(409)
                .contentType(ContentType.JSON)
                .body("error_code", equalTo(409))
                .body("message", containsString(second))
                .body("message", containsString("Stored before the failure: 0 batches"));
        given().get("/api/artifacts/" + first + "/meta").then().statusCode(404);
    }

    @Test
    void import_refusesMalformedInput_namingTheLine() {
        post("{\"kind\":\"artifact\"}\n")
                .statusCode(400)
                .body("message", containsString("Line 1"))
                .body("message", containsString("header"));
        post(HEADER + "\n{not json\n")
                .statusCode(400)
                .body("message", containsString("Line 2"))
                .body("message", containsString("not JSON"));
        post(HEADER + "\n{\"kind\":\"content\",\"contentId\":5," + "\"sha256\":\"" + "0".repeat(64)
                        + "\",\"text\":\"x\"}\n")
                .statusCode(400)
                .body("message", containsString("does not match its sha256"));
        post(HEADER + "\n" + "x".repeat(2_200_000) + "\n")
                .statusCode(400)
                .body("message", containsString("Line 2 is longer than"));
        post("{\"kind\":\"stele-export\",\"format\":9}\n").statusCode(400).body("message", containsString("format 9"));
    }

    @Test
    void import_ofAValueTooLongForTheDatabase_answers400_andStoresNothing() throws Exception {
        String id = newId();
        given().header("X-Registry-ArtifactId", id)
                .contentType("application/json")
                .body(schema("Long", 1))
                .post("/api/artifacts")
                .then()
                .statusCode(200);
        List<String> lines = new ArrayList<>(exportOf(Set.of(id)));
        given().delete("/api/artifacts/" + id).then().statusCode(204);
        ObjectNode artifact = (ObjectNode) JSON.readTree(lines.get(0));
        lines.set(0, JSON.writeValueAsString(artifact.put("createdBy", "x".repeat(300)))); // the column holds 256
        importLines(lines)
                .statusCode(400)
                .contentType("application/json")
                .body("message", containsString("cannot store a value"))
                .body("message", not(containsString("SQL statement")));
        given().get("/api/artifacts/" + id + "/meta").then().statusCode(404);
    }

    @Test
    void import_streamsBodiesLargerThanTheHttpBodyLimit() throws Exception {
        String padding = "x".repeat(900_000);
        Synthetic big = synthetic(
                20, i -> "{\"type\":\"record\",\"name\":\"Big\",\"doc\":\"" + padding + i + "\",\"fields\":[]}");
        importLines(big.lines()).statusCode(200).body("artifacts", equalTo(20)).body("versions", equalTo(20));
        given().get("/api/ids/" + big.globalIds().get(19) + "/meta")
                .then()
                .statusCode(200)
                .body("id", equalTo(big.ids().get(19)));
    }

    /** New artifacts of one version each, as export lines: artifact, content, version. */
    private record Synthetic(List<String> ids, List<Long> globalIds, List<String> lines) {}

    private static final AtomicLong NEXT_GLOBAL_ID =
            new AtomicLong(8_000_000_000L + (System.nanoTime() % 1_000_000) * 1000);

    private static Synthetic synthetic(int count) throws Exception {
        return synthetic(count, i -> null);
    }

    /** {@code count} artifacts, the {@code i}th with {@code content.apply(i)}, or a small schema when that is null. */
    private static Synthetic synthetic(int count, IntFunction<String> content) throws Exception {
        Synthetic made = new Synthetic(new ArrayList<>(), new ArrayList<>(), new ArrayList<>());
        // Ids the registry gives after an import follow the highest imported: leave room for them
        long first = NEXT_GLOBAL_ID.getAndAdd(count + 1_000_000L);
        for (int i = 0; i < count; i++) {
            String id = newId();
            long globalId = first + i;
            made.ids().add(id);
            made.globalIds().add(globalId);
            String text = Optional.ofNullable(content.apply(i))
                    .orElse("{\"type\":\"fixed\",\"name\":\"F" + id.replace("-", "") + "\",\"size\":1}");
            String sha = io.stele.storage.Content.of(text).sha256();
            List<String> lines = made.lines();
            lines.add("{\"kind\":\"artifact\",\"artifactId\":\"" + id + "\",\"type\":\"AVRO\",\"createdBy\":\"\","
                    + "\"createdOn\":1700000000000,\"lastVersion\":1}");
            lines.add("{\"kind\":\"content\",\"contentId\":" + globalId + ",\"sha256\":\"" + sha + "\",\"text\":"
                    + JSON.writeValueAsString(text) + "}");
            lines.add("{\"kind\":\"version\",\"artifactId\":\"" + id + "\",\"version\":1,\"globalId\":" + globalId
                    + ",\"contentId\":" + globalId + ",\"type\":\"AVRO\",\"state\":\"ENABLED\",\"labels\":[],"
                    + "\"properties\":{},\"createdBy\":\"\",\"createdOn\":1700000000000,\"modifiedBy\":\"\","
                    + "\"modifiedOn\":1700000000000,\"canonicalHash\":\"" + sha + "\"}");
        }
        return made;
    }

    @Test
    void export_endsWithATrailerCountingEachKindOfRecord() throws Exception {
        String id = newId();
        given().header("X-Registry-ArtifactId", id)
                .body(schema("T", 1))
                .post("/api/artifacts")
                .then()
                .statusCode(200);
        List<String> all = List.of(given().get("/api/admin/export")
                .then()
                .statusCode(200)
                .extract()
                .asString()
                .split("\n"));
        assertThat(JSON.readTree(all.get(all.size() - 1)))
                .isEqualTo(JSON.readTree(trailerOf(all.subList(1, all.size() - 1))));
    }

    @Test
    void exportThenImport_ofFormat2_restoresTheArtifact() throws Exception {
        String id = newId();
        long v2 = createWithTwoVersions(id, "R");
        String metaBefore = given().get("/api/ids/" + v2 + "/meta")
                .then()
                .statusCode(200)
                .extract()
                .asString();
        List<String> lines = exportOf(Set.of(id));
        given().delete("/api/artifacts/" + id).then().statusCode(204);

        post(format2(lines))
                .statusCode(200)
                .body("artifacts", equalTo(1))
                .body("versions", equalTo(2))
                .body("lines", equalTo(lines.size() + 2));
        assertThat(given().get("/api/ids/" + v2 + "/meta")
                        .then()
                        .statusCode(200)
                        .extract()
                        .asString())
                .isEqualTo(metaBefore);
    }

    @Test
    void import_ofAFormat1File_withoutATrailer_importsAsBefore() throws Exception {
        Synthetic two = synthetic(2);
        post(HEADER + "\n" + String.join("\n", two.lines()) + "\n")
                .statusCode(200)
                .body("artifacts", equalTo(2))
                .body("versions", equalTo(2))
                .body("lines", equalTo(7));
        given().get("/api/artifacts/" + two.ids().get(1) + "/meta").then().statusCode(200);
    }

    @Test
    void import_ofAFileWithoutAFinalLineFeed_storesItsLastLine() throws Exception {
        Synthetic one = synthetic(1);
        post(HEADER + "\n" + String.join("\n", one.lines())).statusCode(200).body("versions", equalTo(1));
        given().get("/api/artifacts/" + one.ids().get(0) + "/versions")
                .then()
                .statusCode(200)
                .body("size()", equalTo(1));
        String body = format2(synthetic(1).lines());
        // A format 2 file may end with its trailer unfinished by a line feed
        post(body.substring(0, body.length() - 1)).statusCode(200).body("versions", equalTo(1));
    }

    @Test
    void import_ofAFormat2FileCutAtAnArtifact_isRefusedAsCut_andStoresTheWholeBatchesBeforeIt() throws Exception {
        Synthetic many = synthetic(800); // in batches of 2000 records, the first holds 667 artifacts
        post(HEADER_2 + "\n" + String.join("\n", many.lines()) + "\n")
                .statusCode(400)
                .contentType(ContentType.JSON)
                .body("error_code", equalTo(400))
                .body("message", containsString("cut short"))
                .body("message", containsString("ends after line 2401"))
                .body("message", containsString("Stored before the failure: 1 batches, 667 artifacts, 667 versions"));
        given().get("/api/artifacts/" + many.ids().get(666) + "/meta").then().statusCode(200);
        given().get("/api/artifacts/" + many.ids().get(667) + "/meta").then().statusCode(404);
    }

    @Test
    void import_ofAFormat2FileCutInALine_isRefusedAsCut() throws Exception {
        Synthetic two = synthetic(2);
        String body = HEADER_2 + "\n" + String.join("\n", two.lines());
        post(body.substring(0, body.length() - 10))
                .statusCode(400)
                .body("message", containsString("cut short: line 7 ends unfinished"))
                .body("message", containsString("Stored before the failure: 0 batches"));
        given().get("/api/artifacts/" + two.ids().get(0) + "/meta").then().statusCode(404);
    }

    @Test
    void import_whenTheTrailerCountsDiffer_isRefused_andStoresNothingOfTheLastBatch() throws Exception {
        Synthetic two = synthetic(2);
        post(HEADER_2 + "\n" + String.join("\n", two.lines()) + "\n" + trailer(6, 2, 3, 2, 0) + "\n")
                .statusCode(400)
                .body("message", containsString("Line 8: the trailer counts 6 records (2 artifacts, 3 versions"))
                .body("message", containsString("but the file holds 6 records (2 artifacts, 2 versions"));
        given().get("/api/artifacts/" + two.ids().get(0) + "/meta").then().statusCode(404);
    }

    @Test
    void import_ofDataAfterTheTrailer_isRefused() throws Exception {
        Synthetic one = synthetic(1);
        post(format2(one.lines()) + "\n" + String.join("\n", synthetic(1).lines()) + "\n")
                .statusCode(400)
                .body("message", containsString("Line 7: nothing may follow the trailer, on line 5"));
        given().get("/api/artifacts/" + one.ids().get(0) + "/meta").then().statusCode(404);
    }

    @Test
    void export_whenTheBackendFailsMidway_endsWithoutATrailer_andLeavesTheStreamOpen() throws Exception {
        for (int i = 0; i < 2; i++) {
            given().header("X-Registry-ArtifactId", newId())
                    .body(schema("F", 1))
                    .post("/api/artifacts")
                    .then()
                    .statusCode(200);
        }
        // Looked up, not injected: Quarkus injects no fields of a @Nested test, as RestSuites runs this one
        TransferStore real =
                CDI.current().select(StorageProvider.class).get().storage().transfer();
        TransferStore failing = new TransferStore() {
            @Override
            public void export(Consumer<TransferRecord> sink) {
                int[] given = {0};
                real.export(record -> {
                    if (record instanceof TransferRecord.Artifact && given[0]++ == 1) {
                        throw new StorageUnavailableException("The backend went away", null);
                    }
                    sink.accept(record);
                });
            }

            @Override
            public void importBatch(List<TransferRecord> batch) {
                real.importBatch(batch);
            }
        };
        boolean[] closed = {false};
        ByteArrayOutputStream out = new ByteArrayOutputStream() {
            @Override
            public void close() {
                closed[0] = true;
            }
        };
        assertThatThrownBy(() -> ExportResource.write(failing, out)).isInstanceOf(StorageUnavailableException.class);
        ExportResource.write(real, new ByteArrayOutputStream()); // the same store, whole, does end
        assertThat(closed[0]).as("the response is not ended as if whole").isFalse();
        assertThat(out.toString(StandardCharsets.UTF_8)).doesNotContain("stele-export-end");
    }
}
