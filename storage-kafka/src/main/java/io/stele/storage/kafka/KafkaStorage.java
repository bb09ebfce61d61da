package io.stele.storage.kafka;

import io.stele.storage.ArtifactStore;
import io.stele.storage.InvalidRequestException;
import io.stele.storage.RegistryStorage;
import io.stele.storage.RuleStore;
import io.stele.storage.StorageMisconfiguredException;
import io.stele.storage.StorageUnavailableException;
import io.stele.storage.TransferStore;
import io.stele.storage.VersionStore;
import io.stele.storage.forwarding.ForwardingStorage;
import io.stele.storage.sql.ReplicaState;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.time.Instant;
import java.util.UUID;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;
import javax.sql.DataSource;
import org.apache.kafka.clients.consumer.KafkaConsumer;
import org.apache.kafka.clients.producer.KafkaProducer;
import org.apache.kafka.clients.producer.ProducerRecord;
import org.apache.kafka.common.KafkaException;
import org.apache.kafka.common.TopicPartition;
import org.apache.kafka.common.errors.RecordTooLargeException;
import org.apache.kafka.common.header.internals.RecordHeader;
import org.apache.kafka.common.header.internals.RecordHeaders;

/**
 * The registry's state as a log in one Kafka topic. Every write is a record ({@link Command}) sent
 * to the topic's single partition; every replica applies every record, in log order, to a local
 * embedded database, from which it serves reads. Ids and version numbers are decided there, in log
 * order, so all replicas agree on them. A write returns once this replica has applied its own record,
 * with the outcome decided then: two replicas creating one artifact id at once both send a record,
 * the first in the log creates it and the other answers 409.
 *
 * <p>See docs/adr/0009-kafka-log-storage.md and docs/storage.md.
 */
public final class KafkaStorage extends ForwardingStorage {

    public static final String KIND = "kafka";

    private final KafkaLogSettings settings;
    private final KafkaTopic topic;
    private final ReplicaState local;
    private final LogStores stores;
    private volatile Applier applier;
    private volatile KafkaProducer<byte[], byte[]> producer;
    private Thread applierThread;

    public KafkaStorage(KafkaLogSettings settings) {
        this.settings = settings;
        this.topic = new KafkaTopic(settings);
        this.local = ReplicaState.open(
                KIND,
                settings.stateDir(),
                "The folder of the local state holds a registry that was not built from a Kafka log (an"
                        + " embedded database?): give stele.storage.kafka.state-dir a folder of its own.",
                this::appliedRecordTime);
        this.stores = new LogStores(local.storage(), this::write);
    }

    /**
     * Reads, content, search and the change feed come from the local state; the feed reports every
     * change this replica applies, whichever replica wrote it.
     */
    @Override
    protected RegistryStorage delegate() {
        return local.storage();
    }

    private Instant appliedRecordTime() {
        Applier a = applier;
        return a == null ? Instant.now() : a.at();
    }

    @Override
    public String kind() {
        return KIND;
    }

    /**
     * Creates the topic if it is absent, opens the local state and starts applying the log from
     * where the local state stands. Returns before the replica has caught up: {@link #isReady()}
     * says when it has.
     *
     * @throws StorageUnavailableException when the brokers cannot be reached; the caller may try again
     * @throws StorageMisconfiguredException when the topic or the local state cannot serve as they
     *     are, or the clients' settings are refused; the message says what to change
     */
    @Override
    public synchronized void start() {
        if (applierThread != null) {
            return;
        }
        KafkaTopic.Description log = topic.prepare();
        ReplicaState.Position position = local.start(log.topicId());
        if (!position.logId().equals(log.topicId())) {
            throw new StorageMisconfiguredException("The local state in " + settings.stateDir()
                    + " (stele.storage.kafka.state-dir) was built from another topic"
                    + " (id " + position.logId() + ") than '" + settings.topic() + "' (id " + log.topicId()
                    + "). Delete that folder to rebuild it from the log.");
        }
        if (position.appliedOffset() >= log.endOffset()) {
            throw new StorageMisconfiguredException("The local state in " + settings.stateDir()
                    + " (stele.storage.kafka.state-dir) has applied the log up to"
                    + " offset " + position.appliedOffset() + ", but topic '" + settings.topic() + "' ends at "
                    + log.endOffset()
                    + ": records the local state holds are missing from the log. Delete that folder to"
                    + " rebuild it from the log.");
        }
        KafkaConsumer<byte[], byte[]> consumer;
        try {
            consumer = new KafkaConsumer<>(topic.consumerProperties());
        } catch (KafkaException e) {
            throw topic.clientRefused("consumer", e);
        }
        try {
            producer = new KafkaProducer<>(topic.producerProperties());
        } catch (KafkaException e) {
            consumer.close();
            throw topic.clientRefused("producer", e);
        }
        applier = new Applier(
                consumer, new TopicPartition(settings.topic(), 0), local, position.appliedOffset(), log.endOffset());
        applierThread = new Thread(applier, "stele-kafka-applier");
        applierThread.setDaemon(true);
        applierThread.start();
    }

