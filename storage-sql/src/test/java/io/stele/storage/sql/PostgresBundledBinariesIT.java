package io.stele.storage.sql;

import static org.assertj.core.api.Assertions.assertThat;

import io.stele.testservers.PostgresServer;
import java.nio.file.Path;
import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.ResultSet;
import java.sql.Statement;
import org.junit.jupiter.api.Test;

/**
 * On a machine without PostgreSQL the build runs the PostgreSQL build it carries on the test class
 * path; this proves that path works here too, as root or not.
 */
class PostgresBundledBinariesIT {

    @Test
    void bundledServer_startsAcceptsPasswordLoginsAndStops() throws Exception {
        try (PostgresServer server = PostgresServer.start(Path.of("target"), true)) {
            assertThat(server.binaries().toString()).doesNotStartWith("/usr/lib/postgresql");
            String database = server.createDatabase();
            try (Connection c = DriverManager.getConnection(
                            server.jdbcUrl(database), PostgresServer.USER, PostgresServer.PASSWORD);
                    Statement s = c.createStatement();
                    ResultSet rs = s.executeQuery("SHOW server_version")) {
                assertThat(rs.next()).isTrue();
                assertThat(rs.getString(1)).startsWith("17.");
            }
        }
    }
}
