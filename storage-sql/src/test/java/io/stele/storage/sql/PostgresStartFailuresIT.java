package io.stele.storage.sql;

import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.stele.storage.StorageMisconfiguredException;
import io.stele.storage.StorageUnavailableException;
import io.stele.testservers.PostgresServer;
import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.Statement;
import org.flywaydb.core.Flyway;
import org.junit.jupiter.api.Test;
import org.postgresql.ds.PGSimpleDataSource;

/** What a PostgreSQL backend that cannot start says, and whether retrying may help. */
class PostgresStartFailuresIT {

    private final PostgresServer server = PostgresServer.shared();

    private static SqlStorage open(String url, String password) {
        PGSimpleDataSource ds = new PGSimpleDataSource();
        ds.setURL(url);
        ds.setUser(PostgresServer.USER);
        ds.setPassword(password);
        ds.setConnectTimeout(5);
        return SqlStorage.postgresql(
                url,
                ds,
                Flyway.configure()
                        .dataSource(ds)
                        .locations(SqlDialect.POSTGRESQL.migrations())
                        .load(),
                () -> {});
    }

    @Test
    void start_whenNothingListens_isUnavailable() {
        try (SqlStorage storage = open("jdbc:postgresql://127.0.0.1:1/stele", PostgresServer.PASSWORD)) {
            assertThatThrownBy(storage::start)
                    .isInstanceOf(StorageUnavailableException.class)
                    .hasMessageContaining(
                            "Cannot reach the postgresql database at jdbc:postgresql://127.0.0.1:1/stele");
        }
    }

    @Test
    void start_withAWrongPassword_isMisconfigured() {
        try (SqlStorage storage = open(server.jdbcUrl(server.createDatabase()), "wrong")) {
            assertThatThrownBy(storage::start)
                    .isInstanceOf(StorageMisconfiguredException.class)
                    .hasMessageContaining("refuses the login")
                    .hasMessageContaining("password authentication failed");
        }
    }

    @Test
    void start_onADatabaseThatDoesNotExist_isMisconfigured() {
        try (SqlStorage storage = open(server.jdbcUrl("stele_missing"), PostgresServer.PASSWORD)) {
            assertThatThrownBy(storage::start)
                    .isInstanceOf(StorageMisconfiguredException.class)
                    .hasMessageContaining("does not exist")
                    .hasMessageContaining("Create it");
        }
    }

    @Test
    void start_whenAnAppliedMigrationsChecksumWasAltered_isMisconfigured() throws Exception {
        String url = server.jdbcUrl(server.createDatabase());
        try (SqlStorage first = open(url, PostgresServer.PASSWORD)) {
            first.start();
        }
        try (Connection c = DriverManager.getConnection(url, PostgresServer.USER, PostgresServer.PASSWORD);
                Statement s = c.createStatement()) {
            s.executeUpdate("UPDATE flyway_schema_history SET checksum = 42 WHERE version = '2'");
        }
        try (SqlStorage again = open(url, PostgresServer.PASSWORD)) {
            assertThatThrownBy(again::start)
                    .isInstanceOf(StorageMisconfiguredException.class)
                    .hasMessageContaining("checksum mismatch for migration version 2")
                    .hasMessageContaining("flyway_schema_history");
        }
    }
}
