package io.stele.storage.kafka;

import java.nio.file.Path;
import java.time.Duration;
import java.util.Map;
import java.util.Objects;

/**
 * How a replica reaches its log and where it keeps its local state.
 *
 * @param bootstrapServers Kafka's {@code bootstrap.servers}
 * @param topic the log's topic, one partition
 * @param replicationFactor replicas of the topic when this replica creates it
 * @param minInsyncReplicas the topic's {@code min.insync.replicas} when this replica creates it
 * @param stateDir the folder of this replica's local state; one folder per replica
 * @param writeTimeout how long a write waits for its record to be applied before answering 503
 * @param clientProperties further Kafka client settings (security, for example), given to the
 *     producer, the consumer and the admin client alike
 */
public record KafkaLogSettings(
        String bootstrapServers,
        String topic,
        short replicationFactor,
        int minInsyncReplicas,
        Path stateDir,
        Duration writeTimeout,
        Map<String, String> clientProperties) {

    /** The largest record the log takes: a version's content, or one import batch. */
    static final int MAX_RECORD_BYTES = 32 * 1024 * 1024;

    public KafkaLogSettings {
        Objects.requireNonNull(bootstrapServers, "bootstrapServers");
        Objects.requireNonNull(topic, "topic");
        Objects.requireNonNull(stateDir, "stateDir");
        Objects.requireNonNull(writeTimeout, "writeTimeout");
        clientProperties = Map.copyOf(clientProperties);
        if (bootstrapServers.isBlank()) {
            throw new IllegalStateException("stele.storage.kafka.bootstrap-servers must name at least one broker.");
        }
        if (topic.isBlank()) {
            throw new IllegalStateException("stele.storage.kafka.topic must not be blank.");
        }
        if (replicationFactor < 1 || minInsyncReplicas < 1 || minInsyncReplicas > replicationFactor) {
            throw new IllegalStateException("stele.storage.kafka.replication-factor (" + replicationFactor
                    + ") must be 1 or more and stele.storage.kafka.min-insync-replicas (" + minInsyncReplicas
                    + ") between 1 and it.");
        }
        if (writeTimeout.toMillis() < 2000) {
            throw new IllegalStateException(
                    "stele.storage.kafka.write-timeout must be 2 s or more, was " + writeTimeout + ".");
        }
    }
}
