package io.stele.storage.sql;

import io.stele.storage.testkit.StorageContractSuite;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;

/** The embedded default, with the JDBC URL it ships with, on a folder of its own under target/. */
class EmbeddedStorageContractTest extends StorageContractSuite {

    EmbeddedStorageContractTest() {
        super(SqlStorageBeans.EMBEDDED);
    }

    static Path newDataDir() {
        try {
            Files.createDirectories(Path.of("target"));
            return Files.createTempDirectory(Path.of("target"), "embedded-");
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }
}
