package io.stele.storage.testkit.backends;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.HashMap;
import java.util.Map;
import java.util.UUID;

/**
 * The embedded default: no server, each store a new folder of H2 files. Only one registry process
 * may use a folder at a time, so a store has one replica running at once, whatever its name.
 */
public final class EmbeddedBackend implements Backend {

    /** Its {@code stele.storage.kind}. */
    public static final String KIND = "embedded";

    private final Path folders;

    private EmbeddedBackend(Path folders) {
        this.folders = folders;
    }

    /** Keeps its stores in a new folder under {@code parent}. */
    public static EmbeddedBackend start(Path parent) {
        try {
            Files.createDirectories(parent);
            return new EmbeddedBackend(Files.createTempDirectory(parent.toAbsolutePath(), "stele-embedded-"));
        } catch (IOException e) {
            throw new UncheckedIOException("Cannot prepare the stores' folder: " + e.getMessage(), e);
        }
    }

    @Override
    public String kind() {
        return KIND;
    }

    @Override
    public Folder newStore() {
        return new Folder(folders.resolve("data-" + UUID.randomUUID()));
    }

    @Override
    public void stop() {
        throw new UnsupportedOperationException("The embedded database runs inside the registry: stop the registry");
    }

    @Override
    public void startAgain() {
        throw new UnsupportedOperationException("The embedded database runs inside the registry: start the registry");
    }

    /** Keeps the stores' folders: they are under the folder the caller chose, for a look after a run. */
    @Override
    public void close() {}

    /** A folder of H2 files. */
    public record Folder(Path dir) implements Store {

        @Override
        public Map<String, String> replica(String name) {
            Map<String, String> settings = new HashMap<>();
            settings.put("stele.storage.kind", KIND);
            settings.put("stele.storage.embedded.dir", dir.toString());
            return settings;
        }
    }

    /** Starts {@link EmbeddedBackend}s; its server takes no settings. */
    public static final class Launcher extends Backend.Launcher {

        public Launcher() {
            super(KIND, withoutSettings(KIND, EmbeddedBackend::start));
        }
    }
}
