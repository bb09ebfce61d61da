package io.stele.testservers;

import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.time.Duration;
import java.util.Base64;
import java.util.List;
import java.util.Map;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.zip.ZipEntry;
import java.util.zip.ZipInputStream;

/**
 * A real identity provider for tests: Keycloak's distribution, resolved by Maven from Maven Central
 * (its path given in the {@code stele.keycloak.zip} system property), unpacked once into {@code
 * ~/.cache/stele/} (where its first start's augmentation is kept for later builds), and run in
 * development mode on a free loopback port with the realm {@value #REALM} imported at start: one
 * confidential client per role, each allowed the client-credentials grant ({@link #clients}).
 * Each server keeps its database in a folder of its own under the given parent.
 *
 * <p>Failures to start throw with the server's log, so tests fail loudly rather than skip.
 */
public final class KeycloakServer implements AutoCloseable {

    public static final String REALM = "stele";
    private static final Duration START_TIMEOUT = Duration.ofSeconds(240);
    private static final Pattern READY =
            Pattern.compile("started in [0-9.]+s\\. Listening on: http://127\\.0\\.0\\.1:\\d+");

    /** The realm's clients: id to secret. Each service account holds the role in its name. */
    public static final Map<String, String> CLIENTS = Map.of(
            "stele-admin", "admin-secret",
            "stele-developer", "developer-secret",
            "stele-developer-2", "developer-2-secret",
            "stele-readonly", "readonly-secret",
            "stele-norole", "norole-secret",
            "stele-brief", "brief-secret");

    /** The realm's client through which people sign in to the registry's console (authorization-code flow). */
    public static final String CONSOLE_CLIENT = "stele-console";

    /** Its secret. */
    public static final String CONSOLE_SECRET = "console-secret-of-thirty-two-chars-at-least";

    /** The realm's people: user name to password. Each holds the role in its name. */
    public static final Map<String, String> PEOPLE = Map.of(
            "reader", "reader-password",
            "developer", "developer-password");

    private final Path home;
    private final int port;
    private final Process process;
    private final ServerLog log;

    private KeycloakServer(Path home, int port, Process process, ServerLog log) {
        this.home = home;
        this.port = port;
        this.process = process;
        this.log = log;
    }

    private static KeycloakServer shared;

    /**
     * One server for every test of this JVM, started on first use under {@code target/} and stopped
     * when the JVM exits: tests keep apart by the registries they point at it, not by its realm.
     */
    public static synchronized KeycloakServer shared() {
        if (shared == null) {
            shared = start(Path.of("target"));
            Runtime.getRuntime().addShutdownHook(new Thread(shared::close, "keycloak-stop"));
        }
        return shared;
    }

    /** Starts a server with the test realm, its data in a new folder under {@code parent}. */
    public static KeycloakServer start(Path parent) {
        Path distribution = distribution();
        try {
            Files.createDirectories(parent);
            Path home = Files.createTempDirectory(parent.toAbsolutePath(), "stele-keycloak-");
            // start-dev imports the realms in its distribution's data/import, and no other folder
            Path imports = Files.createDirectories(distribution.resolve("data").resolve("import"));
            try (InputStream realm = KeycloakServer.class.getResourceAsStream("/io/stele/keycloak/stele-realm.json")) {
                Files.copy(realm, imports.resolve("stele-realm.json"), StandardCopyOption.REPLACE_EXISTING);
            }
            ServerLog log = new ServerLog(home.resolve("keycloak.log"));
            for (int attempt = 1; ; attempt++) {
                int port = Local.freePort();
                Process process = launch(distribution, home, port, log.file());
                try {
                    awaitReady(process, log, port);
                    return new KeycloakServer(home, port, process, log);
                } catch (PortTaken e) {
                    if (attempt == 3) {
                        throw new IllegalStateException("Keycloak found its port taken three times" + log.tail());
                    }
                }
            }
        } catch (IOException e) {
            throw new UncheckedIOException("Cannot prepare Keycloak: " + e.getMessage(), e);
        }
    }

    /** The realm's issuer URL, as its tokens' {@code iss} claim says it. */
    public String issuer() {
        return "http://127.0.0.1:" + port + "/realms/" + REALM;
    }

    /** The realm's token endpoint. */
    public String tokenEndpoint() {
        return issuer() + "/protocol/openid-connect/token";
    }

