package io.stele.storage.kafka;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.awaitility.Awaitility.await;

import io.stele.storage.ArtifactType;
import io.stele.storage.Content;
import io.stele.storage.InvalidRequestException;
import io.stele.storage.StorageMisconfiguredException;
import io.stele.storage.StorageUnavailableException;
import io.stele.storage.StoredArtifact;
import io.stele.storage.StoredVersion;
import io.stele.storage.TransferRecord;
import io.stele.storage.sql.SqlStorage;
import io.stele.storage.testkit.Drafts;
import io.stele.testservers.KafkaServer;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.sql.Connection;
import java.sql.Statement;
import java.time.Duration;
import java.time.Instant;
import java.util.Arrays;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;
import org.apache.kafka.clients.admin.Admin;
import org.apache.kafka.clients.admin.NewTopic;
import org.apache.kafka.clients.producer.KafkaProducer;
import org.apache.kafka.clients.producer.ProducerRecord;
import org.junit.jupiter.api.Test;

/**
 * What a replica refuses rather than risk its state: a topic that could lose or reorder records, a
 * state folder that is not its log's, a record of a format it does not know, a record too large for
 * the log, and a failure of its own database taken for the outcome of a record.
 */
class KafkaLogGuardsIT {

    private final KafkaServer broker = KafkaServer.shared();

    private void createTopic(String topic, int partitions, Map<String, String> configs) throws Exception {
        KafkaLogSettings settings = KafkaReplicas.settings(broker, topic, KafkaReplicas.newStateDir());
        try (Admin admin = Admin.create(new KafkaTopic(settings).adminProperties())) {
            admin.createTopics(List.of(new NewTopic(topic, Optional.of(partitions), Optional.empty()).configs(configs)))
                    .all()
                    .get(30, TimeUnit.SECONDS);
        }
    }

    private void assertStartRefused(String topic, Path stateDir, String message) {
        assertStartRefused(KafkaReplicas.settings(broker, topic, stateDir), message);
    }

    private static void assertStartRefused(KafkaLogSettings settings, String message) {
        try (KafkaStorage storage = new KafkaStorage(settings)) {
            assertThatThrownBy(storage::start)
                    .isInstanceOf(StorageMisconfiguredException.class)
                    .hasMessageContaining(message);
        }
    }

    @Test
    void prepare_rightAfterItCreatesTheTopic_waitsForItsMetadataInsteadOfFailing() {
        for (int i = 0; i < 10; i++) {
            KafkaTopic topic = new KafkaTopic(
                    KafkaReplicas.settings(broker, KafkaReplicas.newTopic(), KafkaReplicas.newStateDir()));
            assertThat(topic.prepare().endOffset()).isZero();
        }
    }

    @Test
    void replicationFactorTheClusterCannotGive_isRefused_namingTheSetting() {
        KafkaLogSettings settings = new KafkaLogSettings(
                broker.bootstrapServers(),
                KafkaReplicas.newTopic(),
                (short) 3,
                1,
                KafkaReplicas.newStateDir(),
                Duration.ofSeconds(10),
                Map.of());
        assertStartRefused(settings, "stele.storage.kafka.replication-factor");
    }

    @Test
    void topicWithTwoPartitions_isRefused() throws Exception {
        String topic = KafkaReplicas.newTopic();
        createTopic(topic, 2, Map.of());
        assertStartRefused(topic, KafkaReplicas.newStateDir(), "needs exactly one");
    }

    @Test
    void topicThatCompactsOrExpiresRecords_isRefused() throws Exception {
        String compacted = KafkaReplicas.newTopic();
        createTopic(compacted, 1, Map.of("cleanup.policy", "compact"));
        assertStartRefused(compacted, KafkaReplicas.newStateDir(), "cleanup.policy=compact");
        String expiring = KafkaReplicas.newTopic();
        createTopic(expiring, 1, Map.of("retention.ms", "604800000"));
        assertStartRefused(expiring, KafkaReplicas.newStateDir(), "retention.ms=604800000");
    }

    @Test
    void stateFolderOfAnotherTopicOrOfAnEmbeddedRegistry_isRefused() throws Exception {
        Path state = KafkaReplicas.newStateDir();
        try (KafkaStorage first =
                KafkaReplicas.startReady(KafkaReplicas.settings(broker, KafkaReplicas.newTopic(), state))) {
            first.artifacts().create(Drafts.avro("first", 0));
        }
        assertStartRefused(KafkaReplicas.newTopic(), state, "built from another topic");

        Path embedded = KafkaReplicas.newStateDir();
        try (SqlStorage registry = SqlStorage.openEmbedded(embedded)) {
            registry.start();
            registry.artifacts().create(Drafts.avro("embedded", 0));
        }
        assertStartRefused(KafkaReplicas.newTopic(), embedded, "not built from a Kafka log");
    }

