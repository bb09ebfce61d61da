package io.stele.app.packaged;

import static io.stele.app.packaged.Writes.create;
import static io.stele.app.packaged.Writes.globalId;
import static io.stele.app.packaged.Writes.schema;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.stele.storage.testkit.servers.PostgresServer;
import io.stele.storage.testkit.servers.RegistryProcess;
import java.net.http.HttpResponse;
import java.nio.file.Path;
import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.Statement;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestInstance;

/**
 * The packaged registry on PostgreSQL, as operators run it: several replicas on one database, a
 * database that goes away and comes back, a registry killed in the middle of writes, a wrong
 * password.
 */
@TestInstance(TestInstance.Lifecycle.PER_CLASS)
class PostgresIT {

    private PostgresServer server;
    private Path logs;

    @BeforeAll
    void startServer() throws Exception {
        server = PostgresServer.start(Path.of("target"));
        logs = EmbeddedRestartIT.dataDir("postgres-registry-");
    }

    @AfterAll
    void stopServer() {
        server.close();
    }

    private Map<String, String> settings(String database) {
        return settings(server, database);
    }

    private static Map<String, String> settings(PostgresServer server, String database) {
        Map<String, String> settings = new HashMap<>();
        settings.put("stele.storage.kind", "postgresql");
        settings.put("stele.storage.postgresql.url", server.jdbcUrl(database));
        settings.put("stele.storage.postgresql.username", PostgresServer.USER);
        settings.put("stele.storage.postgresql.password", PostgresServer.PASSWORD);
        return settings;
    }

    private RegistryProcess registry(Map<String, String> settings, String name) {
        return new RegistryProcess(settings, logs.resolve(name + ".log"));
    }

    @Test
    void twoReplicas_seeEachOthersWrites_andNumberConcurrentVersionsWithoutGaps() throws Exception {
        Map<String, String> settings = settings(server.createDatabase());
        try (RegistryProcess a = registry(settings, "replica-a").start();
                RegistryProcess b = registry(settings, "replica-b").start()) {
            assertThat(create(a, "shared", schema(1)).statusCode()).isEqualTo(200);
            assertThat(b.send("GET", "/api/artifacts/shared", null).body()).isEqualTo(schema(1));
            assertThat(b.send("PUT", "/api/artifacts/shared", schema(2)).statusCode())
                    .isEqualTo(200);
            assertThat(a.send("GET", "/api/artifacts/shared", null).body()).isEqualTo(schema(2));

            List<Thread> writers = new ArrayList<>();
            List<Integer> failures = java.util.Collections.synchronizedList(new ArrayList<>());
            for (RegistryProcess node : List.of(a, b, a, b)) {
                Thread t = new Thread(() -> {
                    for (int i = 0; i < 25; i++) {
                        int status = node.send("POST", "/api/artifacts/shared/versions", schema(3 + (i % 7)))
                                .statusCode();
                        if (status != 200) {
                            failures.add(status);
                        }
                    }
                });
                writers.add(t);
                t.start();
            }
            for (Thread t : writers) {
                t.join(TimeUnit.MINUTES.toMillis(2));
                assertThat(t.isAlive())
                        .as("a writer still runs after 2 minutes")
                        .isFalse();
            }
            assertThat(failures).isEmpty();
            StringBuilder expected = new StringBuilder("[");
            for (int v = 1; v <= 102; v++) {
                expected.append(v == 1 ? "" : ",").append(v);
            }
            expected.append("]");
            assertThat(a.send("GET", "/api/artifacts/shared/versions", null).body())
                    .isEqualTo(expected.toString());
            assertThat(b.send("GET", "/api/artifacts/shared/versions", null).body())
                    .isEqualTo(expected.toString());
        }
    }

    /** The bound docs/storage.md promises for another replica to serve a new latest version. */
    static final long REPLICA_BOUND_MILLIS = 1000;

    @Test
    void anotherReplica_servesTheNewLatest_withinTheBound_evenWithItsCacheWarm() throws Exception {
        Map<String, String> settings = settings(server.createDatabase());
        try (RegistryProcess a = registry(settings, "cache-a").start();
                RegistryProcess b = registry(settings, "cache-b").start()) {
            assertThat(create(a, "hot", schema(1)).statusCode()).isEqualTo(200);
            List<Long> lags = new ArrayList<>();
            for (int v = 2; v <= 21; v++) {
                assertThat(b.send("GET", "/api/artifacts/hot", null).body()).isEqualTo(schema(v - 1));
                assertThat(b.send("GET", "/api/artifacts/hot", null).body()).isEqualTo(schema(v - 1)); // cached now
                assertThat(a.send("PUT", "/api/artifacts/hot", schema(v)).statusCode())
                        .isEqualTo(200);
                long written = System.nanoTime();
                long lag;
                while (true) {
                    lag = TimeUnit.NANOSECONDS.toMillis(System.nanoTime() - written);
                    if (b.send("GET", "/api/artifacts/hot", null).body().equals(schema(v))) {
                        break;
                    }
                    assertThat(lag)
                            .as("replica B still serves version %d", v - 1)
                            .isLessThan(REPLICA_BOUND_MILLIS);
                    Thread.sleep(1);
                }
                lags.add(lag);
                assertThat(a.send("GET", "/api/artifacts/hot", null).body()).isEqualTo(schema(v));
            }
            lags.sort(null);
            System.out.printf(
                    "Replica B served the new latest %d ms (median), %d ms (max) after replica A's write%n",
                    lags.get(lags.size() / 2), lags.get(lags.size() - 1));
        }
    }