    /** An access token for one of the realm's clients, by the client-credentials grant. */
    public String token(String clientId) {
        String form = "grant_type=client_credentials&client_id=" + clientId + "&client_secret=" + CLIENTS.get(clientId);
        HttpRequest request = HttpRequest.newBuilder(URI.create(tokenEndpoint()))
                .timeout(Duration.ofSeconds(30))
                .header("Content-Type", "application/x-www-form-urlencoded")
                .POST(HttpRequest.BodyPublishers.ofString(form))
                .build();
        try {
            HttpResponse<String> response =
                    HttpClient.newHttpClient().send(request, HttpResponse.BodyHandlers.ofString());
            Matcher token =
                    Pattern.compile("\"access_token\"\\s*:\\s*\"([^\"]+)\"").matcher(response.body());
            if (response.statusCode() != 200 || !token.find()) {
                throw new IllegalStateException("Keycloak refused a token to " + clientId + ": " + response.statusCode()
                        + " " + response.body());
            }
            return token.group(1);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new IllegalStateException(e);
        }
    }

    /** The value of an {@code Authorization} header with a client's basic credentials. */
    public static String basic(String clientId) {
        String pair = clientId + ":" + CLIENTS.get(clientId);
        return "Basic " + Base64.getEncoder().encodeToString(pair.getBytes(StandardCharsets.UTF_8));
    }

    @Override
    public void close() {
        if (process.isAlive()) {
            process.destroy();
            Local.waitFor(process, Duration.ofSeconds(60));
        }
        Local.deleteQuietly(home);
    }

    private static final class PortTaken extends Exception {}

    private static void awaitReady(Process process, ServerLog log, int port) throws PortTaken {
        long deadline = System.nanoTime() + START_TIMEOUT.toNanos();
        long from = log.length();
        while (System.nanoTime() < deadline) {
            String since = log.since(from);
            if (!process.isAlive()) {
                if (since.contains("Address already in use")) {
                    throw new PortTaken();
                }
                throw new IllegalStateException("Keycloak exited with " + process.exitValue() + log.tail());
            }
            if (READY.matcher(since).find()) {
                return;
            }
            Local.sleep(200);
        }
        process.destroyForcibly();
        throw new IllegalStateException(
                "Keycloak did not start on port " + port + " within " + START_TIMEOUT + log.tail());
    }

    private static Process launch(Path distribution, Path home, int port, Path output) throws IOException {
        List<String> command = List.of(
                "bash",
                distribution.resolve("bin/kc.sh").toString(),
                "start-dev",
                "--http-host=127.0.0.1",
                "--http-port=" + port,
                "--import-realm",
                // its database in the server's own folder, so that each start imports the realm anew
                "--db-url-path=" + home.resolve("db"));
        ProcessBuilder builder = new ProcessBuilder(command)
                .directory(home.toFile())
                .redirectErrorStream(true)
                .redirectOutput(ProcessBuilder.Redirect.appendTo(output.toFile()));
        Map<String, String> env = builder.environment();
        env.keySet().removeIf(name -> name.startsWith("KC_") || name.equals("JAVA_OPTS"));
        env.put("JAVA_HOME", System.getProperty("java.home"));
        env.put("JAVA_OPTS_KC_HEAP", "-Xms64m -Xmx256m");
        return builder.start();
    }

    /** The unpacked distribution, unpacking it first when this machine has not yet. */
    private static Path distribution() {
        String zip = System.getProperty("stele.keycloak.zip");
        if (zip == null || !Files.isRegularFile(Path.of(zip))) {
            throw new IllegalStateException(
                    "Keycloak's distribution is missing: the build passes its zip, resolved from"
                            + " Maven Central, in the stele.keycloak.zip system property (got " + zip + ")");
        }
        String name = Path.of(zip).getFileName().toString().replaceFirst("\\.zip$", "");
        return Local.cachedOnThisMachine(name, "bin/kc.sh", work -> {
            unzip(Path.of(zip), work);
            try (var top = Files.list(work)) {
                return top.findFirst().orElseThrow(() -> new IOException("The zip " + zip + " is empty"));
            }
        });
    }

    private static void unzip(Path zip, Path into) throws IOException {
        try (ZipInputStream in = new ZipInputStream(Files.newInputStream(zip))) {
            for (ZipEntry entry = in.getNextEntry(); entry != null; entry = in.getNextEntry()) {
                Path file = into.resolve(entry.getName()).normalize();
                if (!file.startsWith(into)) {
                    throw new IOException("The zip names a file outside its folder: " + entry.getName());
                }
                if (entry.isDirectory()) {
                    Files.createDirectories(file);
                } else {
                    Files.createDirectories(file.getParent());
                    Files.copy(in, file, StandardCopyOption.REPLACE_EXISTING);
                }
            }
        }
    }
}
