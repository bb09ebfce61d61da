package io.stele.app.packaged;

import static io.stele.app.packaged.Writes.awaitStatus;
import static io.stele.app.packaged.Writes.create;
import static io.stele.app.packaged.Writes.schema;
import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

import io.stele.storage.testkit.servers.KafkaServer;
import io.stele.storage.testkit.servers.RegistryProcess;
import java.net.http.HttpResponse;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.UUID;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;
import org.apache.kafka.clients.admin.Admin;
import org.apache.kafka.clients.admin.AdminClientConfig;
import org.apache.kafka.clients.admin.NewTopic;
import org.apache.kafka.common.config.TopicConfig;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestInstance;

/**
 * The packaged registry on the Kafka log, as operators run it: replicas on one topic, each with
 * its own state folder; concurrent creates of one id; a replica killed with SIGKILL; a broker that
 * goes away and comes back.
 */
@TestInstance(TestInstance.Lifecycle.PER_CLASS)
class KafkaIT {

    private KafkaServer broker;
    private Path home;

    @BeforeAll
    void startBroker() throws Exception {
        broker = KafkaServer.start(Path.of("target"));
        home = EmbeddedRestartIT.dataDir("kafka-registry-");
    }

    @AfterAll
    void stopBroker() {
        broker.close();
    }

    private Map<String, String> settings(String topic, String replica) {
        Map<String, String> settings = new HashMap<>();
        settings.put("stele.storage.kind", "kafka");
        settings.put("stele.storage.kafka.bootstrap-servers", broker.bootstrapServers());
        settings.put("stele.storage.kafka.topic", topic);
        settings.put("stele.storage.kafka.replication-factor", "1");
        settings.put("stele.storage.kafka.min-insync-replicas", "1");
        settings.put(
                "stele.storage.kafka.state-dir",
                home.resolve(topic + "-" + replica).toString());
        return settings;
    }

    private RegistryProcess registry(String topic, String replica, String name) {
        return new RegistryProcess(settings(topic, replica), home.resolve(name + ".log"));
    }

    private static String newTopic() {
        return "stele-" + UUID.randomUUID();
    }

    /** The export of each replica, once they all give the same one (within 10 s). */
    private static String sameExport(RegistryProcess... replicas) throws InterruptedException {
        long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(10);
        while (true) {
            List<String> exports = new ArrayList<>();
            for (RegistryProcess r : replicas) {
                HttpResponse<String> export = r.send("GET", "/api/admin/export", null);
                assertThat(export.statusCode()).isEqualTo(200);
                exports.add(export.body());
            }
            if (exports.stream().distinct().count() == 1) {
                return exports.get(0);
            }
            assertThat(System.nanoTime())
                    .as("replicas give the same export within 10 s")
                    .isLessThan(deadline);
            Thread.sleep(100);
        }
    }

    @Test
    void twoReplicas_agreeOnEveryIdAndVersion_andConcurrentCreatesOfOneIdSucceedOnce() throws Exception {
        String topic = newTopic();
        try (RegistryProcess a = registry(topic, "a", "agree-a").start();
                RegistryProcess b = registry(topic, "b", "agree-b").start()) {
            assertThat(create(a, "shared", schema(1)).statusCode()).isEqualTo(200);
            List<CompletableFuture<Integer>> writes = new ArrayList<>();
            for (RegistryProcess node : List.of(a, b, a, b)) {
                writes.add(CompletableFuture.supplyAsync(() -> {
                    int failures = 0;
                    for (int i = 0; i < 20; i++) {
                        if (node.send("POST", "/api/artifacts/shared/versions", schema(2 + i % 5))
                                        .statusCode()
                                != 200) {
                            failures++;
                        }
                    }
                    return failures;
                }));
            }
            for (CompletableFuture<Integer> w : writes) {
                assertThat(w.get(2, TimeUnit.MINUTES)).isZero();
            }
            for (int round = 0; round < 10; round++) {
                String id = "race-" + round;
                CompletableFuture<HttpResponse<String>> viaA =
                        CompletableFuture.supplyAsync(() -> create(a, id, schema(1)));
                CompletableFuture<HttpResponse<String>> viaB =
                        CompletableFuture.supplyAsync(() -> create(b, id, schema(2)));
                List<Integer> statuses = List.of(
                        viaA.get(1, TimeUnit.MINUTES).statusCode(),
                        viaB.get(1, TimeUnit.MINUTES).statusCode());
                assertThat(statuses).containsExactlyInAnyOrder(200, 409);
                HttpResponse<String> refused = statuses.get(0) == 409 ? viaA.get() : viaB.get();
                assertThat(refused.body()).contains("\"error_code\":409");
            }
            String export = sameExport(a, b);
            assertThat(a.send("GET", "/api/artifacts/shared/versions", null).body())
                    .isEqualTo(b.send("GET", "/api/artifacts/shared/versions", null)
                            .body())
                    .contains(",81]");
            assertThat(export).contains("\"artifactId\":\"race-9\"");
        }
    }

