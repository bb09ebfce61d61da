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
import io.stele.testservers.KafkaServer;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import org.junit.jupiter.api.Test;

/**
 * Replicas sharing one log, in what only the log does: a replica restarted from its local state or
 * rebuilt from nothing matches the others, a new replica is ready only once it has applied the log,
 * and a broker that goes away makes writes fail as unavailable until it is back. What every
 * backend's replicas show is in {@link KafkaReplicaContractIT}.
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

    /**
     * What two replicas wrote, interleaved in the log, a replica with no local state rebuilds byte
     * for byte (writers through both at once are the replica contract's, KafkaReplicaContractIT).
     */
    @Test
    void freshReplica_rebuildsFromTheLog_theRegistryTheOthersHold() throws Exception {
        String topic = KafkaReplicas.newTopic();
        try (KafkaStorage a = replica(topic);
                KafkaStorage b = replica(topic)) {
            a.artifacts().create(draft("shared", 0));
            a.rules().create(RuleScope.GLOBAL, RuleType.VALIDITY, "FULL");
            for (int i = 1; i <= 20; i++) {
                (i % 2 == 0 ? a : b).versions().add(draft("shared", i));
                (i % 2 == 0 ? b : a).artifacts().create(draft("own-" + i, i));
            }
            b.versions().updateState("shared", 2, VersionState.DEPRECATED, "bob");
            awaitSameOffset(a, b);
            List<TransferRecord> fromA = export(a);
            assertThat(export(b)).isEqualTo(fromA);
            assertThat(a.versions().list("shared")).hasSize(21);

            try (KafkaStorage fresh = replica(topic)) {
                assertThat(export(fresh)).isEqualTo(fromA);
            }
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
