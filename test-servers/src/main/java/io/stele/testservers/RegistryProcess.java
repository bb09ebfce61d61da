package io.stele.testservers;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;

/**
 * The packaged registry run as a separate process, as a user runs it, on a free loopback port.
 *
 * <p>The runner jar is {@code target/quarkus-app/quarkus-run.jar} unless the system property
 * {@code runner.jar} names another. A registry that exits or does not answer in time makes
 * {@link #start()} throw, with the path of its log, so tests fail loudly rather than skip.
 */
public final class RegistryProcess implements AutoCloseable {

    /** The setting of the registry's drain on SIGTERM, which a test's registry skips unless set. */
    private static final String DRAIN = "stele.shutdown.drain";

    private static final HttpClient HTTP =
            HttpClient.newBuilder().connectTimeout(Duration.ofSeconds(2)).build();

    private final Map<String, String> settings;
    private final Path log;
    private final int port;
    private Process process;
    private String maxHeap = "512m";
    private boolean measured;
    private final List<String> jvmOptions = new ArrayList<>();
    private final Map<String, String> environment = new java.util.LinkedHashMap<>();
    private Path workingDirectory;
    private Path runner;
    private HttpClient http = HTTP;
    private int tlsPort;

    /**
     * @param settings system properties passed to the registry, such as {@code stele.storage.kind}
     * @param log where its output goes
     */
    public RegistryProcess(Map<String, String> settings, Path log) {
        this.settings = settings;
        this.log = log;
        this.port = Local.freePort();
    }

    /**
     * Serves HTTPS with this certificate and key ({@code stele.tls.certificate} and {@code
     * stele.tls.key}), as {@link #trusting} says. Plain HTTP stays open unless the settings close it.
     */
    public RegistryProcess overTls(SelfSignedTls tls) {
        settings.put("stele.tls.certificate", tls.certificate().toString());
        settings.put("stele.tls.key", tls.key().toString());
        return trusting(tls);
    }

    /**
     * Serves HTTPS on a port of its own ({@code stele.tls.port}), with a certificate and key its
     * other settings name, and talks to it there: {@link #baseUri()} and {@link #send} then use
     * HTTPS, trusting this certificate alone.
     */
    public RegistryProcess trusting(SelfSignedTls tls) {
        this.tlsPort = Local.freePort();
        settings.put("stele.tls.port", Integer.toString(tlsPort));
        this.http = HttpClient.newBuilder()
                .connectTimeout(Duration.ofSeconds(2))
                .sslContext(tls.trustingIt())
                .build();
        return this;
    }

    /** Sets the registry's largest heap, as for {@code -Xmx} (512m unless set), before it starts. */
    public RegistryProcess maxHeap(String size) {
        this.maxHeap = size;
        return this;
    }

    /**
     * Runs the registry's JVM with its full just-in-time compilation, as production runs it, for a
     * process whose speed is measured. Without this, a registry compiles with the client compiler
     * alone ({@code -XX:TieredStopAtLevel=1}): a test's registry lives seconds to minutes, and a
     * start then costs about half the CPU (6.7 s rather than 12 s on two cores), which the build's
     * 100-odd starts would otherwise spend on code that never runs long enough to repay it.
     */
    public RegistryProcess measured() {
        this.measured = true;
        return this;
    }

    /** Adds an option to the registry's JVM, such as {@code -Xlog:...}, before it starts. */
    public RegistryProcess jvmOption(String option) {
        jvmOptions.add(option);
        return this;
    }

    /** Adds options to the registry's JVM, such as a collector's, before it starts; after any given before. */
    public RegistryProcess jvmOptions(List<String> options) {
        jvmOptions.addAll(options);
        return this;
    }

    /**
     * Adds environment variables to the registry's process, as a container's {@code env} sets them,
     * before it starts.
     */
    public RegistryProcess environment(Map<String, String> variables) {
        environment.putAll(variables);
        return this;
    }

    /**
     * Runs the registry in {@code dir}, where it reads {@code config/application.properties} from,
     * before it starts; the test's own folder unless set.
     */
    public RegistryProcess workingDirectory(Path dir) {
        this.workingDirectory = dir;
        return this;
    }

    /**
     * Runs this runner jar, such as a previous release's ({@link ReleaseBuild}), in place of the
     * build's own, before it starts.
     */
    public RegistryProcess runner(Path jar) {
        this.runner = jar;
        return this;
    }

    /** The packaged registry's runner jar; throws if it is missing. */
    public static Path runnerJar() {
        Path jar = Path.of(System.getProperty("runner.jar", "target/quarkus-app/quarkus-run.jar"));
        if (!Files.isRegularFile(jar)) {
            throw new IllegalStateException("The packaged registry is missing at " + jar + "; run mvn package first.");
        }
        return jar;
    }

    /** Starts the registry and waits until it is ready. */
    public RegistryProcess start() {
        launch();
        awaitStatus("/q/health/ready", true, Duration.ofSeconds(60));
        return this;
    }

    /** Starts the registry and waits only until it answers HTTP, ready or not. */
    public RegistryProcess startWithoutWaiting() {
        launch();
        awaitStatus("/q/health/live", false, Duration.ofSeconds(60));
        return this;
    }

    /**
     * Starts the registry and waits until it exits by itself, as it does when it finds it cannot
     * run as configured.
     *
     * @return its exit status
     * @throws IllegalStateException when it still runs after {@code timeout}; it is then killed
     */
    public int startAndAwaitExit(Duration timeout) {
        launch();
        return awaitExit(timeout);
    }

