package io.stele.storage.kafka;

import io.stele.storage.testkit.Started;
import io.stele.testservers.KafkaServer;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.Map;
import java.util.UUID;

/** Replicas on the build's Kafka broker, each with a state folder of its own under target/. */
final class KafkaReplicas {

    private KafkaReplicas() {}

    static String newTopic() {
        return "stele-test-" + UUID.randomUUID();
    }

    static Path newStateDir() {
        try {
            Files.createDirectories(Path.of("target"));
            return Files.createTempDirectory(Path.of("target"), "kafka-state-");
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    static KafkaLogSettings settings(KafkaServer broker, String topic, Path stateDir) {
        return new KafkaLogSettings(
                broker.bootstrapServers(), topic, (short) 1, 1, stateDir, Duration.ofSeconds(10), Map.of());
    }

    /** Starts a replica and waits until it has caught up with the log. */
    static KafkaStorage startReady(KafkaLogSettings settings) {
        return Started.ready(new KafkaStorage(settings));
    }

    static KafkaStorage startReady(KafkaLogSettings settings, Duration timeout) {
        return Started.ready(new KafkaStorage(settings), timeout);
    }

    /** Waits until a started replica has caught up with the log, failing after {@code timeout}. */
    static void awaitReady(KafkaStorage storage, Duration timeout) {
        Started.awaitReady(storage, timeout);
    }
}
