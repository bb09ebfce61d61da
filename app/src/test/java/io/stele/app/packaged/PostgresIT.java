package io.stele.app.packaged;

import static io.stele.app.packaged.Writes.create;
import static io.stele.app.packaged.Writes.schema;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.stele.storage.testkit.backends.PostgresBackend;
import io.stele.testservers.PostgresServer;
import io.stele.testservers.RegistryProcess;
import java.nio.file.Path;
import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.Statement;
import java.util.Map;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;

/**
 * The packaged registry on PostgreSQL: {@link PackagedScenarios}, and what only PostgreSQL does:
 * replicas that read each other's writes at once, and within a bound with a warm cache, a wrong
 * password, a migration altered in the database, impossible pool and URL settings.
 */
class PostgresIT extends PackagedScenarios<PostgresBackend> {

    @Override
    protected PostgresBackend startBackend(Path parent) {
        return PostgresBackend.start(parent);
    }

    @Override
    protected String unreachableReason(PostgresBackend backend) {
        return "Cannot reach the postgresql database at " + backend.server().jdbcUrl("");
    }

    @Override
    protected String addressSetting() {
        return "stele.storage.postgresql.url";
    }

    @Test
    void twoReplicas_readEachOthersWritesAtOnce() throws Exception {
        PostgresBackend.Database database = backend.newStore();
        try (RegistryProcess a = replica(database, "at-once-a").start();
                RegistryProcess b = replica(database, "at-once-b").start()) {
            assertThat(create(a, "shared", schema(1)).statusCode()).isEqualTo(200);
            assertThat(b.send("GET", "/api/artifacts/shared", null).body()).isEqualTo(schema(1));
            assertThat(b.send("PUT", "/api/artifacts/shared", schema(2)).statusCode())
                    .isEqualTo(200);
            assertThat(a.send("GET", "/api/artifacts/shared", null).body()).isEqualTo(schema(2));
            assertThat(b.send("GET", "/api/artifacts/shared/versions", null).body())
                    .isEqualTo("[1,2]");
        }
    }

    /** The bound docs/storage.md promises for another replica to serve a new latest version. */
    static final long REPLICA_BOUND_MILLIS = 1000;

    @Test
    void anotherReplica_servesTheNewLatest_withinTheBound_evenWithItsCacheWarm() throws Exception {
        assertAnotherReplicaServesTheNewLatest(REPLICA_BOUND_MILLIS);
    }

    @Test
    void rulesChangedOnOneReplica_guardWritesOnTheOther_withinTheBound() throws Exception {
        PostgresBackend.Database database = backend.newStore();
        try (RegistryProcess a = replica(database, "rules-a").start();
                RegistryProcess b = replica(database, "rules-b").start()) {
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
    void wrongPassword_exitsNonZero_withOneErrorLineNamingTheSettings() throws Exception {
        Map<String, String> settings = backend.newStore().replica("wrong-password");
        settings.put("stele.storage.postgresql.password", "wrong");
        String error = Writes.assertExitsMisconfigured(registry(settings, "wrong-password"));
        assertThat(error)
                .contains("password authentication failed")
                .contains("stele.storage.postgresql.username")
                .contains("stele.storage.postgresql.password");
    }

    @Test
    void migrationChecksumAlteredInTheDatabase_exitsNonZero_withOneErrorLineNamingTheFix() throws Exception {
        PostgresBackend.Database database = backend.newStore();
        Map<String, String> settings = database.replica("checksum");
        try (RegistryProcess registry = registry(settings, "checksum-first").start()) {
            assertThat(create(registry, "kept", schema(1)).statusCode()).isEqualTo(200);
        }
        try (Connection c = DriverManager.getConnection(database.url(), PostgresServer.USER, PostgresServer.PASSWORD);
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
        Map<String, String> settings = backend.newStore().replica("bad-settings");
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
}
