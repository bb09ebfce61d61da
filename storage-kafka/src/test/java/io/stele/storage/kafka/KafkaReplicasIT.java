package io.stele.storage.kafka;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.awaitility.Awaitility.await;

import io.stele.storage.ArtifactType;
import io.stele.storage.Content;
import io.stele.storage.EditableMeta;
import io.stele.storage.RegistryStorage;
import io.stele.storage.RuleScope;
import io.stele.storage.RuleType;
import io.stele.storage.StorageUnavailableException;
import io.stele.storage.StoredVersion;
import io.stele.storage.TransferRecord;
import io.stele.storage.VersionDraft;
import io.stele.storage.VersionState;
import io.stele.storage.testkit.ReplicaRaces;
import io.stele.testservers.KafkaServer;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.Collections;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;

/**
 * Replicas sharing one log: they converge on the same state and ids, one create of an id wins, a
 * replica restarted from its local state or rebuilt from nothing matches the others, and a broker
 * that goes away makes writes fail as unavailable until it is back.
 */
class KafkaReplicasIT {

    private final KafkaServer broker = KafkaServer.shared();

    private static String schema(int n) {
        return "{\"type\":\"record\",\"name\":\"R" + n + "\",\"fields\":[]}";
    }

    private static VersionDraft draft(String id, int n) {
        return new VersionDraft(
                id, ArtifactType.AVRO, Content.of(schema(n)), EditableMeta.named("n" + n, null), "alice");
    }

    private KafkaStorage replica(String topic) {
        return replica(topic, KafkaReplicas.newStateDir());
    }

    private KafkaStorage replica(String topic, Path stateDir) {
        return KafkaReplicas.startReady(KafkaReplicas.settings(broker, topic, stateDir));
    }

    private static List<TransferRecord> export(RegistryStorage storage) {
        List<TransferRecord> records = new ArrayList<>();
        storage.transfer().export(records::add);
        return records;
    }

    /** Waits until every replica has applied the log as far as the first has. */
    private static void awaitSameOffset(KafkaStorage... replicas) {
        long target = 0;
        for (KafkaStorage r : replicas) {
            target = Math.max(target, r.appliedOffset());
        }
        long offset = target;
        await("every replica applies the log up to offset " + offset)
                .atMost(Duration.ofSeconds(30))
                .pollInterval(Duration.ofMillis(10))
                .until(() -> Arrays.stream(replicas).allMatch(r -> r.appliedOffset() >= offset));
    }

    @Test
    void twoReplicas_writingAtOnce_convergeOnTheSameStateAndIds_andAFreshReplicaRebuildsIt() throws Exception {
        String topic = KafkaReplicas.newTopic();
        try (KafkaStorage a = replica(topic);
                KafkaStorage b = replica(topic)) {
            List<String> shared = List.of("shared-1", "shared-2");
            a.artifacts().create(draft(shared.get(0), 0));
            b.artifacts().create(draft(shared.get(1), 0));
            a.rules().create(RuleScope.GLOBAL, RuleType.VALIDITY, "FULL");
            List<StoredVersion> acknowledged = Collections.synchronizedList(new ArrayList<>());
            ExecutorService pool = Executors.newFixedThreadPool(4);
            CountDownLatch go = new CountDownLatch(1);
            List<Future<?>> writers = new ArrayList<>();
            for (int w = 0; w < 4; w++) {
                KafkaStorage node = w % 2 == 0 ? a : b;
                int writer = w;
                writers.add(pool.submit(() -> {
                    go.await();
                    for (int i = 1; i <= 25; i++) {
                        acknowledged.add(node.versions()
                                .add(draft(shared.get(i % 2), writer * 100 + i))
                                .latest());
                        if (i % 5 == 0) {
                            acknowledged.add(node.artifacts().create(draft("own-" + writer + "-" + i, i)));
                        }
                    }
                    return null;
                }));
            }
            go.countDown();
            for (Future<?> f : writers) {
                f.get(2, TimeUnit.MINUTES); // a writer that hangs fails the test
            }
            pool.shutdown();
            b.versions().updateState(shared.get(0), 2, VersionState.DEPRECATED, "bob");

            awaitSameOffset(a, b);
            List<TransferRecord> fromA = export(a);
            assertThat(export(b)).isEqualTo(fromA);
            for (StoredVersion v : acknowledged) {
                assertThat(b.versions().byGlobalId(v.globalId())).hasValueSatisfying(stored -> {
                    assertThat(stored.artifactId()).isEqualTo(v.artifactId());
                    assertThat(stored.version()).isEqualTo(v.version());
                    assertThat(stored.contentId()).isEqualTo(v.contentId());
                });
            }
            // 4 writers x 25 versions, even i to the first shared artifact, odd to the second, plus version 1
            assertThat(a.versions().list(shared.get(0))).hasSize(1 + 4 * 12);
            assertThat(a.versions().list(shared.get(1))).hasSize(1 + 4 * 13);
            assertThat(acknowledged.stream().map(StoredVersion::globalId).distinct())
                    .hasSize(acknowledged.size());

            try (KafkaStorage fresh = replica(topic)) {
                assertThat(export(fresh)).isEqualTo(fromA);
            }
        }
    }

