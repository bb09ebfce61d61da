package io.stele.app.testing;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.channels.FileChannel;
import java.nio.channels.FileLock;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.HexFormat;
import java.util.List;
import java.util.concurrent.TimeUnit;
import java.util.stream.Stream;

/**
 * Tools the tests run (a fuzzer, other ecosystems' client libraries), fetched from their package
 * registries by the build and kept under {@code ~/.cache/stele/<name>}, outside {@code target/}, so
 * that later builds reuse them. A tool is used only once its preparation has completed; builds that
 * prepare the same tool at the same time wait for each other. Needs {@code python3} with its
 * {@code venv} module, {@code npm} and {@code go} for the tools that use them.
 */
public final class CachedTools {

    private static final Duration STEP_TIMEOUT = Duration.ofMinutes(10);

    private CachedTools() {}

    /** How a tool is prepared in its folder, with {@link Steps#run} for each command. */
    @FunctionalInterface
    public interface Preparation {
        void prepare(Path home, Steps steps) throws IOException, InterruptedException;
    }

    /** Runs one command of a preparation, its output logged beside the tool's folder. */
    @FunctionalInterface
    public interface Steps {
        void run(Path workingDir, String... command) throws IOException, InterruptedException;
    }

    /** The folder of the tool {@code name}, prepared first if it is not yet. */
    public static Path prepare(String name, Preparation preparation) throws IOException, InterruptedException {
        Path cache = Path.of(System.getProperty("user.home"), ".cache", "stele");
        Path home = cache.resolve(name);
        Path done = home.resolve(".prepared");
        Path log = cache.resolve(name + ".log");
        Files.createDirectories(cache);
        try (FileChannel lock = FileChannel.open(
                        cache.resolve(name + ".lock"), StandardOpenOption.CREATE, StandardOpenOption.WRITE);
                FileLock held = lock.lock()) {
            if (!Files.exists(done)) {
                deleteRecursively(home);
                Files.createDirectories(home);
                preparation.prepare(home, (dir, command) -> run(dir, log, command));
                Files.writeString(done, name + "\n");
            }
        }
        return home;
    }

    /** The {@code bin} folder of a Python virtual environment holding {@code requirements} (exact versions). */
    public static Path python(String name, String... requirements) throws IOException, InterruptedException {
        return prepare(name, (home, steps) -> {
                    steps.run(home, "python3", "-m", "venv", home.toString());
                    List<String> pip = new ArrayList<>(List.of(
                            home.resolve("bin/pip").toString(), "install", "--disable-pip-version-check", "--quiet"));
                    pip.addAll(List.of(requirements));
                    steps.run(home, pip.toArray(String[]::new));
                })
                .resolve("bin");
    }

    /** The {@code node_modules} folder holding npm {@code packages} (exact versions). */
    public static Path node(String name, String... packages) throws IOException, InterruptedException {
        return prepare(name, (home, steps) -> {
                    List<String> npm = new ArrayList<>(List.of(
                            "npm",
                            "install",
                            "--no-audit",
                            "--no-fund",
                            "--loglevel=error",
                            "--prefix",
                            home.toString()));
                    npm.addAll(List.of(packages));
                    steps.run(home, npm.toArray(String[]::new));
                })
                .resolve("node_modules");
    }

    /**
     * The program built from the Go module in {@code module} (its {@code go.sum} pins every
     * dependency), rebuilt whenever a file of the module changes.
     */
    public static Path go(String name, Path module) throws IOException, InterruptedException {
        String version = digest(module);
        return prepare(
                        name + "-" + version,
                        (home, steps) -> steps.run(
                                module,
                                "go",
                                "build",
                                "-mod=readonly",
                                "-o",
                                home.resolve(name).toString(),
                                "."))
                .resolve(name);
    }

    private static String digest(Path module) throws IOException {
        try (Stream<Path> files = Files.list(module)) {
            MessageDigest sha = MessageDigest.getInstance("SHA-256");
            for (Path file : files.filter(Files::isRegularFile).sorted().toList()) {
                sha.update(file.getFileName().toString().getBytes(java.nio.charset.StandardCharsets.UTF_8));
                sha.update(Files.readAllBytes(file));
            }
            return HexFormat.of().formatHex(sha.digest()).substring(0, 12);
        } catch (NoSuchAlgorithmException e) {
            throw new IllegalStateException(e);
        }
    }

    private static void run(Path dir, Path log, String... command) throws IOException, InterruptedException {
        Process process = new ProcessBuilder(command)
                .directory(dir.toFile())
                .redirectErrorStream(true)
                .redirectOutput(ProcessBuilder.Redirect.appendTo(log.toFile()))
                .start();
        if (!process.waitFor(STEP_TIMEOUT.toSeconds(), TimeUnit.SECONDS)) {
            process.destroyForcibly();
            throw new IllegalStateException(
                    "Preparing a test tool took over " + STEP_TIMEOUT + ": " + List.of(command) + "; see " + log);
        }
        if (process.exitValue() != 0) {
            throw new IllegalStateException("Preparing a test tool failed (" + process.exitValue() + "): "
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
