package io.stele.storage.sql;

import static org.assertj.core.api.Assertions.assertThat;

import io.stele.storage.ArtifactQuery;
import io.stele.storage.ArtifactQuery.Over;
import io.stele.storage.Page;
import io.stele.storage.PageRequest;
import io.stele.storage.StoredArtifact;
import io.stele.storage.testkit.servers.PostgresServer;
import java.sql.Connection;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import org.flywaydb.core.Flyway;
import org.flywaydb.core.api.MigrationVersion;
import org.junit.jupiter.api.Test;
import org.postgresql.ds.PGSimpleDataSource;

/** A database searched through the artifact row's trigram index (V5) keeps its search after V6 moves it. */
class PostgresSearchMigrationIT {

    private final PostgresServer server = PostgresServer.shared();
    private final String database = server.createDatabase();
    private final PGSimpleDataSource dataSource = dataSource();

    @Test
    void searchAfterV6_findsWhatWasStoredBefore_byTheVersionEachArtifactShows() throws SQLException {
        Flyway.configure().dataSource(dataSource).locations(SqlDialect.POSTGRESQL.migrations())
                .target(MigrationVersion.fromVersion("5")).load().migrate();
        try (Connection c = dataSource.getConnection(); Statement s = c.createStatement()) {
            s.execute("INSERT INTO contents (content_id, content_hash, content)"
                    + " VALUES (nextval('content_ids'), repeat('0', 64), convert_to('\"string\"', 'UTF8'))");
            s.execute("INSERT INTO artifacts (artifact_id, artifact_type, created_by, created_on, latest_version,"
                    + " meta_version, name, description, labels)"
                    + " VALUES ('migrated', 'AVRO', '', now(), 2, 2, 'Migrated', 'shown pelican', '[\"team-heron\"]')");
            s.execute("INSERT INTO versions (global_id, artifact_id, version, content_id, artifact_type, state, name,"
                    + " description, labels, properties, created_by, created_on, modified_by, modified_on, canonical_hash)"
                    + " SELECT nextval('global_ids'), 'migrated', v, (SELECT min(content_id) FROM contents), 'AVRO',"
                    + " 'ENABLED', 'Migrated', CASE v WHEN 1 THEN 'older albatross' ELSE 'shown pelican' END,"
                    + " '[\"team-heron\"]', '{}', '', now(), '', now(), repeat('0', 64) FROM generate_series(1, 2) v");
        }

        SqlStorage storage = SqlStorage.postgresql(server.jdbcUrl(database), dataSource,
                Flyway.configure().dataSource(dataSource).locations(SqlDialect.POSTGRESQL.migrations()).load(), () -> {});
        try {
            storage.start();
            assertThat(ids(storage, "pelican", Over.DESCRIPTION)).containsExactly("migrated");
            assertThat(ids(storage, "heron", Over.LABELS)).containsExactly("migrated");
            assertThat(ids(storage, "igrat", Over.EVERYTHING)).containsExactly("migrated");
            assertThat(ids(storage, "albatross", Over.EVERYTHING)).isEmpty();
            assertThat(searchIndexes()).containsExactly("versions_search_trgm");
        } finally {
            storage.close();
        }
    }

    private static List<String> ids(SqlStorage storage, String text, Over over) {
        Page<StoredArtifact> page = storage.search().artifacts(
                new ArtifactQuery(Optional.of(text), over, false, new PageRequest(0, 10)));
        assertThat(page.total()).isEqualTo(page.items().size());
        return page.items().stream().map(StoredArtifact::artifactId).toList();
    }

    private List<String> searchIndexes() throws SQLException {
        List<String> names = new ArrayList<>();
        try (Connection c = dataSource.getConnection(); Statement s = c.createStatement();
                var rs = s.executeQuery("SELECT indexname FROM pg_indexes WHERE indexdef LIKE '%gin_trgm_ops%'")) {
            while (rs.next()) {
                names.add(rs.getString(1));
            }
        }
        return names;
    }

    private PGSimpleDataSource dataSource() {
        PGSimpleDataSource ds = new PGSimpleDataSource();
        ds.setURL(server.jdbcUrl(database));
        ds.setUser(PostgresServer.USER);
        ds.setPassword(PostgresServer.PASSWORD);
        return ds;
    }
}
