package io.stele.storage.testkit.backends;

import io.stele.testservers.PostgresServer;
import java.nio.file.Path;
import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;

/** PostgreSQL: a private server; each store is a new database on it, which replicas share. */
public final class PostgresBackend implements Backend {

    /** Its {@code stele.storage.kind}. */
    public static final String KIND = "postgresql";

    private final PostgresServer server;

    private PostgresBackend(PostgresServer server) {
        this.server = server;
    }

    /** Starts a private server in a new folder under {@code parent}. */
    public static PostgresBackend start(Path parent) {
        return new PostgresBackend(PostgresServer.start(parent));
    }

    /** The server, for what only PostgreSQL has (its JDBC URLs, a session of one's own). */
    public PostgresServer server() {
        return server;
    }

    @Override
    public String kind() {
        return KIND;
    }

    @Override
    public Database newStore() {
        return new Database(server.jdbcUrl(server.createDatabase()));
    }

    @Override
    public void stop() {
        server.stop();
    }

    @Override
    public void startAgain() {
        server.startAgain();
    }

    @Override
    public void close() {
        server.close();
    }

    /** A database on the server, by its JDBC URL; every replica uses it as it is. */
    public record Database(String url) implements Store {

        @Override
        public Map<String, String> replica(String name) {
            Map<String, String> settings = new HashMap<>();
            settings.put("stele.storage.kind", KIND);
            settings.put("stele.storage.postgresql.url", url);
            settings.put("stele.storage.postgresql.username", PostgresServer.USER);
            settings.put("stele.storage.postgresql.password", PostgresServer.PASSWORD);
            return settings;
        }

        /**
         * Vacuums and analyzes the tables a bulk load fills, so that autovacuum's work on the new rows
         * does not compete with what is measured next, then checkpoints, so that the writing of the
         * load's pages does not either: with the perf harness's checkpoint spacing, a checkpoint
         * after a load of ten million versions spreads its writes over the next half hour.
         */
        @Override
        public void afterBulkLoad() {
            try (Connection c = DriverManager.getConnection(url, PostgresServer.USER, PostgresServer.PASSWORD);
                    Statement s = c.createStatement()) {
                s.execute("VACUUM (ANALYZE) artifacts, versions, contents");
                s.execute("CHECKPOINT");
            } catch (SQLException e) {
                throw new IllegalStateException(
                        "VACUUM or CHECKPOINT after the bulk load failed: " + e.getMessage(), e);
            }
        }

        /**
         * Autovacuum workers with what each works on, and a checkpoint while the checkpointer writes
         * or flushes (it waits on {@code CheckpointerMain} between checkpoints), from
         * {@code pg_stat_activity} through one session kept open.
         */
        @Override
        public ServerActivity activity() {
            Connection c;
            try {
                c = DriverManager.getConnection(url, PostgresServer.USER, PostgresServer.PASSWORD);
            } catch (SQLException e) {
                throw new IllegalStateException(
                        "Could not connect to look at PostgreSQL's activity: " + e.getMessage(), e);
            }
            return new ServerActivity() {
                @Override
                public List<String> now() {
                    List<String> work = new ArrayList<>();
                    try (Statement s = c.createStatement();
                            ResultSet rs = s.executeQuery(BACKGROUND_WORK)) {
                        while (rs.next()) {
                            work.add(rs.getString(1));
                        }
                    } catch (SQLException e) {
                        throw new IllegalStateException("Could not read PostgreSQL's activity: " + e.getMessage(), e);
                    }
                    return work;
                }

                @Override
                public void close() {
                    try {
                        c.close();
                    } catch (SQLException e) {
                        // the session ends with the server anyway
                    }
                }
            };
        }

        private static final String BACKGROUND_WORK =
                "SELECT CASE WHEN backend_type = 'checkpointer' THEN 'checkpoint' ELSE query END"
                        + " FROM pg_stat_activity"
                        + " WHERE (backend_type = 'autovacuum worker' AND query <> '')"
                        + " OR (backend_type = 'checkpointer' AND wait_event IS DISTINCT FROM 'CheckpointerMain')";
    }

    /** Starts {@link PostgresBackend}s, with {@code postgresql.conf} settings beyond the defaults. */
    public static final class Launcher extends Backend.Launcher {

        public Launcher() {
            super(KIND, (parent, serverSettings) -> new PostgresBackend(PostgresServer.start(parent, serverSettings)));
        }
    }
}
