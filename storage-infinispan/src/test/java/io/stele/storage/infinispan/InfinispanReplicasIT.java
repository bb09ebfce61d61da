package io.stele.storage.infinispan;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.awaitility.Awaitility.await;

import io.stele.storage.ArtifactType;
import io.stele.storage.Change;
import io.stele.storage.Content;
import io.stele.storage.EditableMeta;
import io.stele.storage.StorageUnavailableException;
import io.stele.storage.StoredVersion;
import io.stele.storage.VersionDraft;
import io.stele.storage.testkit.backends.Backend;
import io.stele.storage.testkit.backends.InfinispanBackend;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.Objects;
import java.util.UUID;
import java.util.concurrent.CopyOnWriteArrayList;
import org.junit.jupiter.api.Test;

/**
 * Registries sharing one cluster: they agree on every id, concurrent writes to one artifact through
 * both give consecutive numbers, one create of an id wins, each hears of the other's changes, and a
 * cluster that goes away makes calls fail as unavailable until it is back.
 */
class InfinispanReplicasIT {

    private static String schema(int n) {
        return "{\"type\":\"record\",\"name\":\"R" + n + "\",\"fields\":[]}";
    }

    private static VersionDraft draft(String id, int n) {
        return new VersionDraft(
                id, ArtifactType.AVRO, Content.of(schema(n)), EditableMeta.named("n" + n, null), "alice");
    }

    private static InfinispanStorage replica(InfinispanBackend.Caches caches) {
        InfinispanStorage storage = new InfinispanStorage(() -> InfinispanTestSettings.of(caches));
        storage.start();
        return storage;
    }

    private static InfinispanBackend.Caches newCaches() {
        return ((InfinispanBackend) Backend.shared(InfinispanBackend.KIND)).newStore();
    }

    /**
     * Each replica hears of the other's changes. An append is reported by the store that made it,
     * before it returns, and the servers' event for it is not reported again on that replica: the
     * repeat dropped the version the write had just cached as its artifact's latest, so every append
     * read it back (2026-11-27). The other replica still hears of it.
     */
    @Test
    void eachReplicaHearsOfTheOthersChanges_andAnAppendIsReportedOnceWhereItWasMade() throws Exception {
        InfinispanBackend.Caches caches = newCaches();
        try (InfinispanStorage a = replica(caches);
                InfinispanStorage b = replica(caches)) {
            List<Change> heardByA = new CopyOnWriteArrayList<>();
            List<Change> heardByB = new CopyOnWriteArrayList<>();
            try (AutoCloseable onA = a.changes().subscribe(heardByA::add);
                    AutoCloseable onB = b.changes().subscribe(heardByB::add)) {
                String id = "echo-" + UUID.randomUUID();
                a.artifacts().create(draft(id, 1));
                awaitServersEvent(heardByA, heardByB, id); // a create in a transaction is heard again
                heardByA.clear();
                heardByB.clear();

                a.versions().add(draft(id, 2));
                // The servers send a listener its events in the order they applied the writes: once
                // the event of a later write has come, the append's has too.
                String fence = "fence-" + UUID.randomUUID();
                a.artifacts().create(draft(fence, 1));
                awaitServersEvent(heardByA, heardByB, fence);

                assertThat(heardByA)
                        .as("what replica a reported of the artifact it appended to")
                        .filteredOn(c ->
                                c.equals(new Change.ArtifactChanged(id)) || c.equals(new Change.VersionsChanged(id)))
                        .containsExactly(new Change.VersionsChanged(id));
                assertThat(heardByB).contains(new Change.ArtifactChanged(id));

                a.rules().create(io.stele.storage.RuleScope.GLOBAL, io.stele.storage.RuleType.VALIDITY, "FULL");
                await("replica b hears of the global rule replica a wrote")
                        .atMost(Duration.ofSeconds(30))
                        .until(() -> heardByB.contains(new Change.GlobalChanged()));
            }
        }
    }

    /**
     * Waits until replica a has heard of a write it made twice (its own report and the servers'
     * event) and replica b once.
     */
    private static void awaitServersEvent(List<Change> heardByA, List<Change> heardByB, String artifactId) {
        Change changed = new Change.ArtifactChanged(artifactId);
        await("both replicas hear the servers' event for a create of '" + artifactId + "'")
                .atMost(Duration.ofSeconds(30))
                .until(() -> Collections.frequency(heardByA, changed) == 2 && heardByB.contains(changed));
    }

    @Test
    void clusterStopped_callsFailAsUnavailable_andRecoverWithoutRestart() {
        Backend own = Backend.start(InfinispanBackend.KIND, Path.of("target"), java.util.Map.of());
        try (own) {
            InfinispanBackend.Caches caches = ((InfinispanBackend) own).newStore();
            try (InfinispanStorage replica = replica(caches)) {
                List<StoredVersion> acknowledged = new ArrayList<>();
                acknowledged.add(replica.artifacts().create(draft("outage", 1)));

                own.stop();
                assertThatThrownBy(() -> replica.versions().add(draft("outage", 2)))
                        .isInstanceOf(StorageUnavailableException.class);
                assertThat(replica.isReady()).isFalse();

                own.startAgain();
                acknowledged.add(await("writes recover once the cluster is back")
                        .atMost(Duration.ofSeconds(60))
                        .pollInterval(Duration.ofMillis(500))
                        .ignoreException(StorageUnavailableException.class)
                        .until(() -> replica.versions().add(draft("outage", 3)).latest(), Objects::nonNull));
                assertThat(replica.isReady()).isTrue();
                for (StoredVersion v : acknowledged) {
                    assertThat(replica.versions().byGlobalId(v.globalId())).contains(v);
                }
            }
        }
    }
}
