package io.stele.operator.testing;

import io.stele.testservers.Local;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;

/**
 * The packaged operator run as a process, as its Deployment would run it, connected to the test's
 * API server with its service account's token. It can be killed (SIGKILL) and started again.
 */
public final class OperatorProcess implements AutoCloseable {

    private static final Duration START_TIMEOUT = Duration.ofSeconds(90);

    private final ControlPlane plane;
    private final Path log;
    private Process process;
    private int port;

    public OperatorProcess(ControlPlane plane, Path log) {
        this.plane = plane;
        this.log = log;
    }

    /** Starts the operator and waits until its health check says it is ready (its informers synced). */
    public OperatorProcess start() {
        Path jar = Path.of(System.getProperty("operator.jar", "target/quarkus-app/quarkus-run.jar"));
        if (!Files.isRegularFile(jar)) {
            throw new IllegalStateException("The packaged operator is missing at " + jar + "; run mvn package first.");
        }
        port = Local.freePort();
        ProcessBuilder builder = new ProcessBuilder(List.of(
                Path.of(System.getProperty("java.home"), "bin", "java").toString(),
                "-Xmx256m",
                "-jar",
                jar.toString()));
        builder.environment().put("QUARKUS_HTTP_PORT", Integer.toString(port));
        builder.environment().put("QUARKUS_HTTP_HOST", "127.0.0.1");
        builder.environment().put("QUARKUS_KUBERNETES_CLIENT_API_SERVER_URL", plane.url());
        builder.environment().put("QUARKUS_KUBERNETES_CLIENT_TOKEN", plane.operatorToken());
        builder.environment().put("QUARKUS_KUBERNETES_CLIENT_TRUST_CERTS", "true");
        builder.environment().put("QUARKUS_KUBERNETES_CLIENT_NAMESPACE", ControlPlane.OPERATOR_NAMESPACE);
        try {
            process = builder.redirectErrorStream(true)
                    .redirectOutput(ProcessBuilder.Redirect.appendTo(log.toFile()))
                    .start();
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
        awaitReady();
        return this;
    }

    private void awaitReady() {
        HttpClient http =
                HttpClient.newBuilder().connectTimeout(Duration.ofSeconds(2)).build();
        HttpRequest ready = HttpRequest.newBuilder(URI.create("http://127.0.0.1:" + port + "/q/health/ready"))
                .timeout(Duration.ofSeconds(5))
                .build();
        long deadline = System.nanoTime() + START_TIMEOUT.toNanos();
        while (System.nanoTime() < deadline) {
            if (!process.isAlive()) {
                throw new IllegalStateException("The operator exited with " + process.exitValue() + "; see " + log);
            }
            try {
                if (http.send(ready, HttpResponse.BodyHandlers.discarding()).statusCode() == 200) {
                    return;
                }
            } catch (IOException e) {
                // not listening yet
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
                throw new IllegalStateException(e);
            }
            try {
                Thread.sleep(200);
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
                throw new IllegalStateException(e);
            }
        }
        throw new IllegalStateException("The operator was not ready within " + START_TIMEOUT + "; see " + log);
    }

    /** Kills the operator with SIGKILL, as a node failure or the OOM killer would. */
    public void kill() {
        process.destroyForcibly();
        Local.waitFor(process, Duration.ofSeconds(30));
    }

    @Override
    public void close() {
        if (process != null && process.isAlive()) {
            process.destroy();
            Local.waitFor(process, Duration.ofSeconds(60));
        }
    }
}
