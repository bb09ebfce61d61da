package io.stele.app.packaged;

import static org.assertj.core.api.Assertions.assertThat;

import io.stele.storage.testkit.backends.KafkaBackend;
import io.stele.testservers.RegistryProcess;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.UUID;
import java.util.concurrent.TimeUnit;
import org.apache.kafka.clients.admin.Admin;
import org.apache.kafka.clients.admin.AdminClientConfig;
import org.apache.kafka.clients.admin.NewTopic;
import org.apache.kafka.common.config.TopicConfig;
import org.junit.jupiter.api.Test;

/**
 * The packaged registry on the Kafka log: {@link PackagedScenarios}, each replica with its own
 * state folder, and what only the log does: a topic created beforehand with the wrong settings.
 */
class KafkaIT extends PackagedScenarios<KafkaBackend> {

    @Override
    protected KafkaBackend startBackend(Path parent) {
        return KafkaBackend.start(parent);
    }

    @Override
    protected String unreachableReason(KafkaBackend backend) {
        return "Cannot reach Kafka at " + backend.bootstrapServers();
    }

    @Override
    protected String addressSetting() {
        return "stele.storage.kafka.bootstrap-servers";
    }

    /** Reads are served from the replica's local state meanwhile. */
    @Override
    protected void assertReadsWhileDown(RegistryProcess registry) {
        assertThat(registry.send("GET", "/api/artifacts/before", null).statusCode())
                .isEqualTo(200);
    }

    /** A write waits for the broker for the write timeout: shorter than the default, to answer 503 soon. */
    @Override
    protected Map<String, String> outageSettings() {
        return Map.of("stele.storage.kafka.write-timeout", "3s");
    }

    /** The producer reconnects on its own schedule, and the ready check does not wait for it. */
    @Override
    protected boolean firstAttemptOutlastsOneSecond() {
        return true; // the admin client waits 15 s for brokers that are not there
    }

    @Override
    protected Duration writesRecoverWithin() {
        return Duration.ofSeconds(60);
    }

    @Override
    protected Duration readyWithin() {
        return Duration.ofSeconds(90);
    }

    @Test
    void topicCreatedBeforehandWithCompaction_exitsNonZero_withOneErrorLineNamingTheSetting() throws Exception {
        String topic = "stele-" + UUID.randomUUID();
        try (Admin admin =
                Admin.create(Map.of(AdminClientConfig.BOOTSTRAP_SERVERS_CONFIG, backend.bootstrapServers()))) {
            admin.createTopics(List.of(new NewTopic(topic, Optional.of(1), Optional.empty())
                            .configs(Map.of(TopicConfig.CLEANUP_POLICY_CONFIG, TopicConfig.CLEANUP_POLICY_COMPACT))))
                    .all()
                    .get(30, TimeUnit.SECONDS);
        }
        String error = Writes.assertExitsMisconfigured(replica(backend.topic(topic), "compacted"));
        assertThat(error)
                .contains("Topic '" + topic + "' (stele.storage.kafka.topic) has cleanup.policy=compact")
                .contains("set cleanup.policy=delete");
    }
}