    @Test
    void concurrentCreatesOfOneId_throughTwoReplicas_createItOnce() throws Exception {
        String topic = KafkaReplicas.newTopic();
        try (KafkaStorage a = replica(topic);
                KafkaStorage b = replica(topic)) {
            ReplicaRaces.createOnceThroughBoth(a, b, 20, KafkaReplicasIT::draft, () -> awaitSameOffset(a, b));
        }
    }

    @Test
    void replicaRestartedFromItsLocalState_appliesOnlyWhatItMissed_andMatchesTheOthers() throws Exception {
        String topic = KafkaReplicas.newTopic();
        Path stateOfA = KafkaReplicas.newStateDir();
        try (KafkaStorage b = replica(topic)) {
            long offsetAtClose;
            try (KafkaStorage a = replica(topic, stateOfA)) {
                for (int i = 0; i < 20; i++) {
                    a.artifacts().create(draft("before-" + i, i));
                }
                offsetAtClose = a.appliedOffset();
            }
            for (int i = 0; i < 20; i++) {
                b.artifacts().create(draft("while-down-" + i, i));
            }
            try (KafkaStorage a = new KafkaStorage(KafkaReplicas.settings(broker, topic, stateOfA))) {
                a.start();
                // it resumes after the offset it had applied, not from the start of the log
                assertThat(a.appliedOffset()).isGreaterThanOrEqualTo(offsetAtClose);
                KafkaReplicas.awaitReady(a, Duration.ofSeconds(60));
                awaitSameOffset(a, b);
                assertThat(export(a)).isEqualTo(export(b));
                StoredVersion next = a.artifacts().create(draft("after", 1));
                awaitSameOffset(a, b);
                assertThat(b.versions().byGlobalId(next.globalId())).contains(next);
            }
        }
    }

    @Test
    void newReplica_isNotReadyUntilItHasAppliedTheLogAsItWasAtStartUp() throws Exception {
        String topic = KafkaReplicas.newTopic();
        try (KafkaStorage writer = replica(topic)) {
            List<StoredVersion> written = new ArrayList<>();
            for (int i = 0; i < 300; i++) {
                written.add(writer.artifacts().create(draft("ready-" + i, i)));
            }
            try (KafkaStorage late =
                    new KafkaStorage(KafkaReplicas.settings(broker, topic, KafkaReplicas.newStateDir()))) {
                late.start();
                assertThat(late.isReady()).isFalse();
                KafkaReplicas.awaitReady(late, Duration.ofSeconds(60));
                // ready means everything written before it started is there
                for (StoredVersion v : written) {
                    assertThat(late.versions().byGlobalId(v.globalId())).contains(v);
                }
            }
        }
    }

    @Test
    void brokerStopped_writesFailAsUnavailable_readsGoOn_andWritesRecoverWithoutRestart() throws Exception {
        try (KafkaServer own = KafkaServer.start(Path.of("target"))) {
            KafkaLogSettings settings = new KafkaLogSettings(
                    own.bootstrapServers(),
                    KafkaReplicas.newTopic(),
                    (short) 1,
                    1,
                    KafkaReplicas.newStateDir(),
                    Duration.ofSeconds(3),
                    Map.of());
            try (KafkaStorage replica = KafkaReplicas.startReady(settings)) {
                List<StoredVersion> acknowledged = new ArrayList<>();
                acknowledged.add(replica.artifacts().create(draft("outage", 1)));

                own.stop();
                assertThatThrownBy(() -> replica.versions().add(draft("outage", 2)))
                        .isInstanceOf(StorageUnavailableException.class);
                assertThat(replica.versions().latest("outage")).contains(acknowledged.get(0));

                own.startAgain();
                acknowledged.add(await("writes recover once the broker is back")
                        .atMost(Duration.ofSeconds(60))
                        .pollInterval(Duration.ofMillis(500))
                        .ignoreException(StorageUnavailableException.class)
                        .until(() -> replica.versions().add(draft("outage", 3)).latest(), Objects::nonNull));
                for (StoredVersion v : acknowledged) {
                    assertThat(replica.versions().byGlobalId(v.globalId())).contains(v);
                }
                try (KafkaStorage fresh = KafkaReplicas.startReady(new KafkaLogSettings(
                        own.bootstrapServers(),
                        settings.topic(),
                        (short) 1,
                        1,
                        KafkaReplicas.newStateDir(),
                        Duration.ofSeconds(10),
                        Map.of()))) {
                    assertThat(export(fresh)).isEqualTo(export(replica));
                }
            }
        }
    }
}
