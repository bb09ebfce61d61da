package io.stele.storage.kafka;

import io.stele.storage.StorageUnavailableException;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.UUID;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;
import org.apache.kafka.clients.admin.Admin;
import org.apache.kafka.clients.admin.AdminClientConfig;
import org.apache.kafka.clients.admin.Config;
import org.apache.kafka.clients.admin.ListOffsetsResult;
import org.apache.kafka.clients.admin.NewTopic;
import org.apache.kafka.clients.admin.OffsetSpec;
import org.apache.kafka.clients.admin.TopicDescription;
import org.apache.kafka.clients.consumer.ConsumerConfig;
import org.apache.kafka.clients.producer.ProducerConfig;
import org.apache.kafka.common.TopicPartition;
import org.apache.kafka.common.config.ConfigResource;
import org.apache.kafka.common.config.TopicConfig;
import org.apache.kafka.common.errors.InvalidReplicationFactorException;
import org.apache.kafka.common.errors.TopicExistsException;
import org.apache.kafka.common.serialization.ByteArrayDeserializer;
import org.apache.kafka.common.serialization.ByteArraySerializer;

/**
 * The log's topic and the clients' settings: the topic is created when absent with settings that
 * never lose a record (one partition for one order, infinite retention, no compaction, the
 * configured replication), and an existing topic is checked for the same.
 */
final class KafkaTopic {

    private static final long ADMIN_TIMEOUT_MS = 15_000;

    private final KafkaLogSettings settings;

    KafkaTopic(KafkaLogSettings settings) {
        this.settings = settings;
    }

    /** The topic as a replica finds it at start-up. */
    record Description(String topicId, long endOffset) {}

    /**
     * Creates the topic if it is absent and checks it.
     *
     * @throws StorageUnavailableException when the brokers do not answer
     * @throws IllegalStateException when the topic could lose or reorder records
     */
    Description prepare() {
        try (Admin admin = Admin.create(adminProperties())) {
            create(admin);
            TopicDescription topic = admin.describeTopics(List.of(settings.topic())).allTopicNames()
                    .get(ADMIN_TIMEOUT_MS, TimeUnit.MILLISECONDS).get(settings.topic());
            if (topic.partitions().size() != 1) {
                throw new IllegalStateException("Topic '" + settings.topic() + "' has " + topic.partitions().size()
                        + " partitions; the registry's log needs exactly one, for one order of all writes.");
            }
            check(admin);
            TopicPartition partition = new TopicPartition(settings.topic(), 0);
            ListOffsetsResult.ListOffsetsResultInfo end = admin.listOffsets(Map.of(partition, OffsetSpec.latest()))
                    .partitionResult(partition).get(ADMIN_TIMEOUT_MS, TimeUnit.MILLISECONDS);
            return new Description(topic.topicId().toString(), end.offset());
        } catch (ExecutionException | TimeoutException e) {
            Throwable cause = e instanceof ExecutionException && e.getCause() != null ? e.getCause() : e;
            throw new StorageUnavailableException("Cannot reach Kafka at " + settings.bootstrapServers()
                    + " (stele.storage.kafka.bootstrap-servers) to prepare topic '" + settings.topic() + "': "
                    + cause, cause);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new StorageUnavailableException("Interrupted while preparing the Kafka log", e);
        }
    }

    private void create(Admin admin) throws InterruptedException, ExecutionException, TimeoutException {
        NewTopic topic = new NewTopic(settings.topic(), Optional.of(1), Optional.of(settings.replicationFactor()))
                .configs(Map.of(
                        TopicConfig.CLEANUP_POLICY_CONFIG, TopicConfig.CLEANUP_POLICY_DELETE,
                        TopicConfig.RETENTION_MS_CONFIG, "-1",
                        TopicConfig.RETENTION_BYTES_CONFIG, "-1",
                        TopicConfig.MIN_IN_SYNC_REPLICAS_CONFIG, String.valueOf(settings.minInsyncReplicas()),
                        TopicConfig.UNCLEAN_LEADER_ELECTION_ENABLE_CONFIG, "false",
                        TopicConfig.MAX_MESSAGE_BYTES_CONFIG, String.valueOf(KafkaLogSettings.MAX_RECORD_BYTES)));
        try {
            admin.createTopics(List.of(topic)).all().get(ADMIN_TIMEOUT_MS, TimeUnit.MILLISECONDS);
        } catch (ExecutionException e) {
            if (!(e.getCause() instanceof TopicExistsException)) {
                if (e.getCause() instanceof InvalidReplicationFactorException) {
                    throw new IllegalStateException("Cannot create topic '" + settings.topic() + "' with "
                            + settings.replicationFactor() + " replicas (stele.storage.kafka.replication-factor): "
                            + e.getCause().getMessage());
                }
                throw e;
            }
        }
    }

