package io.stele.storage.kafka;

import io.smallrye.config.ConfigMapping;
import io.smallrye.config.WithDefault;
import java.nio.file.Path;
import java.time.Duration;
import java.util.Map;

/** Settings of the Kafka log backend, under {@code stele.storage.kafka}. */
@ConfigMapping(prefix = "stele.storage.kafka")
public interface KafkaStorageConfig {

    /** Kafka's {@code bootstrap.servers}. */
    @WithDefault("localhost:9092")
    String bootstrapServers();

    /** The log's topic: created at start-up if absent, one partition. */
    @WithDefault("stele-log")
    String topic();

    /** Replicas of the topic when the registry creates it. */
    @WithDefault("3")
    short replicationFactor();

    /** The topic's {@code min.insync.replicas} when the registry creates it. */
    @WithDefault("2")
    int minInsyncReplicas();

    /** This replica's local state: the log applied to an embedded database. One folder per replica. */
    @WithDefault("./data/kafka-state")
    String stateDir();

    /** How long a write waits for its record to be applied before it answers 503. */
    @WithDefault("10s")
    Duration writeTimeout();

    /** Further Kafka client settings (security.protocol, sasl.*, ssl.*), for every client the backend opens. */
    Map<String, String> client();

    default KafkaLogSettings settings() {
        return new KafkaLogSettings(
                bootstrapServers(),
                topic(),
                replicationFactor(),
                minInsyncReplicas(),
                Path.of(stateDir()),
                writeTimeout(),
                client());
    }
}
