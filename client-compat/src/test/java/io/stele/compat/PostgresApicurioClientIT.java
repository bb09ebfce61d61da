package io.stele.compat;

import io.stele.testservers.PostgresServer;
import java.nio.file.Path;
import java.util.Deque;
import java.util.Map;

/** The 1.3.2 clients against the packaged registry on a new database of a private PostgreSQL server. */
class PostgresApicurioClientIT extends ApicurioClientContract {

    @Override
    protected Map<String, String> registrySettings(Path workDir, Deque<AutoCloseable> cleanup) {
        PostgresServer server = PostgresServer.start(workDir);
        cleanup.push(server);
        return Map.of(
                "stele.storage.kind",
                "postgresql",
                "stele.storage.postgresql.url",
                server.jdbcUrl(server.createDatabase()),
                "stele.storage.postgresql.username",
                PostgresServer.USER,
                "stele.storage.postgresql.password",
                PostgresServer.PASSWORD);
    }
}
