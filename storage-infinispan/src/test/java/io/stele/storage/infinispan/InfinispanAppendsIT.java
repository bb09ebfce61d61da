package io.stele.storage.infinispan;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.stele.storage.ArtifactType;
import io.stele.storage.Change;
import io.stele.storage.Content;
import io.stele.storage.EditableMeta;
import io.stele.storage.NotFoundException;
import io.stele.storage.StorageUnavailableException;
import io.stele.storage.StoredVersion;
import io.stele.storage.TransferRecord;
import io.stele.storage.VersionDraft;
import io.stele.storage.VersionState;
import io.stele.storage.testkit.backends.Backend;
import io.stele.storage.testkit.backends.InfinispanBackend;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.UUID;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;
import org.junit.jupiter.api.Test;

/**
 * Versions added by compare-and-set ({@link VersionAppends}) on a real node: what a registry stopped
 * between two of an append's writes leaves is never served, and the next writer completes what it
 * can; an append that meets the artifact's deletion, or keeps losing to other writes, leaves
 * nothing behind.
 */
class InfinispanAppendsIT {

    private static VersionDraft draft(String id, String schema) {
        return new VersionDraft(id, ArtifactType.AVRO, Content.of(schema), EditableMeta.named(schema, null), "alice");
    }

    private static String schema(String name) {
        return "{\"type\":\"record\",\"name\":\"" + name + "\",\"fields\":[]}";
    }

    /** A started storage on a new store of the shared node, and a connection of the test's own to it. */
    private record Opened(InfinispanStorage storage, Cluster cluster) implements AutoCloseable {

        static Opened newStore() {
            InfinispanBackend backend = (InfinispanBackend) Backend.shared(InfinispanBackend.KIND);
            InfinispanSettings settings = InfinispanTestSettings.of(backend.newStore());
            InfinispanStorage storage = new InfinispanStorage(() -> settings);
            storage.start();
            try {
                return new Opened(storage, Cluster.open(settings));
            } catch (RuntimeException e) {
                storage.close();
                throw e;
            }
        }

        @Override
        public void close() {
            try (storage;
                    cluster) {
                // both closed, the test's connection first
            }
        }
    }

    @Test
    void versionEntryOfAnAppendStoppedBeforeItsCompareAndSet_isNeverServed() {
        try (Opened opened = Opened.newStore()) {
            InfinispanStorage storage = opened.storage();
            Cluster cluster = opened.cluster();
            String id = "orders-" + UUID.randomUUID();
            StoredVersion first = storage.artifacts().create(draft(id, schema("First")));
            // what an append leaves when its registry dies after writing the version's entry
            long orphanGlobalId = cluster.deadline.await(cluster.globalIds.incrementAndGet(), "taking a globalId");
            StoredVersion orphan = new StoredVersion(
                    id,
                    2,
                    orphanGlobalId,
                    first.contentId(),
                    ArtifactType.AVRO,
                    VersionState.ENABLED,
                    EditableMeta.named("half-written", null),
                    "alice",
                    Instant.now(),
                    "alice",
                    Instant.now());
            cluster.versions.put(orphanGlobalId, Entries.entry(orphan, "hash", List.of()));

            assertThat(storage.versions().byGlobalId(orphanGlobalId)).isEmpty();
            assertThat(storage.contents().byGlobalId(orphanGlobalId)).isEmpty();
            assertThat(storage.versions().get(id, 2)).isEmpty();
            assertThat(storage.versions().latest(id)).contains(first);
            assertThat(storage.versions().byContentId(first.contentId())).containsExactly(first);
            assertThat(storage.versions().list(id)).containsExactly(1);
            assertThat(storage.versions().count()).isEqualTo(1);
            List<TransferRecord> exported = new ArrayList<>();
            storage.transfer().export(exported::add);
            assertThat(exported.stream().filter(TransferRecord.Version.class::isInstance))
                    .hasSize(1);

            StoredVersion second =
                    storage.versions().add(draft(id, schema("Second"))).latest();
            assertThat(second.version()).isEqualTo(2);
            assertThat(second.globalId()).isNotEqualTo(orphanGlobalId);
            assertThat(storage.versions().get(id, 2)).contains(second);
            assertThat(storage.versions().byGlobalId(second.globalId())).contains(second);
        }
    }

