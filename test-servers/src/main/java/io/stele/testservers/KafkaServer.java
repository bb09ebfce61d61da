package io.stele.testservers;

import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.net.InetSocketAddress;
import java.net.Socket;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.security.SecureRandom;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Base64;
import java.util.List;

/**
 * A private single-node Kafka broker for tests: KRaft mode (broker and controller in one process),
 * its own log folder under {@code target/}, free loopback ports. It runs as a separate JVM from the
 * broker jars that the {@code stele-kafka-broker} module resolves, so the tests' own class path
 * never mixes with the broker's.
 *
 * <p>Failures to start throw with the broker's log, so tests fail loudly rather than skip.
 */
public final class KafkaServer implements AutoCloseable {

    private static final String READY_LINE = "Kafka Server started";
    private static final Duration START_TIMEOUT = Duration.ofSeconds(90);

    private static KafkaServer shared;

    private final Path home;
    private final Path properties;
    private final ServerLog log;
    private final String classPath;
    private final int port;
    private Process process;
    private int starts;

    private KafkaServer(Path home, String classPath) {
        this.home = home;
        this.properties = home.resolve("server.properties");
        this.log = new ServerLog(home.resolve("kafka.log"));
        this.classPath = classPath;
        this.port = Local.freePort();
    }

    /** One broker for the whole JVM, started on first use and stopped when the JVM exits. */
    public static synchronized KafkaServer shared() {
        if (shared == null) {
            shared = start(Path.of("target"));
            Runtime.getRuntime().addShutdownHook(new Thread(shared::close, "kafka-stop"));
        }
        return shared;
    }

    /** Formats and starts a new broker in a new folder under {@code parent}. */
    public static KafkaServer start(Path parent) {
        try {
            Files.createDirectories(parent);
            Path home = Files.createTempDirectory(parent.toAbsolutePath(), "stele-kafka-");
            KafkaServer server = new KafkaServer(home, brokerClassPath());
            server.format();
            server.startAgain();
            return server;
        } catch (IOException e) {
            throw new UncheckedIOException("Cannot prepare a Kafka broker: " + e.getMessage(), e);
        }
    }

    /** {@code host:port} for {@code bootstrap.servers}. */
    public String bootstrapServers() {
        return "127.0.0.1:" + port;
    }

    /** Starts the broker (again, after {@link #stop()} or {@link #kill()}) on the same port and logs. */
    public synchronized void startAgain() {
        if (process != null && process.isAlive()) {
            throw new IllegalStateException("The broker is running");
        }
        starts++;
        long from = log.length();
        process = launch(log.file(), "kafka.Kafka", properties.toString());
        long deadline = System.nanoTime() + START_TIMEOUT.toNanos();
        while (System.nanoTime() < deadline) {
            if (!process.isAlive()) {
                throw new IllegalStateException("The Kafka broker exited with " + process.exitValue() + log.tail());
            }
            if (log.since(from).contains(READY_LINE) && accepts()) {
                return;
            }
            Local.sleep(100);
        }
        process.destroyForcibly();
        throw new IllegalStateException("The Kafka broker did not start within " + START_TIMEOUT + log.tail());
    }

    /** Stops the broker the way an operator would (SIGTERM), waiting until it has exited. */
    public synchronized void stop() {
        if (process != null && process.isAlive()) {
            process.destroy();
            Local.waitFor(process, Duration.ofSeconds(60));
        }
    }

    /** Kills the broker with SIGKILL, as a crash would. */
    public synchronized void kill() {
        if (process != null && process.isAlive()) {
            process.destroyForcibly();
            Local.waitFor(process, Duration.ofSeconds(30));
        }
    }

    /** How many times the broker has been started. */
    public synchronized int starts() {
        return starts;
    }

    @Override
    public void close() {
        stop();
        Local.deleteQuietly(home);
    }

    private void format() throws IOException {
        Files.writeString(properties, serverProperties(), StandardCharsets.UTF_8);
        Path out = home.resolve("format.log");
        Process format =
                launch(out, "kafka.tools.StorageTool", "format", "-t", clusterId(), "-c", properties.toString());
        Local.waitFor(format, Duration.ofSeconds(120));
        if (format.exitValue() != 0) {
            throw new IllegalStateException("Formatting the Kafka log folder failed (exit " + format.exitValue()
                    + "):\n" + Files.readString(out));
        }
    }

    private String serverProperties() {
        int controllerPort = Local.freePort();
        return String.join(
                "\n",
                "process.roles=broker,controller",
                "node.id=1",
                "controller.quorum.voters=1@127.0.0.1:" + controllerPort,
                "listeners=PLAINTEXT://127.0.0.1:" + port + ",CONTROLLER://127.0.0.1:" + controllerPort,
                "advertised.listeners=PLAINTEXT://127.0.0.1:" + port,
                "controller.listener.names=CONTROLLER",
                "listener.security.protocol.map=PLAINTEXT:PLAINTEXT,CONTROLLER:PLAINTEXT",
                "inter.broker.listener.name=PLAINTEXT",
                "log.dirs=" + home.resolve("logs"),
                "num.partitions=1",
                "auto.create.topics.enable=false",
                "offsets.topic.replication.factor=1",
                "transaction.state.log.replication.factor=1",
                "transaction.state.log.min.isr=1",
                "share.coordinator.state.topic.replication.factor=1",
                "share.coordinator.state.topic.min.isr=1",
                "group.initial.rebalance.delay.ms=0",
                "");
    }

    private Process launch(Path output, String mainClass, String... args) {
        List<String> command = new ArrayList<>(List.of(
                Path.of(System.getProperty("java.home"), "bin", "java").toString(),
                "-Xms64m",
                "-Xmx256m",
                "-XX:+UseSerialGC",
                "-Dorg.slf4j.simpleLogger.defaultLogLevel=info",
                "-Dorg.slf4j.simpleLogger.showDateTime=true",
                "-cp",
                classPath,
                mainClass));
        command.addAll(List.of(args));
        try {
            return new ProcessBuilder(command)
                    .directory(home.toFile())
                    .redirectErrorStream(true)
                    .redirectOutput(ProcessBuilder.Redirect.appendTo(output.toFile()))
                    .start();
        } catch (IOException e) {
            throw new UncheckedIOException("Cannot run " + mainClass + ": " + e.getMessage(), e);
        }
    }

    /** The broker's jars, as the {@code stele-kafka-broker} module resolved them. */
    private static String brokerClassPath() throws IOException {
        try (InputStream in = KafkaServer.class.getResourceAsStream("/io/stele/kafka-broker/classpath.txt")) {
            if (in == null) {
                throw new IllegalStateException("The Kafka broker's class path is missing: build the"
                        + " stele-kafka-broker module (it is part of the project's reactor).");
            }
            return new String(in.readAllBytes(), StandardCharsets.UTF_8).trim();
        }
    }

    /** A new cluster id in Kafka's form: 16 random bytes, URL-safe Base64 without padding. */
    private static String clusterId() {
        SecureRandom random = new SecureRandom();
        byte[] bytes = new byte[16];
        String id;
        do {
            random.nextBytes(bytes);
            id = Base64.getUrlEncoder().withoutPadding().encodeToString(bytes);
        } while (id.startsWith("-"));
        return id;
    }

    private boolean accepts() {
        try (Socket socket = new Socket()) {
            socket.connect(new InetSocketAddress("127.0.0.1", port), 500);
            return true;
        } catch (IOException e) {
            return false;
        }
    }
}
