package io.stele.storage.sql;

import io.smallrye.config.ConfigSourceContext;
import io.smallrye.config.ConfigSourceFactory;
import io.smallrye.config.ConfigValue;
import io.smallrye.config.PropertiesConfigSource;
import java.nio.file.Path;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import org.eclipse.microprofile.config.spi.ConfigSource;

/**
 * Derives Quarkus datasource settings from Stele's own: {@code stele.storage.kind} activates the
 * one datasource it names and deactivates the others, so a single packaged application serves every
 * SQL backend and opens no connection to a database it was not asked to use; {@code
 * stele.storage.embedded.dir} becomes the embedded database's JDBC URL.
 */
public class StorageKindConfigSource implements ConfigSourceFactory {

    /** Below application.properties (250), so an explicit setting there still wins. */
    static final int ORDINAL = 200;

    /**
     * H2 in PostgreSQL compatibility mode, so both databases run the same SQL. H2 commits in memory
     * and writes its file in the background; the embedded backend writes it for each group of
     * commits before it acknowledges them ({@link GroupCommit}). H2 does not close the database when
     * the JVM starts to stop: the registry still serves while it drains, and the database closes
     * with its last connection, when the registry closes its backend.
     */
    static final String H2_OPTIONS = ";MODE=PostgreSQL;DATABASE_TO_LOWER=TRUE;DEFAULT_NULL_ORDERING=HIGH"
            + ";LOCK_TIMEOUT=10000;DB_CLOSE_ON_EXIT=FALSE";

    /** The JDBC URL of the embedded database kept in a folder. */
    public static String embeddedJdbcUrl(Path dir) {
        return "jdbc:h2:file:" + dir.toAbsolutePath().normalize().resolve("stele") + H2_OPTIONS;
    }

    @Override
    public Iterable<ConfigSource> getConfigSources(ConfigSourceContext context) {
        String kind = value(context, "stele.storage.kind", SqlStorageBeans.EMBEDDED);
        String dir = value(context, "stele.storage.embedded.dir", "./data");
        Map<String, String> settings = new HashMap<>();
        settings.put(
                "quarkus.datasource." + SqlStorageBeans.EMBEDDED + ".active",
                String.valueOf(SqlStorageBeans.EMBEDDED.equals(kind)));
        settings.put(
                "quarkus.datasource." + SqlStorageBeans.POSTGRESQL + ".active",
                String.valueOf(SqlStorageBeans.POSTGRESQL.equals(kind)));
        settings.put("quarkus.datasource." + SqlStorageBeans.EMBEDDED + ".jdbc.url", embeddedJdbcUrl(Path.of(dir)));
        SqlDialect.POSTGRESQL_DRIVER_SETTINGS.forEach((name, value) -> settings.put(
                "quarkus.datasource." + SqlStorageBeans.POSTGRESQL + ".jdbc.additional-jdbc-properties." + name,
                value));
        return List.of(new PropertiesConfigSource(settings, "stele-storage-kind", ORDINAL));
    }

    private static String value(ConfigSourceContext context, String name, String fallback) {
        ConfigValue value = context.getValue(name);
        return value == null || value.getValue() == null || value.getValue().isBlank() ? fallback : value.getValue();
    }
}
