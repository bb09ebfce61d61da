package io.stele.storage.sql;

import static org.assertj.core.api.Assertions.assertThat;

import io.stele.testservers.PostgresServer;
import java.sql.Connection;
import java.sql.SQLException;
import org.junit.jupiter.api.Test;
import org.postgresql.ds.PGSimpleDataSource;

/** A large table's size comes from PostgreSQL's statistics rather than a scan of every row. */
class PostgresEstimatedRowsIT {

    private final PostgresServer server = PostgresServer.shared();

    @Test
    void estimatedRows_aboveTheThreshold_areTheStatisticsAndBelowItOrUnanalyzed_aCount() throws SQLException {
        PGSimpleDataSource dataSource = new PGSimpleDataSource();
        dataSource.setURL(server.jdbcUrl(server.createDatabase()));
        dataSource.setUser(PostgresServer.USER);
        dataSource.setPassword(PostgresServer.PASSWORD);
        try (Connection c = dataSource.getConnection()) {
            Jdbc.update(c, "CREATE TABLE counted (n int)");
            Jdbc.update(c, "INSERT INTO counted SELECT generate_series(1, 500)");

            assertThat(SqlDialect.POSTGRESQL.estimatedRows(c, "counted", 0))
                    .as("never analyzed: counted")
                    .isEqualTo(500);

            Jdbc.update(c, "ANALYZE counted");
            Jdbc.update(c, "INSERT INTO counted SELECT generate_series(1, 20)");

            assertThat(SqlDialect.POSTGRESQL.estimatedRows(c, "counted", 0))
                    .as("analyzed, at or above the threshold: the statistics, which lag the last insert")
                    .isEqualTo(500);
            assertThat(SqlDialect.POSTGRESQL.estimatedRows(c, "counted", 1_000))
                    .as("below the threshold: counted")
                    .isEqualTo(520);
        }
    }
}