    /** Refuses a topic whose settings could drop records that rebuilding the state needs. */
    private void check(Admin admin) throws InterruptedException, ExecutionException, TimeoutException {
        ConfigResource resource = new ConfigResource(ConfigResource.Type.TOPIC, settings.topic());
        Config config = admin.describeConfigs(List.of(resource)).all().get(ADMIN_TIMEOUT_MS, TimeUnit.MILLISECONDS)
                .get(resource);
        String policy = config.get(TopicConfig.CLEANUP_POLICY_CONFIG).value();
        if (policy.contains(TopicConfig.CLEANUP_POLICY_COMPACT)) {
            throw new IllegalStateException("Topic '" + settings.topic() + "' has cleanup.policy=" + policy
                    + "; the registry's log must keep every record: set cleanup.policy=delete with retention.ms=-1.");
        }
        String retention = config.get(TopicConfig.RETENTION_MS_CONFIG).value();
        if (!"-1".equals(retention)) {
            throw new IllegalStateException("Topic '" + settings.topic() + "' has retention.ms=" + retention
                    + "; the registry's log must keep every record: set retention.ms=-1.");
        }
        String bytes = config.get(TopicConfig.RETENTION_BYTES_CONFIG).value();
        if (!"-1".equals(bytes)) {
            throw new IllegalStateException("Topic '" + settings.topic() + "' has retention.bytes=" + bytes
                    + "; the registry's log must keep every record: set retention.bytes=-1.");
        }
    }

    Map<String, Object> adminProperties() {
        Map<String, Object> p = common("admin");
        p.put(AdminClientConfig.REQUEST_TIMEOUT_MS_CONFIG, (int) ADMIN_TIMEOUT_MS);
        p.put(AdminClientConfig.DEFAULT_API_TIMEOUT_MS_CONFIG, (int) ADMIN_TIMEOUT_MS);
        return p;
    }

    /**
     * Idempotent, acknowledged by every in-sync replica: a record the producer reports written is
     * never lost or duplicated by its retries. A send gives up after the write timeout.
     */
    Map<String, Object> producerProperties() {
        Map<String, Object> p = common("producer");
        int timeout = (int) settings.writeTimeout().toMillis();
        p.put(ProducerConfig.ACKS_CONFIG, "all");
        p.put(ProducerConfig.ENABLE_IDEMPOTENCE_CONFIG, true);
        p.put(ProducerConfig.LINGER_MS_CONFIG, 1);
        p.put(ProducerConfig.COMPRESSION_TYPE_CONFIG, "lz4");
        p.put(ProducerConfig.MAX_REQUEST_SIZE_CONFIG, KafkaLogSettings.MAX_RECORD_BYTES);
        p.put(ProducerConfig.MAX_BLOCK_MS_CONFIG, timeout);
        p.put(ProducerConfig.REQUEST_TIMEOUT_MS_CONFIG, Math.min(30_000, timeout / 2));
        p.put(ProducerConfig.DELIVERY_TIMEOUT_MS_CONFIG, timeout);
        p.put(ProducerConfig.KEY_SERIALIZER_CLASS_CONFIG, ByteArraySerializer.class);
        p.put(ProducerConfig.VALUE_SERIALIZER_CLASS_CONFIG, ByteArraySerializer.class);
        return p;
    }

    /** Reads the one partition from an offset the replica chooses; no consumer group. */
    Map<String, Object> consumerProperties() {
        Map<String, Object> p = common("consumer");
        p.put(ConsumerConfig.ENABLE_AUTO_COMMIT_CONFIG, false);
        p.put(ConsumerConfig.AUTO_OFFSET_RESET_CONFIG, "earliest");
        p.put(ConsumerConfig.MAX_POLL_RECORDS_CONFIG, 1000);
        p.put(ConsumerConfig.KEY_DESERIALIZER_CLASS_CONFIG, ByteArrayDeserializer.class);
        p.put(ConsumerConfig.VALUE_DESERIALIZER_CLASS_CONFIG, ByteArrayDeserializer.class);
        return p;
    }

    private Map<String, Object> common(String role) {
        Map<String, Object> p = new HashMap<>(settings.clientProperties());
        p.put(AdminClientConfig.BOOTSTRAP_SERVERS_CONFIG, settings.bootstrapServers());
        p.putIfAbsent(AdminClientConfig.CLIENT_ID_CONFIG, "stele-" + role + "-" + UUID.randomUUID());
        return p;
    }
}
