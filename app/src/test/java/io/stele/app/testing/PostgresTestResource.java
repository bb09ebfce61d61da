package io.stele.app.testing;

import io.quarkus.test.common.QuarkusTestResourceLifecycleManager;
import io.stele.storage.testkit.servers.PostgresServer;
import java.util.Map;

/** Points the application under test at a new database on the build's PostgreSQL server. */
public class PostgresTestResource implements QuarkusTestResourceLifecycleManager {

    @Override
    public Map<String, String> start() {
        PostgresServer server = PostgresServer.shared();
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

    @Override
    public void stop() {
        // the shared server stops when the JVM exits
    }
}
