package io.stele.app.packaged;

import static io.stele.app.packaged.Writes.create;
import static io.stele.app.packaged.Writes.globalId;
import static io.stele.app.packaged.Writes.schema;
import static org.assertj.core.api.Assertions.assertThat;

import io.stele.storage.sql.StorageKindConfigSource;
import io.stele.testservers.RegistryProcess;
import java.net.Socket;
import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.Statement;
import java.time.Duration;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

/**
 * The packaged registry on the embedded default keeps its data across a restart, a SIGTERM under
 * load, a SIGKILL and an upgrade from the previous release.
 */
class EmbeddedRestartIT {

    static Path dataDir(String name) throws Exception {
        Files.createDirectories(Path.of("target"));
        return Files.createTempDirectory(Path.of("target").toAbsolutePath(), name);
    }

    @Test
    void restart_keepsArtifactsVersionsAndIds() throws Exception {
        Path dir = dataDir("restart-");
        Map<String, String> settings = Map.of("stele.storage.embedded.dir", dir.toString());
        long v1;
        try (RegistryProcess registry = new RegistryProcess(settings, dir.resolve("registry.log")).start()) {
            HttpResponse<String> created = create(registry, "orders", schema(1));
            assertThat(created.statusCode()).as(created.body()).isEqualTo(200);
            v1 = globalId(created);
            assertThat(registry.send("PUT", "/api/artifacts/orders", schema(2)).statusCode())
                    .isEqualTo(200);
        }
        try (RegistryProcess registry = new RegistryProcess(settings, dir.resolve("registry.log")).start()) {
            assertThat(registry.send("GET", "/api/artifacts/orders", null).body())
                    .isEqualTo(schema(2));
            assertThat(registry.send("GET", "/api/ids/" + v1, null).body()).isEqualTo(schema(1));
            assertThat(registry.send("GET", "/api/artifacts/orders/versions", null)
                            .body())
                    .isEqualTo("[1,2]");
        }
    }

    @Test
    void previousReleaseWrites_thisReleaseServesAllOfIt_withTheSameIds_andWritesOn() throws Exception {
        Path dir = dataDir("upgrade-");
        UpgradeDrill.previousReleaseWrites_thisReleaseServesAllOfIt_andWritesOn(
                name -> new RegistryProcess(
                        new HashMap<>(Map.of("stele.storage.embedded.dir", dir.toString())),
                        dir.resolve(name + ".log")),
                false);
    }

    @Test
    void sigkillDuringWrites_losesNoAcknowledgedWrite() throws Exception {
        Path dir = dataDir("sigkill-");
        Map<String, String> settings = Map.of("stele.storage.embedded.dir", dir.toString());
        List<Long> acknowledged;
        try (RegistryProcess registry = new RegistryProcess(settings, dir.resolve("registry.log")).start()) {
            acknowledged = Writes.floodThenKill(registry, 16, 400);
        }
        try (RegistryProcess registry = new RegistryProcess(settings, dir.resolve("registry.log")).start()) {
            Writes.assertAllPresent(registry, acknowledged);
        }
    }

    @Test
    void sigtermUnderLoad_drainsThenExits_failingNoRequest_andLosingNoAcknowledgedWrite() throws Exception {
        Path dir = dataDir("sigterm-");
        Map<String, String> settings = new HashMap<>(Map.of("stele.storage.embedded.dir", dir.toString()));
        settings.putAll(Shutdowns.SETTINGS);
        List<Long> acknowledged;
        try (RegistryProcess registry = new RegistryProcess(settings, dir.resolve("registry.log")).start()) {
            acknowledged = Shutdowns.drainUnderLoad(registry);
        }
        Map<String, String> again = Map.of("stele.storage.embedded.dir", dir.toString());
        try (RegistryProcess registry = new RegistryProcess(again, dir.resolve("restarted.log")).start()) {
            Writes.assertAllPresent(registry, acknowledged);
        }
    }

    @Test
    void sigtermOverHttp2_answersTheOpenConnection_thenSaysGoAway_andTheNextConnectionIsAnswered() throws Exception {
        Path dir = dataDir("http2-");
        Map<String, String> settings = new HashMap<>(Map.of("stele.storage.embedded.dir", dir.toString()));
        settings.putAll(Http2GoAway.SETTINGS);
        try (RegistryProcess registry = new RegistryProcess(settings, dir.resolve("registry.log")).start()) {
            Http2GoAway.sigtermOverHttp2_answersTheOpenConnection_thenSaysGoAway(registry);
        }
    }

    @Test
    void clientLeavingBeforeItsBodyIsSent_isNoErrorOfTheRegistry() throws Exception {
        Path dir = dataDir("left-");
        Map<String, String> settings = Map.of("stele.storage.embedded.dir", dir.toString());
        try (RegistryProcess registry = new RegistryProcess(settings, dir.resolve("registry.log")).start()) {
            for (String request : List.of(
                    "POST /api/artifacts HTTP/1.1\r\nX-Registry-ArtifactId: cut\r\n",
                    "POST /subjects/cut/versions HTTP/1.1\r\n",
                    "POST /subjects/cut HTTP/1.1\r\n")) {
                try (Socket client = new Socket("127.0.0.1", registry.plainUri().getPort())) {
                    client.getOutputStream()
                            .write((request + "Host: registry\r\nContent-Type: application/json\r\n"
                                            + "Content-Length: 1000\r\n\r\n{\"schema\":")
                                    .getBytes(StandardCharsets.US_ASCII));
                    client.getOutputStream().flush();
                }
            }
            assertThat(registry.send("GET", "/subjects", null).body()).isEqualTo("[]");
            registry.terminate(); // its drain waits for the requests in flight: every line is logged by its exit
            assertThat(registry.awaitExit(Duration.ofSeconds(60))).isZero();
            assertThat(Writes.logLines(registry, "ERROR")).isEmpty();
        }
    }

    @Test
    void migrationChecksumAlteredInTheFiles_exitsNonZero_withOneErrorLineNamingTheFix() throws Exception {
        Path dir = dataDir("checksum-");
        Map<String, String> settings = Map.of("stele.storage.embedded.dir", dir.toString());
        try (RegistryProcess registry = new RegistryProcess(settings, dir.resolve("first.log")).start()) {
            assertThat(create(registry, "kept", schema(1)).statusCode()).isEqualTo(200);
        }
        try (Connection c =
                        DriverManager.getConnection(StorageKindConfigSource.embeddedJdbcUrl(dir), "stele", "stele");
                Statement s = c.createStatement()) {
            s.executeUpdate("UPDATE flyway_schema_history SET checksum = 42 WHERE version = '1'");
        }
        String error = Writes.assertExitsMisconfigured(new RegistryProcess(settings, dir.resolve("altered.log")));
        assertThat(error)
                .contains("checksum mismatch for migration version 1")
                .contains("stele.storage.embedded.dir")
                .contains("Run the release that migrated it");
    }
}