    @Test
    void recordOfAnUnknownFormat_stopsTheReplica_whoseWritesThenAnswerUnavailable() throws Exception {
        String topic = KafkaReplicas.newTopic();
        KafkaLogSettings settings = KafkaReplicas.settings(broker, topic, KafkaReplicas.newStateDir());
        try (KafkaStorage replica = KafkaReplicas.startReady(settings)) {
            replica.artifacts().create(Drafts.avro("before", 0));
            try (KafkaProducer<byte[], byte[]> producer =
                    new KafkaProducer<>(new KafkaTopic(settings).producerProperties())) {
                producer.send(new ProducerRecord<>(
                                topic,
                                0,
                                new byte[0],
                                "{\"format\":2,\"at\":0,\"op\":\"from-the-future\"}".getBytes(StandardCharsets.UTF_8)))
                        .get(30, TimeUnit.SECONDS);
            }
            await("the replica stops applying at the record it cannot read")
                    .atMost(Duration.ofSeconds(10))
                    .pollInterval(Duration.ofMillis(10))
                    .until(() -> !replica.isReady());
            assertThatThrownBy(() -> replica.artifacts().create(Drafts.avro("after", 0)))
                    .isInstanceOf(StorageUnavailableException.class)
                    .hasMessageContaining("format 2");
            assertThat(replica.artifacts().get("before")).isPresent(); // reads go on from the local state
        }
    }

    @Test
    void localDatabaseFailingWhileARecordIsApplied_appliesItAgain_andAnswersTheWrite() throws Exception {
        String topic = KafkaReplicas.newTopic();
        KafkaLogSettings settings = KafkaReplicas.settings(broker, topic, KafkaReplicas.newStateDir());
        try (KafkaStorage replica = KafkaReplicas.startReady(settings)) {
            replica.artifacts().create(Drafts.avro("a", 0));
            try (Connection c = replica.localDataSource().getConnection();
                    Statement s = c.createStatement()) {
                s.execute("ALTER TABLE log_position RENAME TO log_position_away"); // every apply now fails
                long applied = replica.appliedOffset();
                CompletableFuture<StoredArtifact> write =
                        CompletableFuture.supplyAsync(() -> replica.versions().add(Drafts.avro("a", 0)));
                await("the write's record reaches the log")
                        .atMost(Duration.ofSeconds(10))
                        .until(() -> new KafkaTopic(settings).prepare().endOffset() > applied + 1);
                await("the write waits while its record cannot be applied")
                        .during(Duration.ofSeconds(1))
                        .atMost(Duration.ofSeconds(5))
                        .until(() -> !write.isDone() && replica.appliedOffset() == applied);
                s.execute("ALTER TABLE log_position_away RENAME TO log_position");
                assertThat(write.get(10, TimeUnit.SECONDS).latest().version()).isEqualTo(2);
            }
            assertThat(replica.versions().latest("a"))
                    .map(StoredVersion::version)
                    .contains(2);
            try (KafkaStorage fresh =
                    KafkaReplicas.startReady(KafkaReplicas.settings(broker, topic, KafkaReplicas.newStateDir()))) {
                assertThat(fresh.versions().latest("a"))
                        .map(StoredVersion::globalId)
                        .isEqualTo(replica.versions().latest("a").map(StoredVersion::globalId));
            }
        }
    }

    @Test
    void importBatchTooLargeForOneRecord_isRefusedAsInvalid_andStoresNothing() {
        try (KafkaStorage replica = KafkaReplicas.startReady(
                KafkaReplicas.settings(broker, KafkaReplicas.newTopic(), KafkaReplicas.newStateDir()))) {
            byte[] big = new byte[KafkaLogSettings.MAX_RECORD_BYTES + 1024];
            Arrays.fill(big, (byte) 'a');
            List<TransferRecord> batch = List.of(
                    new TransferRecord.Artifact("big", ArtifactType.AVRO, "alice", Instant.EPOCH, 1),
                    new TransferRecord.ContentBlob(1, Content.of(big)));
            assertThatThrownBy(() -> replica.transfer().importBatch(batch))
                    .isInstanceOf(InvalidRequestException.class)
                    .hasMessageContaining("too large for the Kafka log");
            assertThat(replica.artifacts().get("big")).isEmpty();
        }
    }
}