    /** Ready once the local state has applied the log as far as it reached at start-up. */
    @Override
    public boolean isReady() {
        Applier a = applier;
        return a != null
                && a.stopped() == null
                && a.caughtUp()
                && local.storage().isReady();
    }

    /** The local database, for tests that make it fail. */
    DataSource localDataSource() {
        return local.dataSource();
    }

    /** The last offset this replica has applied, -1 for none. */
    public long appliedOffset() {
        Applier a = applier;
        return a == null ? -1 : a.applied();
    }

    /**
     * Sends one command and waits until this replica has applied it.
     *
     * @return the outcome of applying it
     * @throws StorageUnavailableException when the log does not confirm the write in time; it may
     *     still be applied later
     */
    private Object write(Command command) {
        Applier a = applier;
        if (a == null || producer == null) {
            throw new StorageUnavailableException("The kafka storage backend has not started yet", null);
        }
        if (a.stopped() != null) {
            throw new StorageUnavailableException(
                    "This replica stopped applying the log: " + a.stopped().getMessage(), a.stopped());
        }
        String requestId = UUID.randomUUID().toString();
        CompletableFuture<Object> outcome = a.expect(requestId);
        long deadline = System.nanoTime() + settings.writeTimeout().toNanos();
        try {
            ProducerRecord<byte[], byte[]> record = new ProducerRecord<>(
                    settings.topic(),
                    0,
                    LogFormat.key(command),
                    LogFormat.encode(command, Instant.now()),
                    new RecordHeaders(new RecordHeader[] {
                        new RecordHeader(Applier.REQUEST_HEADER, requestId.getBytes(StandardCharsets.UTF_8))
                    }));
            producer.send(record, (metadata, e) -> {
                if (e != null) {
                    outcome.completeExceptionally(sendFailure(e));
                }
            });
            return outcome.get(Math.max(0, deadline - System.nanoTime()), TimeUnit.NANOSECONDS);
        } catch (TimeoutException e) {
            throw new StorageUnavailableException(
                    "The Kafka log did not confirm the write within "
                            + settings.writeTimeout().toMillis()
                            + " ms (stele.storage.kafka.write-timeout); it may still be applied.",
                    e);
        } catch (ExecutionException e) {
            if (e.getCause() instanceof RuntimeException failure) {
                throw failure;
            }
            throw new StorageUnavailableException("The write failed: " + e.getCause(), e.getCause());
        } catch (KafkaException e) {
            throw sendFailure(e);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new StorageUnavailableException("Interrupted while waiting for the Kafka log", e);
        } finally {
            a.forget(requestId);
        }
    }

    private RuntimeException sendFailure(Exception e) {
        if (e instanceof RecordTooLargeException) {
            return new InvalidRequestException("The write is too large for the Kafka log (at most "
                    + KafkaLogSettings.MAX_RECORD_BYTES / (1024 * 1024) + " MiB in one record); for an import, send"
                    + " smaller batches.");
        }
        return new StorageUnavailableException(
                "Cannot write to the Kafka log at " + settings.bootstrapServers()
                        + " (stele.storage.kafka.bootstrap-servers), topic '" + settings.topic() + "': "
                        + e.getMessage(),
                e);
    }

    @Override
    public ArtifactStore artifacts() {
        return stores.artifacts();
    }

    @Override
    public VersionStore versions() {
        return stores.versions();
    }

    @Override
    public RuleStore rules() {
        return stores.rules();
    }

    @Override
    public TransferStore transfer() {
        return stores.transfer();
    }

    @Override
    public synchronized void close() {
        if (applier != null) {
            applier.stop();
        }
        if (applierThread != null) {
            try {
                applierThread.join(10_000);
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
            }
        }
        if (producer != null) {
            producer.close(Duration.ofSeconds(5));
        }
        local.close();
    }
}
