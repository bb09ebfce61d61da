package io.stele.storage.testkit.backends;

import io.stele.testservers.KafkaServer;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.HashMap;
import java.util.Map;
import java.util.UUID;

/**
 * The Kafka log: a private single-node broker; each store is a new topic on it, and each replica
 * keeps its local state in a folder of its own, named after the topic and the replica.
 */
public final class KafkaBackend implements Backend {

    /** Its {@code stele.storage.kind}. */
    public static final String KIND = "kafka";

    private final KafkaServer broker;
    private final Path states;

    private KafkaBackend(KafkaServer broker, Path states) {
        this.broker = broker;
        this.states = states;
    }

    /** Starts a private broker in a new folder under {@code parent}. */
    public static KafkaBackend start(Path parent) {
        try {
            Files.createDirectories(parent);
            Path states = Files.createTempDirectory(parent.toAbsolutePath(), "stele-kafka-replicas-");
            return new KafkaBackend(KafkaServer.start(parent), states);
        } catch (IOException e) {
            throw new UncheckedIOException("Cannot prepare the replicas' folder: " + e.getMessage(), e);
        }
    }

    /** {@code host:port} for {@code bootstrap.servers}, for what only Kafka has (an admin client). */
    public String bootstrapServers() {
        return broker.bootstrapServers();
    }

    @Override
    public String kind() {
        return KIND;
    }

    @Override
    public Topic newStore() {
        return topic("stele-" + UUID.randomUUID());
    }

    /** A store on a topic of this name, which may exist already (with settings a test chose). */
    public Topic topic(String name) {
        return new Topic(broker.bootstrapServers(), name, states);
    }

    @Override
    public void stop() {
        broker.stop();
    }

    @Override
    public void startAgain() {
        broker.startAgain();
    }

    @Override
    public void close() {
        broker.close();
    }

    /** A topic on the broker, with the folder under which each replica's state goes. */
    public record Topic(String bootstrapServers, String name, Path states) implements Store {

        @Override
        public Map<String, String> replica(String replica) {
            Map<String, String> settings = new HashMap<>();
            settings.put("stele.storage.kind", KIND);
            settings.put("stele.storage.kafka.bootstrap-servers", bootstrapServers);
            settings.put("stele.storage.kafka.topic", name);
            settings.put("stele.storage.kafka.replication-factor", "1");
            settings.put("stele.storage.kafka.min-insync-replicas", "1");
            settings.put(
                    "stele.storage.kafka.state-dir",
                    states.resolve(name + "-" + replica).toString());
            return settings;
        }
    }

    /** Starts {@link KafkaBackend}s; its server takes no settings. */
    public static final class Launcher extends Backend.Launcher {

        public Launcher() {
            super(KIND, withoutSettings(KIND, KafkaBackend::start));
        }
    }
}