    @Test
    void rulesChangedOnOneReplica_guardWritesOnTheOther_withinTheBound() throws Exception {
        Map<String, String> settings = settings(server.createDatabase());
        try (RegistryProcess a = registry(settings, "rules-a").start();
                RegistryProcess b = registry(settings, "rules-b").start()) {
            assertThat(create(a, "ruled", schema(1)).statusCode()).isEqualTo(200);
            String incompatible = schema(1).replace("]}", ",{\"name\":\"required\",\"type\":\"int\"}]}");
            String test = "/api/artifacts/ruled/test";
            assertThat(b.send("PUT", test, incompatible).statusCode()).isEqualTo(204); // B has read the rules now
            String rule = "{\"type\":\"COMPATIBILITY\",\"config\":\"BACKWARD\"}";
            assertThat(a.send("POST", "/api/rules", rule, "Content-Type", "application/json")
                            .statusCode())
                    .isEqualTo(204);
            awaitStatus(b, test, incompatible, 409);
            assertThat(a.send("DELETE", "/api/rules", null).statusCode()).isEqualTo(204);
            awaitStatus(b, test, incompatible, 204);
            assertThat(a.send("POST", "/api/artifacts/ruled/rules", rule, "Content-Type", "application/json")
                            .statusCode())
                    .isEqualTo(204);
            awaitStatus(b, test, incompatible, 409);
            assertThat(b.send("PUT", "/api/artifacts/ruled", incompatible).statusCode())
                    .isEqualTo(409);
            assertThat(b.send("PUT", "/api/artifacts/ruled", schema(2)).statusCode())
                    .isEqualTo(200);
        }
    }

    /** Sends the request until it answers the status, failing after {@link #REPLICA_BOUND_MILLIS}. */
    private static void awaitStatus(RegistryProcess registry, String path, String body, int status) throws Exception {
        long start = System.nanoTime();
        while (registry.send("PUT", path, body).statusCode() != status) {
            assertThat(TimeUnit.NANOSECONDS.toMillis(System.nanoTime() - start))
                    .as("%s still does not answer %d", path, status)
                    .isLessThan(REPLICA_BOUND_MILLIS);
            Thread.sleep(5);
        }
    }

    @Test
    void databaseStoppedAndRestarted_answers503MeanwhileButForContentByGlobalId_andRecoversWithoutRestart()
            throws Exception {
        PostgresServer own = PostgresServer.start(Path.of("target"));
        try {
            Map<String, String> settings = settings(own, own.createDatabase());
            try (RegistryProcess registry = registry(settings, "outage").start()) {
                HttpResponse<String> before = create(registry, "before", schema(1));
                assertThat(before.statusCode()).isEqualTo(200);
                String byId = "/api/ids/" + globalId(before);
                assertThat(registry.send("GET", byId, null).body()).isEqualTo(schema(1)); // a consumer's look-up
                own.stop();
                HttpResponse<String> during = registry.send("GET", "/api/artifacts/before", null);
                assertThat(during.statusCode()).isEqualTo(503);
                assertThat(during.body()).contains("\"error_code\":503");
                // content by globalId never changes: consumers keep finding what they found before
                HttpResponse<String> consumer = registry.send("GET", byId, null);
                assertThat(consumer.statusCode()).isEqualTo(200);
                assertThat(consumer.body()).isEqualTo(schema(1));
                assertThat(create(registry, "during", schema(1)).statusCode()).isEqualTo(503);
                assertThat(Writes.awaitStatus(registry, "/q/health/ready", 503, 30))
                        .isTrue();
                own.startAgain();
                assertThat(Writes.awaitStatus(registry, "/q/health/ready", 200, 60))
                        .isTrue();
                assertThat(Writes.awaitStatus(registry, "/api/artifacts/before", 200, 30))
                        .isTrue();
                assertThat(create(registry, "after", schema(1)).statusCode()).isEqualTo(200);
            }
        } finally {
            own.close();
        }
    }

