package io.stele.storage.sql;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.stele.storage.StorageMisconfiguredException;
import io.stele.storage.StorageUnavailableException;
import java.net.ConnectException;
import java.nio.file.Path;
import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.SQLException;
import java.sql.Statement;
import org.flywaydb.core.api.FlywayException;
import org.junit.jupiter.api.Test;

/** Which failures to start a SQL backend are retried and which stop the registry. */
class StartFailuresTest {

    private static FlywayException failure(String sqlState, String message) {
        return new FlywayException("Unable to obtain connection from database", new SQLException(message, sqlState));
    }

    @Test
    void classify_whenTheConnectionIsRefusedOrTheServerIsStarting_isUnavailable() {
        assertThat(StartFailures.classify("postgresql", "db", failure("08001", "Connection refused")))
                .isInstanceOf(StorageUnavailableException.class)
                .hasMessageContaining("Cannot reach");
        assertThat(StartFailures.classify("postgresql", "db", failure("57P03", "the database system is starting up")))
                .isInstanceOf(StorageUnavailableException.class);
        assertThat(StartFailures.classify("postgresql", "db", failure("53300", "too many connections")))
                .isInstanceOf(StorageUnavailableException.class);
        assertThat(StartFailures.classify(
                        "postgresql",
                        "db",
                        new FlywayException(
                                "Unable to obtain connection",
                                new SQLException("I/O error", "XX000", new ConnectException("Connection refused")))))
                .isInstanceOf(StorageUnavailableException.class);
    }

    @Test
    void classify_whenTheLoginIsRefusedOrTheDatabaseIsMissing_isMisconfigured() {
        assertThat(StartFailures.classify(
                        "postgresql",
                        "db (stele.storage.postgresql.url)",
                        failure("28P01", "password authentication failed for user \"stele\"")))
                .isInstanceOf(StorageMisconfiguredException.class)
                .hasMessageContaining("refuses the login")
                .hasMessageContaining("stele.storage.postgresql.url");
        assertThat(StartFailures.classify("postgresql", "db", failure("3D000", "database \"x\" does not exist")))
                .isInstanceOf(StorageMisconfiguredException.class)
                .hasMessageContaining("Create it");
        assertThat(StartFailures.classify("postgresql", "db", failure("42501", "permission denied for schema public")))
                .isInstanceOf(StorageMisconfiguredException.class)
                .hasMessageContaining("owner");
    }

    @Test
    void start_whenAnAppliedMigrationsChecksumWasAltered_isMisconfigured_namingTheFix() throws Exception {
        Path dir = EmbeddedStorageContractTest.newDataDir();
        try (SqlStorage first = SqlStorage.openEmbedded(dir)) {
            first.start();
        }
        try (Connection c =
                        DriverManager.getConnection(StorageKindConfigSource.embeddedJdbcUrl(dir), "stele", "stele");
                Statement s = c.createStatement()) {
            s.executeUpdate("UPDATE \"flyway_schema_history\" SET \"checksum\" = 42 WHERE \"version\" = '1'");
        }
        try (SqlStorage again = SqlStorage.openEmbedded(dir)) {
            assertThatThrownBy(again::start)
                    .isInstanceOf(StorageMisconfiguredException.class)
                    .hasMessageContaining("checksum mismatch for migration version 1")
                    .hasMessageContaining("Run the release that migrated it")
                    .satisfies(e -> assertThat(e.getMessage()).doesNotContain("\n"));
        }
    }
}