    /**
     * Waits for the registry to exit, as after {@link #terminate()}.
     *
     * @return its exit status
     * @throws IllegalStateException when it still runs after {@code timeout}; it is then killed
     */
    public int awaitExit(Duration timeout) {
        try {
            if (!process.waitFor(timeout.toMillis(), TimeUnit.MILLISECONDS)) {
                kill();
                throw new IllegalStateException(
                        "The registry was expected to exit and still ran after " + timeout + "; see " + log);
            }
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new IllegalStateException(e);
        }
        return process.exitValue();
    }

    /** Sends SIGTERM, as Kubernetes stops a pod, and returns at once: see {@link #awaitExit}. */
    public void terminate() {
        process.destroy();
    }

    /** Whether the registry's process still runs. */
    public boolean isAlive() {
        return process != null && process.isAlive();
    }

    /** Where the registry listens, for example {@code http://127.0.0.1:41234}. */
    public URI baseUri() {
        return tlsPort == 0 ? plainUri() : URI.create("https://127.0.0.1:" + tlsPort);
    }

    /** Where the registry listens for plain HTTP, whether or not it serves HTTPS too. */
    public URI plainUri() {
        return URI.create("http://127.0.0.1:" + port);
    }

    /** The operating system's id of the registry's process, to measure its memory and CPU. */
    public long pid() {
        if (process == null) {
            throw new IllegalStateException("The registry has not been started.");
        }
        return process.pid();
    }

    /** What the registry has logged so far. */
    public String log() throws IOException {
        return Files.readString(log);
    }

    private void launch() {
        List<String> command = new ArrayList<>(List.of(
                Path.of(System.getProperty("java.home"), "bin", "java").toString(),
                "-Xmx" + maxHeap,
                "-Dquarkus.http.port=" + port,
                "-Dquarkus.http.host=127.0.0.1"));
        if (!measured) {
            command.add("-XX:TieredStopAtLevel=1");
        }
        command.addAll(jvmOptions);
        settings.forEach((k, v) -> command.add("-D" + k + "=" + v));
        Path jar = runner != null ? runner : runnerJar();
        command.addAll(List.of("-jar", jar.toAbsolutePath().toString()));
        try {
            ProcessBuilder builder = new ProcessBuilder(command);
            if (!settings.containsKey(DRAIN)) {
                // closed by a test, a registry stops at once unless the test asks for a drain: nothing
                // routes requests to it that would need one; the environment may still set one
                builder.environment().put("STELE_SHUTDOWN_DRAIN", "0s");
            }
            builder.environment().putAll(environment);
            if (workingDirectory != null) {
                builder.directory(workingDirectory.toFile());
            }
            process = builder.redirectErrorStream(true)
                    .redirectOutput(ProcessBuilder.Redirect.appendTo(log.toFile()))
                    .start();
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    private void awaitStatus(String path, boolean requireOk, Duration timeout) {
        long deadline = System.nanoTime() + timeout.toNanos();
        while (System.nanoTime() < deadline) {
            if (!process.isAlive()) {
                throw new IllegalStateException("The registry exited with " + process.exitValue() + "; see " + log);
            }
            try {
                int status = send("GET", path, null).statusCode();
                if (status == 200 || !requireOk) {
                    return;
                }
            } catch (UncheckedIOException e) {
                // not listening yet
            }
            Local.sleep(200);
        }
        throw new IllegalStateException("The registry did not answer " + path + " within " + timeout + "; see " + log);
    }

    /**
     * Sends one request.
     *
     * @param body the body, or null for none
     * @param headers header names and values, alternating
     */
    public HttpResponse<String> send(String method, String path, String body, String... headers) {
        return exchange(
                method,
                path,
                body == null ? HttpRequest.BodyPublishers.noBody() : HttpRequest.BodyPublishers.ofString(body),
                HttpResponse.BodyHandlers.ofString(),
                headers);
    }

    /**
     * Sends one request whose body, and answer, are bytes: a zip, say.
     *
     * @param body the body, or null for none
     * @param headers header names and values, alternating
     */
    public HttpResponse<byte[]> sendBytes(String method, String path, byte[] body, String... headers) {
        return exchange(
                method,
                path,
                body == null ? HttpRequest.BodyPublishers.noBody() : HttpRequest.BodyPublishers.ofByteArray(body),
                HttpResponse.BodyHandlers.ofByteArray(),
                headers);
    }

    private <T> HttpResponse<T> exchange(
            String method,
            String path,
            HttpRequest.BodyPublisher body,
            HttpResponse.BodyHandler<T> answer,
            String... headers) {
        HttpRequest.Builder request = HttpRequest.newBuilder(baseUri().resolve(path))
                .timeout(Duration.ofSeconds(30))
                .method(method, body);
        for (int i = 0; i + 1 < headers.length; i += 2) {
            request.header(headers[i], headers[i + 1]);
        }
        try {
            return http.send(request.build(), answer);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new IllegalStateException(e);
        }
    }

    /** Kills the process with SIGKILL, as a crash or an OOM killer would. */
    public void kill() {
        process.destroyForcibly();
        waitFor();
    }

    /** Waits for the process to end: 60 s after SIGTERM, then it is killed. */
    private void waitFor() {
        try {
            if (!process.waitFor(60, TimeUnit.SECONDS)) {
                process.destroyForcibly();
                process.waitFor(30, TimeUnit.SECONDS);
            }
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
    }

    @Override
    public void close() {
        if (process != null && process.isAlive()) {
            process.destroy();
            waitFor();
        }
    }
}
