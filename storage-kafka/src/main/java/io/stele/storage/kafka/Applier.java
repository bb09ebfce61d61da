package io.stele.storage.kafka;

import io.stele.storage.StorageException;
import io.stele.storage.StorageUnavailableException;
import io.stele.storage.sql.ReplicaState;
import java.nio.charset.StandardCharsets;
import java.sql.SQLException;
import java.time.Duration;
import java.time.Instant;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ConcurrentHashMap;
import java.util.function.IntConsumer;
import org.apache.kafka.clients.consumer.CloseOptions;
import org.apache.kafka.clients.consumer.ConsumerRecord;
import org.apache.kafka.clients.consumer.ConsumerRecords;
import org.apache.kafka.clients.consumer.KafkaConsumer;
import org.apache.kafka.common.TopicPartition;
import org.apache.kafka.common.errors.WakeupException;
import org.apache.kafka.common.header.Header;
import org.jboss.logging.Logger;

/**
 * The one thread that reads the log and applies every record, in order, to the local state. A
 * record's outcome goes to the writer waiting on this replica, if any. A record that cannot be
 * applied now because the local database fails is tried again, never skipped: skipping would make
 * this replica's state differ from the others'.
 */
final class Applier implements Runnable {

    static final String REQUEST_HEADER = "stele-request";

    private static final Logger LOG = Logger.getLogger(Applier.class);

    private final KafkaConsumer<byte[], byte[]> consumer;
    private final TopicPartition partition;
    private final ReplicaState state;
    private final Map<String, CompletableFuture<Object>> waiting = new ConcurrentHashMap<>();
    private final long startupEnd;

    /** The time the record being applied was written, which the local state stores. */
    private volatile Instant at = Instant.EPOCH;

    private volatile long applied;
    private volatile boolean running = true;
    private volatile RuntimeException stopped;

    Applier(
            KafkaConsumer<byte[], byte[]> consumer,
            TopicPartition partition,
            ReplicaState state,
            long appliedOffset,
            long startupEnd) {
        this.consumer = consumer;
        this.partition = partition;
        this.state = state;
        this.applied = appliedOffset;
        this.startupEnd = startupEnd;
    }

    /** The clock of the local state: the time the record being applied was written. */
    Instant at() {
        return at;
    }

    /** Registers a writer on this replica that waits for the outcome of the record it sends. */
    CompletableFuture<Object> expect(String requestId) {
        CompletableFuture<Object> outcome = new CompletableFuture<>();
        waiting.put(requestId, outcome);
        return outcome;
    }

    void forget(String requestId) {
        waiting.remove(requestId);
    }

    /** The last offset applied, -1 for none. */
    long applied() {
        return applied;
    }

    /** Whether the local state has applied the log as far as it reached when this replica started. */
    boolean caughtUp() {
        return applied >= startupEnd - 1;
    }

    /** Why applying stopped for good (a record this release cannot read), or null. */
    RuntimeException stopped() {
        return stopped;
    }

    void stop() {
        running = false;
        consumer.wakeup();
    }

    @Override
    public void run() {
        try {
            consumer.assign(List.of(partition));
            consumer.seek(partition, applied + 1);
            while (running) {
                ConsumerRecords<byte[], byte[]> records = consumer.poll(Duration.ofMillis(500));
                applyAll(records.records(partition));
            }
        } catch (WakeupException e) {
            // closing
        } catch (LogFormat.UnknownFormatException e) {
            stopped = e;
            LOG.error(e.getMessage());
        } catch (RuntimeException e) {
            stopped = e;
            LOG.error("Applying the Kafka log stopped", e);
        } finally {
            consumer.close(CloseOptions.timeout(Duration.ofSeconds(5)));
            StorageUnavailableException closing = new StorageUnavailableException(
                    stopped != null
                            ? "The replica stopped applying the log: " + stopped.getMessage()
                            : "The registry is shutting down",
                    stopped);
            waiting.values().forEach(f -> f.completeExceptionally(closing));
        }
    }

    /** A decoded record, and what applying it gave. */
    private static final class Applied {
        final ConsumerRecord<byte[], byte[]> record;
        final LogFormat.Entry entry;
        Object outcome;
        RuntimeException failure;

        Applied(ConsumerRecord<byte[], byte[]> record) {
            this.record = record;
            this.entry = LogFormat.decode(record.value());
        }
    }

    /**
     * Applies records in order, each in transactions of its own. Transaction boundaries are then the
     * same on every replica, so nothing a statement does can depend on how a replica happened to
     * receive the records (H2, for one, can answer a query from a cache that an earlier statement of
     * the same transaction made stale).
     */
    private void applyAll(List<ConsumerRecord<byte[], byte[]>> records) {
        for (ConsumerRecord<byte[], byte[]> record : records) {
            Applied one = new Applied(record);
            applyOne(one);
            if (!running) {
                return;
            }
            applied = record.offset();
            answer(one);
        }
    }

    /** Applies one record in transactions of its own, recording its offset with them. */
    private void applyOne(Applied one) {
        retrying(one.record.offset(), attempt -> {
            // again, the ids this record gets must be the ones it gets everywhere
            state.applying(one.record.offset(), attempt > 1);
            apply(one);
        });
        while (running) {
            try {
                state.recordUnchanged();
                break;
            } catch (StorageUnavailableException e) {
                LOG.warnf(
                        "Cannot record offset %d in the local state, retrying: %s",
                        one.record.offset(), e.getMessage());
                pause(1000);
            }
        }
        state.done();
    }

    /**
     * Applies one command; a failure other than the local database's is the command's outcome, the
     * same on every replica. A failure of the database itself (unavailable, or any error it raised)
     * is this replica's alone, so the command is applied again rather than answered with it: its
     * transaction was rolled back, and the other replicas apply it.
     */
    private void apply(Applied one) {
        at = one.entry.at();
        one.outcome = null;
        one.failure = null;
        try {
            one.outcome = one.entry.command().applyTo(state.storage());
        } catch (StorageUnavailableException e) {
            throw e;
        } catch (StorageException e) {
            one.failure = e;
        } catch (RuntimeException e) {
            if (raisedByTheDatabase(e)) {
                throw new StorageUnavailableException("The local state failed: " + e.getMessage(), e);
            }
            one.failure = e;
        }
    }

    private static boolean raisedByTheDatabase(Throwable e) {
        for (Throwable cause = e; cause != null; cause = cause.getCause()) {
            if (cause instanceof SQLException) {
                return true;
            }
        }
        return false;
    }

    /** Runs work until the local database lets it through or the applier stops. */
    private void retrying(long offset, IntConsumer work) {
        for (int attempt = 1; running; attempt++) {
            try {
                work.accept(attempt);
                return;
            } catch (StorageUnavailableException e) {
                LOG.warnf(
                        "Cannot apply the log from offset %d to the local state (attempt %d), retrying: %s",
                        offset, attempt, e.getMessage());
                pause(Math.min(5000, 100L * attempt));
            }
        }
    }

    /** Gives the outcome to the request of this replica that waits for it, if any. */
    private void answer(Applied one) {
        Header request = one.record.headers().lastHeader(REQUEST_HEADER);
        CompletableFuture<Object> waiter =
                request == null ? null : waiting.remove(new String(request.value(), StandardCharsets.UTF_8));
        if (waiter != null) {
            if (one.failure != null) {
                waiter.completeExceptionally(one.failure);
            } else {
                waiter.complete(one.outcome);
            }
        }
    }

    private static void pause(long millis) {
        try {
            Thread.sleep(millis);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
    }
}