    @Test
    void replicaKilledWithSigkill_restartsWithTheSameState_andLosesNoAcknowledgedWrite() throws Exception {
        String topic = newTopic();
        try (RegistryProcess other = registry(topic, "other", "sigkill-other").start()) {
            List<Long> acknowledged;
            try (RegistryProcess victim =
                    registry(topic, "victim", "sigkill-victim").start()) {
                acknowledged = Writes.floodThenKill(victim, 8, 300);
            }
            try (RegistryProcess restarted =
                    registry(topic, "victim", "sigkill-restarted").start()) {
                Writes.assertAllPresent(restarted, acknowledged);
                Writes.assertAllPresent(other, acknowledged);
                sameExport(restarted, other);
                assertThat(create(restarted, "after-restart", schema(1)).statusCode())
                        .isEqualTo(200);
                sameExport(restarted, other);
            }
        }
    }

    @Test
    void brokerStoppedAndRestarted_writesAnswer503Meanwhile_andRecoverWithoutRestart() throws Exception {
        try (KafkaServer own = KafkaServer.start(Path.of("target"))) {
            Map<String, String> settings = settings(newTopic(), "outage");
            settings.put("stele.storage.kafka.bootstrap-servers", own.bootstrapServers());
            settings.put("stele.storage.kafka.write-timeout", "3s");
            try (RegistryProcess registry = new RegistryProcess(settings, home.resolve("outage.log")).start()) {
                HttpResponse<String> before = create(registry, "before", schema(1));
                assertThat(before.statusCode()).isEqualTo(200);
                own.stop();
                HttpResponse<String> during = create(registry, "during", schema(1));
                assertThat(during.statusCode()).isEqualTo(503);
                assertThat(during.body()).contains("\"error_code\":503").contains("\"message\"");
                // reads are served from the replica's local state meanwhile
                assertThat(registry.send("GET", "/api/artifacts/before", null).statusCode())
                        .isEqualTo(200);
                HttpResponse<String> consumer = registry.send("GET", "/api/ids/" + Writes.globalId(before), null);
                assertThat(consumer.statusCode()).isEqualTo(200);
                assertThat(consumer.body()).isEqualTo(schema(1));
                own.startAgain();
                long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(60);
                int status;
                do {
                    status = create(registry, "after", schema(1)).statusCode();
                    assertThat(System.nanoTime())
                            .as("writes recover within 60 s")
                            .isLessThan(deadline);
                } while (status == 503);
                assertThat(status).isEqualTo(200);
                assertThat(awaitStatus(registry, "/q/health/ready", 200, 10)).isTrue();
                Writes.assertAllPresent(registry, List.of(Writes.globalId(before)));
            }
        }
    }

    @Test
    void brokerDownAtStartUp_registryStartsNotReady_andBecomesReadyWhenItAnswers() throws Exception {
        try (KafkaServer own = KafkaServer.start(Path.of("target"))) {
            Map<String, String> settings = settings(newTopic(), "late");
            settings.put("stele.storage.kafka.bootstrap-servers", own.bootstrapServers());
            own.stop();
            try (RegistryProcess registry =
                    new RegistryProcess(settings, home.resolve("late.log")).startWithoutWaiting()) {
                assertThat(awaitStatus(registry, "/q/health/ready", 503, 60)).isTrue();
                await("the ready check says the registry retries")
                        .atMost(Duration.ofSeconds(60))
                        .until(() ->
                                "retrying".equals(Writes.readiness(registry).get("phase")));
                assertThat(Writes.readiness(registry).get("reason"))
                        .startsWith("Cannot reach Kafka at " + own.bootstrapServers())
                        .contains("stele.storage.kafka.bootstrap-servers");
                HttpResponse<String> early = registry.send("GET", "/api/artifacts", null);
                assertThat(early.statusCode()).isEqualTo(503);
                assertThat(early.body()).contains("\"error_code\":503");
                own.startAgain();
                assertThat(awaitStatus(registry, "/q/health/ready", 200, 90)).isTrue();
                assertThat(Writes.readiness(registry))
                        .containsEntry("phase", "ready")
                        .doesNotContainKey("reason");
                assertThat(create(registry, "late", schema(1)).statusCode()).isEqualTo(200);
                assertThat(Writes.logLines(registry, "WARN"))
                        .filteredOn(line -> line.contains("StorageProvider"))
                        .singleElement()
                        .asString()
                        .contains("stele.storage.kafka.bootstrap-servers")
                        .contains("Retrying every 2 s");
                assertThat(Writes.logLines(registry, "INFO"))
                        .filteredOn(line -> line.contains("StorageProvider"))
                        .singleElement()
                        .asString()
                        .contains("Storage backend 'kafka' started after");
                assertThat(Writes.logLines(registry, "ERROR")).isEmpty();
            }
        }
    }

    @Test
    void topicCreatedBeforehandWithCompaction_exitsNonZero_withOneErrorLineNamingTheSetting() throws Exception {
        String topic = newTopic();
        try (Admin admin =
                Admin.create(Map.of(AdminClientConfig.BOOTSTRAP_SERVERS_CONFIG, broker.bootstrapServers()))) {
            admin.createTopics(List.of(new NewTopic(topic, Optional.of(1), Optional.empty())
                            .configs(Map.of(TopicConfig.CLEANUP_POLICY_CONFIG, TopicConfig.CLEANUP_POLICY_COMPACT))))
                    .all()
                    .get(30, TimeUnit.SECONDS);
        }
        String error = Writes.assertExitsMisconfigured(registry(topic, "compacted", "compacted"));
        assertThat(error)
                .contains("Topic '" + topic + "' (stele.storage.kafka.topic) has cleanup.policy=compact")
                .contains("set cleanup.policy=delete");
    }
}
