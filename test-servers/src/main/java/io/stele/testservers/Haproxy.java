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
import java.util.Arrays;
import java.util.List;

/**
 * Debian's HAProxy in front of registry processes, following each one's readiness the way a
 * Kubernetes Service follows its endpoints: {@code GET /q/health/ready} every 500 ms, out after one
 * failed check, back after two good ones. Requests are balanced round robin; a request whose
 * connection to a registry cannot be opened goes to another (the request never reached the first),
 * and no other request is retried. Each request opens its own connection to a registry, so none
 * is sent on a connection the registry closed. Installed from Debian when missing (see {@link
 * DebianPackages}); runs in the foreground in its own folder and logs every request to {@code
 * haproxy.log} there.
 */
public final class Haproxy implements AutoCloseable {

    private static final Path EXECUTABLE = Path.of("/usr/sbin/haproxy");
    private static final HttpClient HTTP =
            HttpClient.newBuilder().connectTimeout(Duration.ofSeconds(2)).build();

    private final Process process;
    private final ServerLog log;
    private final int port;
    private final int statsPort;

    private Haproxy(Process process, ServerLog log, int port, int statsPort) {
        this.process = process;
        this.log = log;
        this.port = port;
        this.statsPort = statsPort;
    }

    /**
     * Starts HAProxy in a new folder under {@code parent}, in front of the registries at {@code
     * registries} (named {@code r0}, {@code r1}, ... in that order), and waits until it answers.
     */
    public static Haproxy start(Path parent, List<URI> registries) {
        DebianPackages.require(List.of(EXECUTABLE), "haproxy");
        int port = Local.freePort();
        int statsPort = Local.freePort();
        StringBuilder config = new StringBuilder(
                """
                global
                  log stderr format raw local0 info
                defaults
                  mode http
                  log global
                  option httplog
                  timeout connect 2s
                  timeout client 60s
                  timeout server 60s
                  timeout check 2s
                  retries 3
                  retry-on conn-failure
                  option redispatch 1
                  option http-server-close
                frontend registry
                  bind 127.0.0.1:%d
                  default_backend registries
                listen stats
                  bind 127.0.0.1:%d
                  stats enable
                  stats uri /stats
                backend registries
                  balance roundrobin
                  option httpchk GET /q/health/ready
                  default-server check inter 500ms fall 1 rise 2
                """
                        .formatted(port, statsPort));
        for (int i = 0; i < registries.size(); i++) {
            URI registry = registries.get(i);
            config.append("  server r%d %s:%d%n".formatted(i, registry.getHost(), registry.getPort()));
        }
        try {
            Path home =
                    Files.createTempDirectory(Files.createDirectories(parent).toAbsolutePath(), "haproxy-");
            Path file = Files.writeString(home.resolve("haproxy.cfg"), config);
            ServerLog log = new ServerLog(home.resolve("haproxy.log"));
            Process process = new ProcessBuilder(EXECUTABLE.toString(), "-f", file.toString(), "-db")
                    .redirectErrorStream(true)
                    .redirectOutput(ProcessBuilder.Redirect.appendTo(log.file().toFile()))
                    .start();
            Haproxy haproxy = new Haproxy(process, log, port, statsPort);
            haproxy.awaitStats(Duration.ofSeconds(30));
            return haproxy;
        } catch (IOException e) {
            throw new UncheckedIOException("Cannot start HAProxy: " + e.getMessage(), e);
        }
    }

    /** Where clients send requests, for example {@code http://127.0.0.1:41234}. */
    public URI baseUri() {
        return URI.create("http://127.0.0.1:" + port);
    }

    /**
     * What HAProxy says of the registry {@code r<index>} now: {@code UP}, {@code DOWN}, or a state
     * on the way between them such as {@code DOWN 1/2}.
     */
    public String status(int index) {
        String csv = stats();
        List<String> lines = csv.lines().toList();
        List<String> header = Arrays.asList(lines.get(0).replaceFirst("^# ", "").split(",", -1));
        int name = header.indexOf("svname");
        int status = header.indexOf("status");
        for (String line : lines.subList(1, lines.size())) {
            String[] fields = line.split(",", -1);
            if (fields[0].equals("registries") && fields[name].equals("r" + index)) {
                return fields[status];
            }
        }
        throw new IllegalStateException("HAProxy's statistics name no server r" + index + ":\n" + csv);
    }

    /**
     * Waits until HAProxy says the registry {@code r<index>} is {@code status} ({@code UP} or
     * {@code DOWN}).
     *
     * @throws IllegalStateException saying what it saw, when it does not within {@code timeout}
     */
    public void awaitStatus(int index, String status, Duration timeout) {
        long deadline = System.nanoTime() + timeout.toNanos();
        String seen = status(index);
        while (!seen.equals(status)) {
            if (System.nanoTime() > deadline) {
                throw new IllegalStateException("HAProxy still says registry r" + index + " is " + seen + " after "
                        + timeout + ", not " + status + "; see " + log.file());
            }
            Local.sleep(50);
            seen = status(index);
        }
    }

    private String stats() {
        HttpRequest request = HttpRequest.newBuilder(URI.create("http://127.0.0.1:" + statsPort + "/stats;csv"))
                .timeout(Duration.ofSeconds(5))
                .build();
        try {
            return HTTP.send(request, HttpResponse.BodyHandlers.ofString()).body();
        } catch (IOException e) {
            throw new UncheckedIOException("HAProxy's statistics do not answer" + log.tail(), e);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new IllegalStateException(e);
        }
    }

    private void awaitStats(Duration timeout) {
        long deadline = System.nanoTime() + timeout.toNanos();
        String last = "none";
        while (System.nanoTime() < deadline) {
            if (!process.isAlive()) {
                throw new IllegalStateException("HAProxy exited with " + process.exitValue() + log.tail());
            }
            try {
                stats();
                return;
            } catch (UncheckedIOException e) {
                last = e.getCause().toString(); // not listening yet
            }
            Local.sleep(100);
        }
        close();
        throw new IllegalStateException(
                "HAProxy did not answer within " + timeout + " (last: " + last + ")" + log.tail());
    }

    @Override
    public void close() {
        process.destroy();
        Local.waitFor(process, Duration.ofSeconds(10));
    }
}
