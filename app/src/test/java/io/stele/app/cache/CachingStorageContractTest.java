package io.stele.app.cache;

import io.micrometer.core.instrument.simple.SimpleMeterRegistry;
import io.stele.storage.RegistryStorage;
import io.stele.storage.sql.SqlStorage;
import io.stele.storage.testkit.StorageContractSuite;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;

/** The read cache in front of the embedded default keeps every promise of the storage SPI. */
class CachingStorageContractTest extends StorageContractSuite {

    private final Path dir = newDataDir();

    @Override
    protected RegistryStorage openStorage() {
        CachingStorage storage = new CachingStorage(
                SqlStorage.openEmbedded(dir),
                CacheBudget.of(16 * 1024 * 1024),
                Duration.ofSeconds(30),
                new SimpleMeterRegistry());
        storage.start();
        return storage;
    }

    private static Path newDataDir() {
        try {
            Files.createDirectories(Path.of("target"));
            return Files.createTempDirectory(Path.of("target").toAbsolutePath(), "cached-");
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }
}
