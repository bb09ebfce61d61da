package io.stele.app.testing;

import io.quarkus.test.common.QuarkusTestResourceLifecycleManager;
import io.stele.storage.testkit.servers.KafkaServer;
import java.util.Map;
import java.util.UUID;

/** Points the application under test at a new topic on the build's Kafka broker. */
public class KafkaTestResource implements QuarkusTestResourceLifecycleManager {

    @Override
    public Map<String, String> start() {
        KafkaServer broker = KafkaServer.shared();
        return Map.of(
                "stele.storage.kind", "kafka",
                "stele.storage.kafka.bootstrap-servers", broker.bootstrapServers(),
                "stele.storage.kafka.topic", "stele-test-" + UUID.randomUUID(),
                "stele.storage.kafka.replication-factor", "1",
                "stele.storage.kafka.min-insync-replicas", "1");
    }

    @Override
    public void stop() {
        // the shared broker stops when the JVM exits
    }
}
