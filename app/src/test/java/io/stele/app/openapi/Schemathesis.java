package io.stele.app.openapi;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.channels.FileChannel;
import java.nio.channels.FileLock;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.time.Duration;
import java.util.Comparator;
import java.util.List;
import java.util.concurrent.TimeUnit;
import java.util.stream.Stream;

/**
 * Schemathesis, the OpenAPI fuzzer, installed by the build into a Python virtual environment under
 * {@code ~/.cache/stele/schemathesis-<version>}, outside {@code target/}, so that later builds reuse
 * it. An installation is used only once it has completed; builds that install at the same time wait
 * for each other. Needs {@code python3} with its {@code venv} module, and pip's usual package index.
 */
final class Schemathesis {

    private static final Duration INSTALL_TIMEOUT = Duration.ofMinutes(10);

    private Schemathesis() {}

    /** The {@code schemathesis} command of this version, installed first if it is not yet. */
    static Path command(String version) throws IOException, InterruptedException {
        Path cache = Path.of(System.getProperty("user.home"), ".cache", "stele");
        Path home = cache.resolve("schemathesis-" + version);
        Path done = home.resolve(".installed");
        Files.createDirectories(cache);
        try (FileChannel lock = FileChannel.open(
                        cache.resolve("schemathesis-" + version + ".lock"),
                        StandardOpenOption.CREATE,
                        StandardOpenOption.WRITE);
                FileLock held = lock.lock()) {
            if (!Files.exists(done)) {
                deleteRecursively(home);
                run(home.resolveSibling(home.getFileName() + ".log"), "python3", "-m", "venv", home.toString());
                run(
                        home.resolveSibling(home.getFileName() + ".log"),
                        home.resolve("bin/pip").toString(),
                        "install",
                        "--disable-pip-version-check",
                        "--quiet",
                        "schemathesis==" + version);
                Files.writeString(done, version + "\n");
            }
        }
        return home.resolve("bin/schemathesis");
    }

    private static void run(Path log, String... command) throws IOException, InterruptedException {
        Process process = new ProcessBuilder(command)
                .redirectErrorStream(true)
                .redirectOutput(ProcessBuilder.Redirect.appendTo(log.toFile()))
                .start();
        if (!process.waitFor(INSTALL_TIMEOUT.toSeconds(), TimeUnit.SECONDS)) {
            process.destroyForcibly();
            throw new IllegalStateException(
                    "Installing Schemathesis took over " + INSTALL_TIMEOUT + ": " + List.of(command) + "; see " + log);
        }
        if (process.exitValue() != 0) {
            throw new IllegalStateException("Installing Schemathesis failed (" + process.exitValue() + "): "
                    + List.of(command) + "\n" + Files.readString(log));
        }
    }

    private static void deleteRecursively(Path dir) throws IOException {
        if (!Files.exists(dir)) {
            return;
        }
        try (Stream<Path> paths = Files.walk(dir)) {
            paths.sorted(Comparator.reverseOrder()).forEach(p -> {
                try {
                    Files.delete(p);
                } catch (IOException e) {
                    throw new UncheckedIOException(e);
                }
            });
        }
    }
}
