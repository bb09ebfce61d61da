package io.stele.testservers;

import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.net.URISyntaxException;
import java.net.URL;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.stream.Collectors;

/**
 * A private Infinispan cluster for tests: one or more nodes, each a separate JVM serving Hot Rod on
 * a free loopback port with its data (global state, the caches clients create, their file stores) in
 * a folder of its own under {@code target/}; several nodes find each other over loopback TCP. The
 * nodes run the {@code stele-infinispan-server} module's jars, so the tests' class path never mixes
 * with the server's.
 *
 * <p>Failures to start throw with the node's log, so tests fail loudly rather than skip.
 */
public final class InfinispanServer implements AutoCloseable {

    private static final String RESOURCE = "/io/stele/infinispan-server/classpath.txt";
    private static final String MAIN = "io.stele.infinispan.server.HotRodNode";
    private static final String READY_LINE = "Stele test Infinispan node ready";
    /**
     * Each node's heap: 384m, enough for the tests, or {@code STELE_INFINISPAN_HEAP} (the perf module
     * keeps millions of entries, all in the heap of a one-node cluster).
     */
    private static final String HEAP = System.getenv().getOrDefault("STELE_INFINISPAN_HEAP", "384m");

    private static final Duration START_TIMEOUT = Duration.ofSeconds(120);

    private final Path home;
    private final String classPath;
    private final SelfSignedTls tls;
    private final List<String> javaOptions;
    private final List<Node> nodes = new ArrayList<>();

    private InfinispanServer(Path home, String classPath, int size, SelfSignedTls tls, List<String> javaOptions) {
        this.home = home;
        this.classPath = classPath;
        this.tls = tls;
        this.javaOptions = List.copyOf(javaOptions);
        for (int i = 1; i <= size; i++) {
            nodes.add(new Node("node-" + i, home.resolve("node-" + i), Local.freePort(), Local.freePort()));
        }
    }

    /** Starts a cluster of {@code size} nodes in a new folder under {@code parent}. */
    public static InfinispanServer start(Path parent, int size) {
        return start(parent, size, false, defaultJavaOptions());
    }

    /**
     * Starts a cluster of {@code size} nodes whose JVMs run with {@code javaOptions} (heap and
     * collector) in place of the tests' small serial-collector heap.
     */
    public static InfinispanServer start(Path parent, int size, List<String> javaOptions) {
        return start(parent, size, false, javaOptions);
    }

    private static List<String> defaultJavaOptions() {
        return List.of("-Xms64m", "-Xmx" + HEAP, "-XX:+UseSerialGC");
    }

    /**
     * Starts one node that serves Hot Rod over TLS only, with a certificate of its own ({@link
     * #tls()}), in a new folder under {@code parent}.
     */
    public static InfinispanServer startOverTls(Path parent) {
        return start(parent, 1, true, defaultJavaOptions());
    }

    private static InfinispanServer start(Path parent, int size, boolean overTls, List<String> javaOptions) {
        try {
            Files.createDirectories(parent);
            Path home = Files.createTempDirectory(parent.toAbsolutePath(), "stele-infinispan-");
            InfinispanServer server = new InfinispanServer(
                    home, serverClassPath(), size, overTls ? SelfSignedTls.create(home) : null, javaOptions);
            server.startAgain();
            return server;
        } catch (IOException e) {
            throw new UncheckedIOException("Cannot prepare an Infinispan node: " + e.getMessage(), e);
        }
    }

    /**
     * The nodes' key store, for a client to trust.
     *
     * @throws IllegalStateException when the nodes do not serve over TLS
     */
    public SelfSignedTls tls() {
        if (tls == null) {
            throw new IllegalStateException("These Infinispan nodes do not serve over TLS");
        }
        return tls;
    }

    /** The Hot Rod client's server list: {@code host:port} of every node, separated by {@code ;}. */
    public String servers() {
        return nodes.stream().map(n -> "127.0.0.1:" + n.hotRodPort).collect(Collectors.joining(";"));
    }

    /** Starts every node that is not running, and waits until each serves Hot Rod. */
    public synchronized void startAgain() {
        List<Node> starting = nodes.stream().filter(n -> !n.running()).toList();
        for (Node node : starting) {
            node.launch();
        }
        for (Node node : starting) {
            node.awaitReady();
        }
    }

    /** Stops every node the way an operator would (SIGTERM), waiting until each has exited. */
    public synchronized void stop() {
        for (Node node : nodes) {
            node.stop();
        }
    }

