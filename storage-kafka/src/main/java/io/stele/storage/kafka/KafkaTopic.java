package io.stele.storage.kafka;

import io.stele.storage.StorageException;
import io.stele.storage.StorageMisconfiguredException;
import io.stele.storage.StorageUnavailableException;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.UUID;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;
import java.util.function.Supplier;
import org.apache.kafka.clients.admin.Admin;
import org.apache.kafka.clients.admin.AdminClientConfig;
import org.apache.kafka.clients.admin.Config;
import org.apache.kafka.clients.admin.ListOffsetsResult;
import org.apache.kafka.clients.admin.NewTopic;
import org.apache.kafka.clients.admin.OffsetSpec;
import org.apache.kafka.clients.admin.TopicDescription;
import org.apache.kafka.clients.consumer.ConsumerConfig;
import org.apache.kafka.clients.producer.ProducerConfig;
import org.apache.kafka.common.KafkaException;
import org.apache.kafka.common.KafkaFuture;
import org.apache.kafka.common.TopicPartition;
import org.apache.kafka.common.config.ConfigResource;
import org.apache.kafka.common.config.TopicConfig;
import org.apache.kafka.common.errors.AuthenticationException;
import org.apache.kafka.common.errors.AuthorizationException;
import org.apache.kafka.common.errors.InvalidConfigurationException;
import org.apache.kafka.common.errors.InvalidReplicationFactorException;
import org.apache.kafka.common.errors.InvalidTopicException;
import org.apache.kafka.common.errors.PolicyViolationException;
import org.apache.kafka.common.errors.RetriableException;
import org.apache.kafka.common.errors.TopicExistsException;
import org.apache.kafka.common.errors.UnsupportedVersionException;
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
     * Creates the topic if it is absent and checks it. Right after a topic is created, its metadata
     * may not have reached every broker yet: calls that fail with a retriable error are tried again,
     * with a short backoff, until the admin timeout has passed since the start.
     *
     * @throws StorageUnavailableException when the brokers do not answer in time
     * @throws StorageMisconfiguredException when the topic could lose or reorder records, the
     *     cluster cannot give the replication asked for, or the brokers refuse the client's settings
     */
    Description prepare() {
        long deadline = System.nanoTime() + TimeUnit.MILLISECONDS.toNanos(ADMIN_TIMEOUT_MS);
        try (Admin admin = Admin.create(adminProperties())) {
            create(admin, deadline);
            TopicDescription topic = retrying(deadline, () -> admin.describeTopics(List.of(settings.topic()))
                            .allTopicNames())
                    .get(settings.topic());
            if (topic.partitions().size() != 1) {
                throw new StorageMisconfiguredException("Topic '" + settings.topic()
                        + "' (stele.storage.kafka.topic) has "
                        + topic.partitions().size() + " partitions; the registry's log needs exactly one, for one order"
                        + " of all writes. Name a new topic, which the registry creates, or one with one partition.");
            }
            ConfigResource resource = new ConfigResource(ConfigResource.Type.TOPIC, settings.topic());
            check(retrying(deadline, () -> admin.describeConfigs(List.of(resource))
                            .all())
                    .get(resource));
            TopicPartition partition = new TopicPartition(settings.topic(), 0);
            ListOffsetsResult.ListOffsetsResultInfo end =
                    retrying(deadline, () -> admin.listOffsets(Map.of(partition, OffsetSpec.latest()))
                            .partitionResult(partition));
            return new Description(topic.topicId().toString(), end.offset());
        } catch (ExecutionException e) {
            throw failure(e.getCause() != null ? e.getCause() : e);
        } catch (TimeoutException e) {
            throw failure(e);
        } catch (KafkaException e) {
            throw clientRefused("admin", e);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new StorageUnavailableException("Interrupted while preparing the Kafka log", e);
        }
    }

    /**
     * Waits for an admin call, calling it again while it fails with a retriable error and the
     * deadline allows another try.
     *
     * @throws ExecutionException with the last failure, when it is not retriable or time is up
     */
    private static <T> T retrying(long deadline, Supplier<KafkaFuture<T>> call)
            throws InterruptedException, ExecutionException, TimeoutException {
        long backoffMs = 20;
        while (true) {
            long left = Math.max(TimeUnit.MILLISECONDS.toNanos(1), deadline - System.nanoTime());
            try {
                return call.get().get(left, TimeUnit.NANOSECONDS);
            } catch (ExecutionException e) {
                boolean retriable = e.getCause() instanceof RetriableException;
                if (!retriable || System.nanoTime() + TimeUnit.MILLISECONDS.toNanos(backoffMs) >= deadline) {
                    throw e;
                }
                Thread.sleep(backoffMs);
                backoffMs = Math.min(backoffMs * 2, 1000);
            }
        }
    }

    /**
     * What a failed admin call means: fatal when only a change of settings can cure it, else the
     * brokers are not reachable now.
     */
    private StorageException failure(Throwable cause) {
        if (cause instanceof InvalidReplicationFactorException) {
            return new StorageMisconfiguredException(
                    "Cannot create topic '" + settings.topic() + "' with "
                            + settings.replicationFactor() + " replicas (stele.storage.kafka.replication-factor): "
                            + cause.getMessage() + " Set it to at most the number of brokers.",
                    cause);
        }
        if (cause instanceof AuthenticationException || cause instanceof AuthorizationException) {
            return new StorageMisconfiguredException(
                    "Kafka at " + settings.bootstrapServers() + " refuses the registry"
                            + " on topic '" + settings.topic() + "': " + cause.getMessage()
                            + " Check the security settings in"
                            + " stele.storage.kafka.client.* and the ACLs of the registry's principal.",
                    cause);
        }
        if (cause instanceof InvalidConfigurationException
                || cause instanceof PolicyViolationException
                || cause instanceof InvalidTopicException
                || cause instanceof UnsupportedVersionException) {
            return new StorageMisconfiguredException(
                    "Kafka at " + settings.bootstrapServers() + " refuses topic '" + settings.topic()
                            + "' (stele.storage.kafka.topic) as the registry needs it: " + cause.getMessage(),
                    cause);
        }
        String why =
                cause instanceof TimeoutException ? "no answer within " + ADMIN_TIMEOUT_MS + " ms" : cause.toString();
        return new StorageUnavailableException(
                "Cannot reach Kafka at " + settings.bootstrapServers()
                        + " (stele.storage.kafka.bootstrap-servers) to prepare topic '" + settings.topic() + "': "
                        + why,
                cause);
    }

    /**
     * A Kafka client that cannot even be created refuses its settings: fatal, unless it is only
     * that no bootstrap server's name resolves yet.
     */
    StorageException clientRefused(String role, KafkaException e) {
        String message = e.getMessage() == null ? e.toString() : e.getMessage();
        if (message.contains("resolvable bootstrap")) {
            return new StorageUnavailableException(
                    "Cannot resolve Kafka at " + settings.bootstrapServers()
                            + " (stele.storage.kafka.bootstrap-servers): " + message,
                    e);
        }
        return new StorageMisconfiguredException(
                "Cannot create the Kafka " + role + " client with these settings"
                        + " (stele.storage.kafka.bootstrap-servers, stele.storage.kafka.client.*): " + message,
                e);
    }

    private void create(Admin admin, long deadline) throws InterruptedException, ExecutionException, TimeoutException {
        NewTopic topic = new NewTopic(settings.topic(), Optional.of(1), Optional.of(settings.replicationFactor()))
                .configs(Map.of(
                        TopicConfig.CLEANUP_POLICY_CONFIG,
                        TopicConfig.CLEANUP_POLICY_DELETE,
                        TopicConfig.RETENTION_MS_CONFIG,
                        "-1",
                        TopicConfig.RETENTION_BYTES_CONFIG,
                        "-1",
                        TopicConfig.MIN_IN_SYNC_REPLICAS_CONFIG,
                        String.valueOf(settings.minInsyncReplicas()),
                        TopicConfig.UNCLEAN_LEADER_ELECTION_ENABLE_CONFIG,
                        "false",
                        TopicConfig.MAX_MESSAGE_BYTES_CONFIG,
                        String.valueOf(KafkaLogSettings.MAX_RECORD_BYTES)));
        try {
            retrying(deadline, () -> admin.createTopics(List.of(topic)).all());
        } catch (ExecutionException e) {
            if (!(e.getCause() instanceof TopicExistsException)) {
                throw e;
            }
        }
    }

    /** Refuses a topic whose settings could drop records that rebuilding the state needs. */
    private void check(Config config) {
        String policy = config.get(TopicConfig.CLEANUP_POLICY_CONFIG).value();
        if (policy.contains(TopicConfig.CLEANUP_POLICY_COMPACT)) {
            throw refused("cleanup.policy=" + policy, "set cleanup.policy=delete with retention.ms=-1");
        }
        String retention = config.get(TopicConfig.RETENTION_MS_CONFIG).value();
        if (!"-1".equals(retention)) {
            throw refused("retention.ms=" + retention, "set retention.ms=-1");
        }
        String bytes = config.get(TopicConfig.RETENTION_BYTES_CONFIG).value();
        if (!"-1".equals(bytes)) {
            throw refused("retention.bytes=" + bytes, "set retention.bytes=-1");
        }
    }

    private StorageMisconfiguredException refused(String setting, String fix) {
        return new StorageMisconfiguredException("Topic '" + settings.topic() + "' (stele.storage.kafka.topic) has "
                + setting + "; the registry's log must keep every record: " + fix + " on the topic, or name a new"
                + " topic, which the registry creates.");
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
