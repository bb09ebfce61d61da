package io.stele.testservers;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.concurrent.TimeUnit;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * A released registry, for tests that a later release serves what it wrote: the packaged registry
 * built from the release's commit. CHANGELOG.md is where releases are recorded: each release's
 * section names its tag and its commit, and the commit is what the build needs, since a clone may
 * come without tags. A release is built once per machine and kept under {@code ~/.cache/stele/},
 * by its version and commit; only a machine that lacks it needs the commit in its git history.
 */
public final class ReleaseBuild {

    private static final Duration BUILD_TIMEOUT = Duration.ofMinutes(15);
    private static final Pattern HEADING = Pattern.compile("^## (\\d+\\.\\d+\\.\\d+)\\b.*$", Pattern.MULTILINE);
    private static final Pattern COMMIT = Pattern.compile("commit `([0-9a-f]{40})`");

    /**
     * A release: its version, as {@code 0.1.0}, and the commit it was cut from, in full (a shallow
     * clone can fetch a commit by its full hash only).
     */
    public record Release(String version, String commit) {}

    private ReleaseBuild() {}

    /**
     * The latest release before this checkout: the first section of CHANGELOG.md (found in this
     * directory or the nearest one above it) whose heading is a version and whose text names the
     * release's commit. A release's own commit cannot name itself, so at a release's commit this
     * is the release before it.
     *
     * @throws IllegalStateException when CHANGELOG.md records no release with its commit
     */
    public static Release previous() {
        Path changelog = top().resolve("CHANGELOG.md");
        String text;
        try {
            text = Files.readString(changelog);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
        return newestRecorded(text)
                .orElseThrow(() -> new IllegalStateException(changelog
                        + " records no release with its commit (a section headed \"## <version> (<date>)\""
                        + " that names \"commit `<40 hex digits>`\"), which the upgrade tests build the previous"
                        + " release from"));
    }

    /** The first release in a changelog's text whose section names its commit, if any. */
    static Optional<Release> newestRecorded(String changelog) {
        Matcher heading = HEADING.matcher(changelog);
        List<Integer> starts = new ArrayList<>();
        List<String> versions = new ArrayList<>();
        while (heading.find()) {
            starts.add(heading.start());
            versions.add(heading.group(1));
        }
        starts.add(changelog.length());
        for (int i = 0; i < versions.size(); i++) {
            Matcher commit = COMMIT.matcher(changelog.substring(starts.get(i), starts.get(i + 1)));
            if (commit.find()) {
                return Optional.of(new Release(versions.get(i), commit.group(1)));
            }
        }
        return Optional.empty();
    }

    /**
     * The runner jar of {@code release}, building it from its commit first on a machine that lacks
     * it.
     *
     * @throws IllegalStateException when it must be built and this checkout's history lacks the
     *     commit (a shallow clone, or one made before the release)
     */
    public static Path runnerJar(Release release) {
        String name = "release-" + release.version() + "-" + release.commit().substring(0, 12);
        Path built = Local.cachedOnThisMachine(name, "quarkus-app/quarkus-run.jar", work -> {
            Path top = top();
            String commit = commitIn(top, release);
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
            Path releaseDir = Files.createDirectories(work.resolve("release"));
            Files.move(source.resolve("app/target/quarkus-app"), releaseDir.resolve("quarkus-app"));
            return releaseDir;
        });
        return built.resolve("quarkus-app/quarkus-run.jar");
    }

    /** The release's full commit in this checkout's history, fetching it from origin if absent. */
    private static String commitIn(Path top, Release release) {
        String object = release.commit() + "^{commit}";
        try {
            return git(top, "rev-parse", "--verify", object).strip();
        } catch (IllegalStateException absent) {
            try {
                git(top, "fetch", "--quiet", "origin", release.commit());
                return git(top, "rev-parse", "--verify", object).strip();
            } catch (IllegalStateException e) {
                throw new IllegalStateException(
                        "Release " + release.version() + "'s commit " + release.commit()
                                + " is not in this checkout's history, and the upgrade tests build that"
                                + " release from it: clone with the history of main (no --depth), or run"
                                + " git fetch --unshallow. " + e.getMessage(),
                        e);
            }
        }
    }

    /** The checkout's top: this directory or the nearest one above it that holds CHANGELOG.md. */
    private static Path top() {
        for (Path dir = Path.of("").toAbsolutePath(); dir != null; dir = dir.getParent()) {
            if (Files.isRegularFile(dir.resolve("CHANGELOG.md"))) {
                return dir;
            }
        }
        throw new IllegalStateException(
                "No CHANGELOG.md in " + Path.of("").toAbsolutePath() + " or above it: run the tests in a checkout");
    }

    private static String git(Path dir, String... arguments) {
        try {
            Path out = Files.createTempFile("stele-git-", ".out");
            try {
                List<String> command = new ArrayList<>(List.of("git", "-C", dir.toString()));
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