    @Test
    void contentPointerWrittenWithoutItsContent_isCompletedByTheNextWriterOfThatContent() {
        try (Opened opened = Opened.newStore()) {
            InfinispanStorage storage = opened.storage();
            Cluster cluster = opened.cluster();
            String id = "payments-" + UUID.randomUUID();
            storage.artifacts().create(draft(id, schema("First")));
            // what a writer leaves when it dies after claiming a contentId for new content
            Content appended = Content.of(schema("Appended"));
            long appendedId = cluster.deadline.await(cluster.contentIds.incrementAndGet(), "taking a contentId");
            cluster.keys.put(Keys.contentHash(appended.sha256()), new Pointer(appendedId));
            Content created = Content.of(schema("Created"));
            long createdId = cluster.deadline.await(cluster.contentIds.incrementAndGet(), "taking a contentId");
            cluster.keys.put(Keys.contentHash(created.sha256()), new Pointer(createdId));

            StoredVersion byAppend =
                    storage.versions().add(draft(id, schema("Appended"))).latest();
            StoredVersion byTransaction = storage.artifacts().create(draft(id + "-2", schema("Created")));

            assertThat(byAppend.contentId()).isEqualTo(appendedId);
            assertThat(storage.contents()
                            .byGlobalId(byAppend.globalId())
                            .orElseThrow()
                            .content()
                            .bytes())
                    .isEqualTo(appended.bytes());
            assertThat(byTransaction.contentId()).isEqualTo(createdId);
            assertThat(storage.contents()
                            .byContentId(createdId)
                            .orElseThrow()
                            .content()
                            .bytes())
                    .isEqualTo(created.bytes());
        }
    }

    @Test
    void appendsRacingTheArtifactsDeletion_eitherLandBeforeItOrFindItGone_andLeaveNoEntry() throws Exception {
        ExecutorService pool = Executors.newFixedThreadPool(4);
        try (Opened opened = Opened.newStore()) {
            InfinispanStorage storage = opened.storage();
            for (int round = 0; round < 10; round++) {
                String id = "racing-" + round + "-" + UUID.randomUUID();
                storage.artifacts().create(draft(id, schema("R" + round)));
                CountDownLatch go = new CountDownLatch(1);
                List<Future<Integer>> appenders = new ArrayList<>();
                for (int w = 0; w < 3; w++) {
                    int writer = w;
                    appenders.add(pool.submit(() -> {
                        go.await();
                        int added = 0;
                        try {
                            for (int i = 0; i < 20; i++) {
                                storage.versions().add(draft(id, schema("W" + writer + "x" + i)));
                                added++;
                            }
                        } catch (NotFoundException gone) {
                            // the deletion came first: every later append finds the artifact gone too
                        }
                        return added;
                    }));
                }
                go.countDown();
                storage.artifacts().delete(id);
                for (Future<Integer> appender : appenders) {
                    appender.get(2, TimeUnit.MINUTES); // an appender that hangs fails the test
                }
                assertThat(storage.artifacts().get(id)).isEmpty();
            }
            // every artifact is gone, and so is every version entry an append wrote
            assertThat(storage.versions().count()).isZero();
            assertThat(storage.versions().estimatedCount()).isZero();
        } finally {
            pool.shutdownNow();
        }
    }

    /**
     * An append that keeps losing its compare-and-set past {@code transaction-timeout} fails as
     * unavailable (503), removes the version entry it wrote, and reports the artifact changed, since
     * the event of the write that beat it may have been taken for its echo.
     */
    @Test
    void appendThatKeepsConflictingPastTheTimeout_failsAsUnavailable_andLeavesNothingBehind() {
        try (Opened opened = Opened.newStore()) {
            InfinispanStorage storage = opened.storage();
            Cluster cluster = opened.cluster();
            String id = "contended-" + UUID.randomUUID();
            storage.artifacts().create(draft(id, schema("First")));
            InfinispanChangeFeed feed = new InfinispanChangeFeed();
            List<Change> reported = new CopyOnWriteArrayList<>();
            feed.subscribe(reported::add);
            AtomicInteger rivals = new AtomicInteger();
            // another registry's append lands between this append's read and its compare-and-set
            Runnable rival = () -> {
                if (rivals.getAndIncrement() == 0) {
                    storage.versions().add(draft(id, schema("Rival")));
                }
            };
            VersionAppends appends =
                    new VersionAppends(cluster, new VersionWrites(cluster), Duration.ZERO, feed, rival);

            assertThatThrownBy(() -> appends.append(draft(id, schema("Loser"))))
                    .isInstanceOf(StorageUnavailableException.class)
                    .hasMessageContaining("kept conflicting with other writes")
                    .hasMessageContaining("stele.storage.infinispan.transaction-timeout");

            assertThat(rivals.get()).isEqualTo(1);
            assertThat(storage.versions().list(id)).containsExactly(1, 2);
            assertThat(Queries.count(cluster.versions, "stele.VersionEntry"))
                    .as("version entries on the node: the loser's is removed")
                    .isEqualTo(2);
            assertThat(reported).contains(new Change.ArtifactChanged(id));
        }
    }
}
