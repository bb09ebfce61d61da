package io.stele.storage.testkit.servers;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.concurrent.TimeUnit;

/**
 * A released registry, for tests that a later release serves what it wrote: the packaged registry
 * built from the commit the release's tag ({@code v0.1.0}) names in this checkout's git history. A
 * release is built once per machine and kept under {@code ~/.cache/stele/}, by its version and
 * commit.
 */
public final class ReleaseBuild {

    private static final Duration BUILD_TIMEOUT = Duration.ofMinutes(15);

    private ReleaseBuild() {}

    /**
     * The latest release before this checkout's head: the version of the newest {@code v*} tag
     * among its ancestors, as {@code 0.1.0}.
     *
     * @throws IllegalStateException when the history has no release tag (a clone made without tags)
     */
    public static String previous() {
        Path top = Path.of(git(Path.of("."), "rev-parse", "--show-toplevel").strip());
        try {
            return git(top, "describe", "--tags", "--abbrev=0", "--match", "v[0-9]*")
                    .strip()
                    .substring(1);
        } catch (IllegalStateException e) {
            throw new IllegalStateException(
                    "This checkout's history has no release tag (v0.1.0 and on), which the upgrade tests"
                            + " build the previous release from: clone with tags, or run git fetch --tags. "
                            + e.getMessage(),
                    e);
        }
    }

    /** The runner jar of release {@code version}, building it from its tag first on a new machine. */
    public static Path runnerJar(String version) {
        Path top = Path.of(git(Path.of("."), "rev-parse", "--show-toplevel").strip());
        String commit = git(top, "rev-parse", "v" + version + "^{commit}").strip();
        String name = "release-" + version + "-" + commit.substring(0, 12);
        Path built = Local.cachedOnThisMachine(name, "quarkus-app/quarkus-run.jar", work -> {
            Path source = Files.createDirectories(work.resolve("source"));
            Path tar = work.resolve("source.tar");
            git(top, "archive", "--format=tar", "--output=" + tar, commit);
            run(source, work.resolve("unpack.log"), Duration.ofMinutes(2), "tar", "-xf", tar.toString());
            // the build's own Maven and Java, with the dependencies it has already fetched
            run(
                    source,
                    work.resolve("build.log"),
                    BUILD_TIMEOUT,
                    "mvn",
                    "-B",
                    "-q",
                    "-DskipTests",
                    "-Dspotless.check.skip=true",
                    "package",
                    "-pl",
                    "app",
                    "-am");
            Path release = Files.createDirectories(work.resolve("release"));
            Files.move(source.resolve("app/target/quarkus-app"), release.resolve("quarkus-app"));
            return release;
        });
        return built.resolve("quarkus-app/quarkus-run.jar");
    }

    private static String git(Path dir, String... arguments) {
        try {
            Path out = Files.createTempFile("stele-git-", ".out");
            try {
                List<String> command = new java.util.ArrayList<>(List.of("git", "-C", dir.toString()));
                command.addAll(List.of(arguments));
                Process git = new ProcessBuilder(command)
                        .redirectErrorStream(true)
                        .redirectOutput(out.toFile())
                        .start();
                finish(git, Duration.ofMinutes(1), "git " + String.join(" ", arguments), out);
                return Files.readString(out);
            } finally {
                Files.deleteIfExists(out);
            }
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    private static void run(Path dir, Path log, Duration timeout, String... command) throws IOException {
        ProcessBuilder builder = new ProcessBuilder(command)
                .directory(dir.toFile())
                .redirectErrorStream(true)
                .redirectOutput(log.toFile());
        builder.environment().put("JAVA_HOME", System.getProperty("java.home"));
        finish(builder.start(), timeout, String.join(" ", command), log);
    }

    private static void finish(Process process, Duration timeout, String what, Path output) throws IOException {
        try {
            if (!process.waitFor(timeout.toMillis(), TimeUnit.MILLISECONDS)) {
                process.destroyForcibly();
                throw new IllegalStateException(what + " did not finish within " + timeout + "; see " + output);
            }
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new IllegalStateException(e);
        }
        if (process.exitValue() != 0) {
            List<String> lines = Files.readAllLines(output);
            throw new IllegalStateException(what + " failed with " + process.exitValue() + ":\n"
                    + String.join("\n", lines.subList(Math.max(0, lines.size() - 30), lines.size())));
        }
    }
}
