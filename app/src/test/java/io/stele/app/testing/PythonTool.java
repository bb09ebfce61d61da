package io.stele.app.testing;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.channels.FileChannel;
import java.nio.channels.FileLock;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.concurrent.TimeUnit;
import java.util.stream.Stream;

/**
 * A Python package the tests run (a fuzzer, a client library), installed by the build into a
 * virtual environment under {@code ~/.cache/stele/<name>}, outside {@code target/}, so that later
 * builds reuse it. An installation is used only once it has completed; builds that install at the
 * same time wait for each other. Needs {@code python3} with its {@code venv} module, and pip's usual
 * package index.
 */
public final class PythonTool {

    private static final Duration INSTALL_TIMEOUT = Duration.ofMinutes(10);

    private PythonTool() {}

    /**
     * The {@code bin} folder of the environment {@code name}, holding {@code requirements} (pip's
     * requirement specifiers, each with an exact version), installed first if it is not yet.
     */
    public static Path install(String name, String... requirements) throws IOException, InterruptedException {
        Path cache = Path.of(System.getProperty("user.home"), ".cache", "stele");
        Path home = cache.resolve(name);
        Path done = home.resolve(".installed");
        Path log = cache.resolve(name + ".log");
        Files.createDirectories(cache);
        try (FileChannel lock = FileChannel.open(
                        cache.resolve(name + ".lock"), StandardOpenOption.CREATE, StandardOpenOption.WRITE);
                FileLock held = lock.lock()) {
            if (!Files.exists(done)) {
                deleteRecursively(home);
                run(log, "python3", "-m", "venv", home.toString());
                List<String> pip = new ArrayList<>(List.of(
                        home.resolve("bin/pip").toString(), "install", "--disable-pip-version-check", "--quiet"));
                pip.addAll(List.of(requirements));
                run(log, pip.toArray(String[]::new));
                Files.writeString(done, String.join("\n", requirements) + "\n");
            }
        }
        return home.resolve("bin");
    }

    private static void run(Path log, String... command) throws IOException, InterruptedException {
        Process process = new ProcessBuilder(command)
                .redirectErrorStream(true)
                .redirectOutput(ProcessBuilder.Redirect.appendTo(log.toFile()))
                .start();
        if (!process.waitFor(INSTALL_TIMEOUT.toSeconds(), TimeUnit.SECONDS)) {
            process.destroyForcibly();
            throw new IllegalStateException(
                    "Installing took over " + INSTALL_TIMEOUT + ": " + List.of(command) + "; see " + log);
        }
        if (process.exitValue() != 0) {
            throw new IllegalStateException("Installing failed (" + process.exitValue() + "): " + List.of(command)
                    + "\n" + Files.readString(log));
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
