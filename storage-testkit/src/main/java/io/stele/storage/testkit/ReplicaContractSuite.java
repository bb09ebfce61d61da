package io.stele.storage.testkit;

import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

import io.stele.storage.AlreadyExistsException;
import io.stele.storage.Change;
import io.stele.storage.RegistryStorage;
import io.stele.storage.RuleScope;
import io.stele.storage.RuleType;
import io.stele.storage.StoredVersion;
import io.stele.storage.TransferRecord;
import io.stele.storage.testkit.backends.Backend;
import io.stele.storage.testkit.backends.Store;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.UUID;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.TimeUnit;
import java.util.stream.IntStream;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestInstance;

/**
 * What two replicas of one registry (two processes over one database, one log or one cluster)
 * must show whatever the backend: writes through both at once agree on every number and id, a
 * race to create one id has one winner, and each replica hears of the other's changes. A backend
 * with replicas runs it by naming its kind; what only one backend does (its own change signal, its
 * log's restarts, its server's outages) stays in that backend's own tests.
 *
 * <p>Replicas may apply each other's writes later (the Kafka log): the suite then waits, with a
 * deadline, for both to show the same registry, never for a fixed time.
 */
@TestInstance(TestInstance.Lifecycle.PER_CLASS)
public abstract class ReplicaContractSuite {

    /** How long a replica may take to show what the other wrote. */
    private static final Duration CONVERGES_WITHIN = Duration.ofSeconds(60);

    private final Store store;
    private RegistryStorage a;
    private RegistryStorage b;

    /** The suite over two replicas of a new store of the JVM's shared backend of {@code kind}. */
    protected ReplicaContractSuite(String kind) {
        this.store = Backend.shared(kind).newStore();
    }

    @BeforeAll
    void open() {
        a = Started.ready(store.open("a"));
        b = Started.ready(store.open("b"));
    }

    @AfterAll
    void close() {
        for (RegistryStorage replica : new RegistryStorage[] {a, b}) {
            if (replica != null) {
                replica.close();
            }
        }
    }

    @Test
    void writersThroughBothReplicasAtOnce_giveConsecutiveNumbers_andBothAgreeOnEveryId() throws Exception {
        String shared = "shared-" + UUID.randomUUID();
        a.artifacts().create(Drafts.avro(shared, 0));
        List<StoredVersion> acknowledged = Collections.synchronizedList(new ArrayList<>());
        ExecutorService pool = Executors.newFixedThreadPool(4);
        CountDownLatch go = new CountDownLatch(1);
        List<Future<?>> writers = new ArrayList<>();
        for (int w = 0; w < 4; w++) {
            RegistryStorage node = w % 2 == 0 ? a : b;
            int writer = w;
            writers.add(pool.submit(() -> {
                go.await();
                for (int i = 1; i <= 20; i++) {
                    acknowledged.add(node.versions()
                            .add(Drafts.avro(shared, writer * 100 + i))
                            .latest());
                }
                return null;
            }));
        }
        go.countDown();
        for (Future<?> f : writers) {
            f.get(3, TimeUnit.MINUTES); // a writer that hangs fails the test
        }
        pool.shutdown();

        awaitSameRegistry();
        List<Integer> all = IntStream.rangeClosed(1, 81).boxed().toList();
        assertThat(a.versions().list(shared)).isEqualTo(all);
        assertThat(b.versions().list(shared)).isEqualTo(all);
        assertThat(acknowledged.stream().map(StoredVersion::version).distinct()).hasSize(80);
        assertThat(acknowledged.stream().map(StoredVersion::globalId).distinct())
                .hasSize(80);
        for (StoredVersion v : acknowledged) {
            assertThat(b.versions().byGlobalId(v.globalId())).contains(v);
            assertThat(a.versions().get(shared, v.version())).contains(v);
        }
    }

    /**
     * Creates a new id through both replicas at once, twenty times: each time exactly one create
     * succeeds and the other is refused as existing, and both replicas then give the winner.
     */
    @Test
    void concurrentCreatesOfOneId_throughBothReplicas_createItOnce() throws Exception {
        for (int round = 0; round < 20; round++) {
            String id = "race-" + UUID.randomUUID();
            CountDownLatch go = new CountDownLatch(1);
            ExecutorService pool = Executors.newFixedThreadPool(2);
            List<Future<Object>> results = new ArrayList<>();
            for (RegistryStorage node : List.of(a, b)) {
                int n = results.size();
                results.add(pool.submit(() -> {
                    go.await();
                    try {
                        return node.artifacts().create(Drafts.avro(id, n));
                    } catch (RuntimeException e) {
                        return e;
                    }
                }));
            }
            go.countDown();
            List<Object> outcomes = new ArrayList<>();
            for (Future<Object> f : results) {
                outcomes.add(f.get(1, TimeUnit.MINUTES)); // a create that hangs fails the test
            }
            pool.shutdown();
            assertThat(outcomes).filteredOn(StoredVersion.class::isInstance).hasSize(1);
            assertThat(outcomes)
                    .filteredOn(AlreadyExistsException.class::isInstance)
                    .hasSize(1);
            StoredVersion winner = (StoredVersion) outcomes.stream()
                    .filter(StoredVersion.class::isInstance)
                    .findFirst()
                    .orElseThrow();
            awaitSameRegistry();
            assertThat(a.versions().latest(id)).contains(winner);
            assertThat(b.versions().latest(id)).contains(winner);
        }
    }

    @Test
    void eachReplicaHearsOfTheOthersChanges() throws Exception {
        List<Change> heardByA = new CopyOnWriteArrayList<>();
        List<Change> heardByB = new CopyOnWriteArrayList<>();
        try (AutoCloseable onA = a.changes().subscribe(heardByA::add);
                AutoCloseable onB = b.changes().subscribe(heardByB::add)) {
            String fromA = "from-a-" + UUID.randomUUID();
            a.artifacts().create(Drafts.avro(fromA, 1));
            awaitHeard(heardByB, new Change.ArtifactChanged(fromA), "replica b hears of replica a's create");
            String fromB = "from-b-" + UUID.randomUUID();
            b.artifacts().create(Drafts.avro(fromB, 1));
            awaitHeard(heardByA, new Change.ArtifactChanged(fromB), "replica a hears of replica b's create");
            a.rules().create(RuleScope.GLOBAL, RuleType.VALIDITY, "FULL");
            awaitHeard(heardByB, new Change.GlobalChanged(), "replica b hears of replica a's global rule");
        }
    }

    /** Waits until {@code heard} holds {@code expected}, or {@link Change.Unknown}, which covers every change. */
    private static void awaitHeard(List<Change> heard, Change expected, String what) {
        await(what)
                .atMost(CONVERGES_WITHIN)
                .until(() -> heard.contains(expected) || heard.contains(new Change.Unknown()));
    }

    /** Waits until both replicas export the same registry: each then holds what either wrote. */
    private void awaitSameRegistry() {
        await("both replicas hold the same registry")
                .atMost(CONVERGES_WITHIN)
                .pollInterval(Duration.ofMillis(20))
                .until(() -> export(a).equals(export(b)));
    }

    private static List<TransferRecord> export(RegistryStorage storage) {
        List<TransferRecord> records = new ArrayList<>();
        storage.transfer().export(records::add);
        return records;
    }
}
