package io.stele.storage.sql;

import io.stele.storage.RegistryStorage;
import io.stele.storage.testkit.StorageContractSuite;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import org.flywaydb.core.Flyway;
import org.h2.jdbcx.JdbcConnectionPool;

/** The embedded default, with the JDBC URL it ships with, on a folder of its own under target/. */
class EmbeddedStorageContractTest extends StorageContractSuite {

    private final Path dir = newDataDir();

    @Override
    protected RegistryStorage openStorage() {
        JdbcConnectionPool pool = JdbcConnectionPool.create(StorageKindConfigSource.embeddedJdbcUrl(dir), "stele", "stele");
        pool.setMaxConnections(16);
        Flyway flyway = Flyway.configure().dataSource(pool).locations("classpath:db/migration/h2").load();
        SqlStorage storage = SqlStorage.embedded(dir.toString(), pool, flyway, pool::dispose);
        storage.start();
        return storage;
    }

    private static Path newDataDir() {
        try {
            Files.createDirectories(Path.of("target"));
            return Files.createTempDirectory(Path.of("target"), "embedded-");
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }
}