    @Test
    void databaseDownAtStartUp_registryStartsNotReady_andBecomesReadyWhenItAnswers() throws Exception {
        PostgresServer own = PostgresServer.start(Path.of("target"));
        try {
            Map<String, String> settings = settings(own, own.createDatabase());
            own.stop();
            try (RegistryProcess registry = registry(settings, "late-database").startWithoutWaiting()) {
                assertThat(Writes.awaitStatus(registry, "/q/health/ready", 503, 60))
                        .isTrue();
                assertThat(Writes.readiness(registry))
                        .containsEntry("phase", "retrying")
                        .extractingByKey("reason")
                        .asString()
                        .startsWith("Cannot reach the postgresql database at " + own.jdbcUrl(""))
                        .contains("stele.storage.postgresql.url");
                HttpResponse<String> early = registry.send("GET", "/api/artifacts", null);
                assertThat(early.statusCode()).isEqualTo(503);
                assertThat(early.body()).contains("\"error_code\":503");
                own.startAgain();
                assertThat(Writes.awaitStatus(registry, "/q/health/ready", 200, 60))
                        .isTrue();
                assertThat(Writes.readiness(registry))
                        .containsEntry("phase", "ready")
                        .doesNotContainKey("reason");
                assertThat(create(registry, "late", schema(1)).statusCode()).isEqualTo(200);
                assertThat(Writes.logLines(registry, "WARN"))
                        .filteredOn(line -> line.contains("StorageProvider"))
                        .singleElement()
                        .asString()
                        .contains("stele.storage.postgresql.url")
                        .contains("Retrying every 2 s");
                assertThat(Writes.logLines(registry, "INFO"))
                        .filteredOn(line -> line.contains("StorageProvider"))
                        .singleElement()
                        .asString()
                        .contains("Storage backend 'postgresql' started after");
                assertThat(Writes.logLines(registry, "ERROR")).isEmpty();
            }
        } finally {
            own.close();
        }
    }

    @Test
    void wrongPassword_exitsNonZero_withOneErrorLineNamingTheSettings() throws Exception {
        Map<String, String> settings = settings(server.createDatabase());
        settings.put("stele.storage.postgresql.password", "wrong");
        String error = Writes.assertExitsMisconfigured(registry(settings, "wrong-password"));
        assertThat(error)
                .contains("password authentication failed")
                .contains("stele.storage.postgresql.username")
                .contains("stele.storage.postgresql.password");
    }

    @Test
    void migrationChecksumAlteredInTheDatabase_exitsNonZero_withOneErrorLineNamingTheFix() throws Exception {
        String database = server.createDatabase();
        Map<String, String> settings = settings(database);
        try (RegistryProcess registry = registry(settings, "checksum-first").start()) {
            assertThat(create(registry, "kept", schema(1)).statusCode()).isEqualTo(200);
        }
        try (Connection c = DriverManager.getConnection(
                        server.jdbcUrl(database), PostgresServer.USER, PostgresServer.PASSWORD);
                Statement s = c.createStatement()) {
            s.executeUpdate("UPDATE flyway_schema_history SET checksum = 42 WHERE version = '3'");
        }
        String error = Writes.assertExitsMisconfigured(registry(settings, "checksum-altered"));
        assertThat(error)
                .contains("checksum mismatch for migration version 3")
                .contains("flyway_schema_history")
                .contains("Run the release that migrated it");
    }

    @Test
    void impossibleSettings_stopStartUp_withAMessageNamingTheSetting() throws Exception {
        Map<String, String> settings = settings(server.createDatabase());
        settings.put("stele.storage.postgresql.pool-size", "1");
        RegistryProcess registry = registry(settings, "bad-pool-size");
        assertThatThrownBy(registry::startWithoutWaiting).hasMessageContaining("exited");
        assertThat(registry.log()).contains("stele.storage.postgresql.pool-size must be 2 or more");
        settings.put("stele.storage.postgresql.pool-size", "8");
        settings.put("stele.storage.postgresql.url", "postgres://127.0.0.1/stele");
        RegistryProcess wrongUrl = registry(settings, "bad-url");
        assertThatThrownBy(wrongUrl::startWithoutWaiting).hasMessageContaining("exited");
        assertThat(wrongUrl.log()).contains("stele.storage.postgresql.url must be a jdbc:postgresql: URL");
    }

    @Test
    void sigkillDuringWrites_losesNoAcknowledgedWrite() throws Exception {
        Map<String, String> settings = settings(server.createDatabase());
        List<Long> acknowledged;
        try (RegistryProcess registry = registry(settings, "sigkill").start()) {
            acknowledged = Writes.floodThenKill(registry, 8, 300);
        }
        try (RegistryProcess registry = registry(settings, "sigkill-restarted").start()) {
            Writes.assertAllPresent(registry, acknowledged);
        }
    }
}
