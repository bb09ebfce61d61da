package io.stele.app.packaged;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import io.stele.testservers.RegistryProcess;
import java.net.http.HttpResponse;
import java.util.List;

/**
 * The restore procedure of docs/operations.md#backups-and-restores, drilled: an export taken while
 * a {@link MixedLoad} writes, imported into an empty registry on another backend.
 */
final class BackupDrill {

    private static final ObjectMapper JSON = new ObjectMapper();
    private static final String CONFLUENT_JSON = "application/vnd.schemaregistry.v1+json";

    private BackupDrill() {}

    /**
     * Gives {@code source} data of every kind an export carries (rules, several versions, a disabled
     * version, a soft-deleted Confluent version), starts a mixed load on it, exports it meanwhile,
     * and imports the export into {@code target}, which is empty. Checks that no request of the load
     * failed; that the export ends with a trailer whose counts the import's answer repeats; that every
     * write acknowledged before the export began reads back from {@code target} by the same ids;
     * that {@code target} exports exactly what was imported; and that it takes new writes, with new
     * ids.
     */
    static void exportWhileWritesFlow_restoresIntoAnEmptyRegistry(RegistryProcess source, RegistryProcess target)
            throws Exception {
        giveEveryKindOfRecord(source);
        MixedLoad load = MixedLoad.start(source.baseUri());
        load.awaitWrites(30, "before the export");
        List<String> before = load.acknowledgedPaths();
        HttpResponse<String> export = source.send("GET", "/api/admin/export", null);
        load.awaitWrites(load.writes() + 10, "after the export");
        load.stop();
        load.assertFailed(o -> true, "while the export was taken", 0);

        assertThat(export.statusCode()).as(export.body()).isEqualTo(200);
        List<String> lines = export.body().lines().toList();
        JsonNode trailer = JSON.readTree(lines.get(lines.size() - 1));
        assertThat(trailer.path("kind").asText()).isEqualTo("stele-export-end");
        assertThat(trailer.path("records").asLong()).isEqualTo(lines.size() - 2);

        HttpResponse<String> imported =
                target.send("POST", "/api/admin/import", export.body(), "Content-Type", "application/x-ndjson");
        assertThat(imported.statusCode()).as(imported.body()).isEqualTo(200);
        JsonNode answer = JSON.readTree(imported.body());
        for (String count : List.of("artifacts", "versions", "contents", "rules")) {
            assertThat(answer.path(count).asLong())
                    .as("%s the import stored, against the trailer", count)
                    .isEqualTo(trailer.path(count).asLong());
        }
        load.assertReadBack(before, target.baseUri());
        assertThat(target.send("GET", "/api/admin/export", null).body())
                .as("the restored registry's export")
                .isEqualTo(export.body());
        long highest = highestGlobalId(export.body());
        HttpResponse<String> after = Writes.create(target, "after-restore", Writes.schema(1));
        assertThat(after.statusCode()).as(after.body()).isEqualTo(200);
        assertThat(Writes.globalId(after)).isGreaterThan(highest);
        System.out.printf(
                "Backup drill: exported %s while writes flowed; restored %d acknowledged writes%n",
                trailer, before.size());
    }

    private static void giveEveryKindOfRecord(RegistryProcess source) {
        String rule = "{\"type\":\"VALIDITY\",\"config\":\"FULL\"}";
        assertThat(source.send("POST", "/api/rules", rule, "Content-Type", "application/json")
                        .statusCode())
                .isEqualTo(204);
        assertThat(Writes.create(source, "drill-orders", Writes.schema(1)).statusCode())
                .isEqualTo(200);
        for (int v = 2; v <= 3; v++) {
            assertThat(source.send("PUT", "/api/artifacts/drill-orders", Writes.schema(v))
                            .statusCode())
                    .isEqualTo(200);
        }
        String compatibility = "{\"type\":\"COMPATIBILITY\",\"config\":\"BACKWARD\"}";
        assertThat(source.send(
                                "POST",
                                "/api/artifacts/drill-orders/rules",
                                compatibility,
                                "Content-Type",
                                "application/json")
                        .statusCode())
                .isEqualTo(204);
        assertThat(source.send(
                                "PUT",
                                "/api/artifacts/drill-orders/versions/2/state",
                                "{\"state\":\"DISABLED\"}",
                                "Content-Type",
                                "application/json")
                        .statusCode())
                .isEqualTo(204);
        for (int v = 1; v <= 2; v++) {
            String body = "{\"schema\":\"" + Writes.schema(v).replace("\"", "\\\"") + "\"}";
            assertThat(source.send("POST", "/subjects/drill-value/versions", body, "Content-Type", CONFLUENT_JSON)
                            .statusCode())
                    .isEqualTo(200);
        }
        assertThat(source.send("DELETE", "/subjects/drill-value/versions/1", null)
                        .statusCode())
                .isEqualTo(200);
    }

    private static long highestGlobalId(String export) throws Exception {
        long highest = 0;
        for (String line : export.lines().toList()) {
            highest = Math.max(highest, JSON.readTree(line).path("globalId").asLong(0));
        }
        return highest;
    }
}
