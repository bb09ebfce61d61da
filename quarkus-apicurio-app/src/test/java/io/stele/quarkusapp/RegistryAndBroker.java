package io.stele.quarkusapp;

import io.quarkus.test.common.QuarkusTestResourceLifecycleManager;
import io.stele.storage.testkit.backends.PackagedRegistry;
import io.stele.testservers.KafkaServer;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;
import org.apache.kafka.clients.admin.Admin;
import org.apache.kafka.clients.admin.AdminClientConfig;
import org.apache.kafka.clients.admin.NewTopic;
import org.awaitility.Awaitility;

/**
 * The packaged registry on its embedded storage and a private Kafka broker, started before the
 * application and named in its settings as a team would name its own: the extension's registry URL
 * (Apicurio's v3 API) and {@code kafka.bootstrap.servers}.
 */
public class RegistryAndBroker implements QuarkusTestResourceLifecycleManager {

    /** The topic the application writes and reads: the broker creates none by itself. */
    static final String TOPIC = "orders";

    static volatile String registryUrl;

    private PackagedRegistry registry;
    private KafkaServer broker;

    @Override
    public Map<String, String> start() {
        try {
            broker = KafkaServer.start(Path.of("target"));
            createTopic(broker.bootstrapServers(), TOPIC);
            registry = PackagedRegistry.start("embedded", QuarkusApicurioAppIT.class);
        } catch (Exception e) {
            stop();
            throw new IllegalStateException("The registry or the broker did not start: " + e.getMessage(), e);
        }
        registryUrl = registry.process().baseUri() + "/apis/registry/v3";
        return Map.of(
                "kafka.bootstrap.servers",
                broker.bootstrapServers(),
                "mp.messaging.connector.smallrye-kafka.apicurio.registry.url",
                registryUrl);
    }

    /**
     * Creates the topic and waits until its partition has a leader, so that the application's first
     * send finds it: a topic just created may not be in every answer's metadata yet.
     */
    private static void createTopic(String bootstrapServers, String topic) throws Exception {
        try (Admin admin = Admin.create(Map.of(AdminClientConfig.BOOTSTRAP_SERVERS_CONFIG, bootstrapServers))) {
            admin.createTopics(List.of(new NewTopic(topic, 1, (short) 1))).all().get(60, TimeUnit.SECONDS);
            Awaitility.await("a leader for the partition of topic " + topic)
                    .atMost(Duration.ofSeconds(60))
                    .ignoreExceptions()
                    .until(() -> admin
                            .describeTopics(List.of(topic))
                            .allTopicNames()
                            .get(10, TimeUnit.SECONDS)
                            .get(topic)
                            .partitions()
                            .stream()
                            .allMatch(partition -> partition.leader() != null));
        }
    }

    @Override
    public void stop() {
        try {
            if (registry != null) {
                registry.close();
            }
        } catch (Exception e) {
            throw new IllegalStateException("The registry did not stop: " + e.getMessage(), e);
        } finally {
            if (broker != null) {
                broker.close();
            }
        }
    }
}