    /** Kills one node (numbered from 1) with SIGKILL, as a crash would. */
    public synchronized void kill(int node) {
        nodes.get(node - 1).kill();
    }

    /** Starts one node (numbered from 1) again on its ports and data, and waits until it serves. */
    public synchronized void startAgain(int node) {
        Node n = nodes.get(node - 1);
        if (n.running()) {
            throw new IllegalStateException(n.name + " is running");
        }
        n.launch();
        n.awaitReady();
    }

    @Override
    public void close() {
        stop();
        Local.deleteQuietly(home);
    }

    /** The jars of the {@code stele-infinispan-server} module, with its own classes first. */
    private static String serverClassPath() throws IOException {
        URL resource = InfinispanServer.class.getResource(RESOURCE);
        if (resource == null) {
            throw new IllegalStateException("The Infinispan node's class path is missing: build the"
                    + " stele-infinispan-server module (it is part of the project's reactor).");
        }
        String jars;
        try (InputStream in = resource.openStream()) {
            jars = new String(in.readAllBytes(), StandardCharsets.UTF_8).trim();
        }
        return ownRoot(resource) + java.io.File.pathSeparator + jars;
    }

    /** The jar or class folder the resource was read from, which holds the node's main class. */
    private static String ownRoot(URL resource) {
        String url = resource.toString();
        try {
            if (url.startsWith("jar:")) {
                return Path.of(new URL(url.substring(4, url.indexOf("!/"))).toURI())
                        .toString();
            }
            Path file = Path.of(resource.toURI());
            // .../classes/io/stele/infinispan-server/classpath.txt
            return file.getParent().getParent().getParent().getParent().toString();
        } catch (URISyntaxException | IOException e) {
            throw new IllegalStateException("Cannot locate the Infinispan node's classes from " + url, e);
        }
    }

    /** One member of the cluster: its process, ports, folder and log. */
    private final class Node {
        private final String name;
        private final Path data;
        private final ServerLog log;
        private final int hotRodPort;
        private final int clusterPort;
        private Process process;
        private long logFrom;

        Node(String name, Path data, int hotRodPort, int clusterPort) {
            this.name = name;
            this.data = data;
            this.log = new ServerLog(data.resolveSibling(name + ".log"));
            this.hotRodPort = hotRodPort;
            this.clusterPort = clusterPort;
        }

        boolean running() {
            return process != null && process.isAlive();
        }

        void launch() {
            String members =
                    nodes.stream().map(n -> String.valueOf(n.clusterPort)).collect(Collectors.joining(","));
            List<String> command = new ArrayList<>();
            command.add(Path.of(System.getProperty("java.home"), "bin", "java").toString());
            command.addAll(javaOptions);
            command.addAll(List.of(
                    "-Djava.net.preferIPv4Stack=true",
                    "-cp",
                    classPath,
                    MAIN,
                    "port=" + hotRodPort,
                    "data=" + data,
                    "cluster=stele-test",
                    "node=" + name,
                    "bind-port=" + clusterPort,
                    "members=" + members,
                    "expect=" + nodes.size()));
            if (tls != null) {
                command.add("tls-keystore=" + tls.keyStore());
                command.add("tls-password=" + tls.password());
            }
            logFrom = log.length();
            try {
                process = new ProcessBuilder(command)
                        .directory(home.toFile())
                        .redirectErrorStream(true)
                        .redirectOutput(
                                ProcessBuilder.Redirect.appendTo(log.file().toFile()))
                        .start();
            } catch (IOException e) {
                throw new UncheckedIOException("Cannot run an Infinispan node: " + e.getMessage(), e);
            }
        }

        void awaitReady() {
            long deadline = System.nanoTime() + START_TIMEOUT.toNanos();
            while (System.nanoTime() < deadline) {
                if (!process.isAlive()) {
                    throw new IllegalStateException(
                            "Infinispan " + name + " exited with " + process.exitValue() + log.tail());
                }
                if (log.since(logFrom).contains(READY_LINE)) {
                    return;
                }
                Local.sleep(100);
            }
            process.destroyForcibly();
            throw new IllegalStateException(
                    "Infinispan " + name + " did not start within " + START_TIMEOUT + log.tail());
        }

        void stop() {
            if (running()) {
                process.destroy();
                Local.waitFor(process, Duration.ofSeconds(60));
            }
        }

        void kill() {
            if (running()) {
                process.destroyForcibly();
                Local.waitFor(process, Duration.ofSeconds(30));
            }
        }
    }
}
