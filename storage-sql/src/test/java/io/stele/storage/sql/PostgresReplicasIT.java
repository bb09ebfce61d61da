package io.stele.storage.sql;

import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

import io.stele.storage.Change;
import io.stele.storage.RegistryStorage;
import io.stele.storage.StoredVersion;
import io.stele.storage.testkit.Drafts;
import io.stele.storage.testkit.Started;
import io.stele.storage.testkit.backends.Backend;
import io.stele.storage.testkit.backends.PostgresBackend;
import io.stele.testservers.PostgresServer;
import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.Statement;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.UUID;
import java.util.concurrent.BlockingQueue;
import java.util.concurrent.LinkedBlockingQueue;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestInstance;

/**
 * Two nodes on one PostgreSQL database: each hears of the other's changes within a bound, its own
 * once, and changes made in the database by anyone. What every backend's replicas show is in
 * {@link PostgresReplicaContractIT}.
 */
@TestInstance(TestInstance.Lifecycle.PER_CLASS)
class PostgresReplicasIT {

    /** The bound docs/storage.md promises for a change to reach another node. */
    static final long BOUND_MILLIS = 1000;

    private final PostgresBackend.Database database =
            ((PostgresBackend) Backend.shared(PostgresBackend.KIND)).newStore();
    private RegistryStorage a;
    private RegistryStorage b;

    private RegistryStorage open(String replica) {
        return Started.ready(database.open(replica));
    }

    @BeforeAll
    void start() {
        a = open("a");
        b = open("b");
    }

    @AfterAll
    void stop() {
        a.close();
        b.close();
    }

    /**
     * Writes through node A until node B's subscriber hears it: B then listens, and every change
     * announced before has been delivered, so what the queue gets next is new.
     */
    private void awaitListening(BlockingQueue<Change> heardByB) {
        String probe = "probe-" + UUID.randomUUID();
        a.artifacts().create(Drafts.avro(probe, 0));
        awaitHeard(heardByB, new Change.ArtifactChanged(probe), "node B hears node A's write of " + probe);
    }

    @Test
    void writeThroughOneNode_isSeenAndSignalledOnTheOther() throws Exception {
        BlockingQueue<Change> heardByB = new LinkedBlockingQueue<>();
        try (AutoCloseable subscription = b.changes().subscribe(heardByB::add)) {
            awaitListening(heardByB);
            List<Long> latencies = new ArrayList<>();
            for (int i = 0; i < 20; i++) {
                String id = "replica-" + UUID.randomUUID();
                long started = System.nanoTime();
                StoredVersion written = a.artifacts().create(Drafts.avro(id, i));
                Change heard = heardByB.poll(BOUND_MILLIS, TimeUnit.MILLISECONDS);
                latencies.add(TimeUnit.NANOSECONDS.toMillis(System.nanoTime() - started));
                assertThat(heard).isEqualTo(new Change.ArtifactChanged(id));
                assertThat(b.versions().latest(id)).contains(written);
            }
            latencies.sort(null);
            System.out.printf(
                    "Change signal from node A to node B: median %d ms, max %d ms over %d writes%n",
                    latencies.get(latencies.size() / 2), latencies.get(latencies.size() - 1), latencies.size());
        }
    }

    /**
     * A node reports its own changes once, when it commits them, not again when it hears its own
     * announcements: hearing them would drop what it cached since, such as the latest version its
     * write just cached.
     */
    @Test
    void aNodeReportsItsOwnChangesOnce_notAgainWhenItHearsItsAnnouncements() throws Exception {
        BlockingQueue<Change> heardByA = new LinkedBlockingQueue<>();
        BlockingQueue<Change> heardByB = new LinkedBlockingQueue<>();
        try (AutoCloseable sa = a.changes().subscribe(heardByA::add);
                AutoCloseable sb = b.changes().subscribe(heardByB::add)) {
            awaitListening(heardByB);
            String mine = "mine-" + UUID.randomUUID();
            a.artifacts().create(Drafts.avro(mine, 0));
            a.versions().add(Drafts.avro(mine, 1));
            // A announces in order: once B hears the marker, A's announcements of 'mine' are out
            String marker = "marker-" + UUID.randomUUID();
            a.artifacts().create(Drafts.avro(marker, 0));
            awaitHeard(heardByB, new Change.ArtifactChanged(marker), "node B hears node A's " + marker);
            // and A hears what was announced before B's write before it hears B's write
            String theirs = "theirs-" + UUID.randomUUID();
            b.artifacts().create(Drafts.avro(theirs, 0));
            List<Change> heard = awaitHeard(heardByA, new Change.ArtifactChanged(theirs), "node A hears " + theirs);

            assertThat(heard.stream().filter(c -> c.toString().contains(mine)))
                    .containsExactly(new Change.ArtifactChanged(mine), new Change.VersionsChanged(mine));
        }
    }

    /** Everything heard up to and including the expected change, which must come within 30 s. */
    private static List<Change> awaitHeard(BlockingQueue<Change> queue, Change expected, String what) {
        List<Change> heard = new ArrayList<>();
        await(what).atMost(Duration.ofSeconds(30)).until(() -> {
            for (Change c = queue.poll(); c != null; c = queue.poll()) {
                heard.add(c);
                if (c.equals(expected)) {
                    return true;
                }
            }
            return false;
        });
        return heard;
    }

    @Test
    void changesMadeInTheDatabaseByAnyone_areHeard() throws Exception {
        String id = "sql-" + UUID.randomUUID();
        a.artifacts().create(Drafts.avro(id, 1));
        BlockingQueue<Change> heardByB = new LinkedBlockingQueue<>();
        try (AutoCloseable subscription = b.changes().subscribe(heardByB::add);
                Connection c =
                        DriverManager.getConnection(database.url(), PostgresServer.USER, PostgresServer.PASSWORD);
                Statement s = c.createStatement()) {
            awaitListening(heardByB);
            s.executeUpdate("UPDATE versions SET state = 'DEPRECATED' WHERE artifact_id = '" + id + "'");
            assertThat(heardByB.poll(BOUND_MILLIS, TimeUnit.MILLISECONDS)).isEqualTo(new Change.ArtifactChanged(id));
            s.executeUpdate("INSERT INTO global_rules (rule_type, config) VALUES ('VALIDITY', 'FULL')");
            assertThat(heardByB.poll(BOUND_MILLIS, TimeUnit.MILLISECONDS)).isEqualTo(new Change.GlobalChanged());
            String ahead = "sql-" + UUID.randomUUID(); // rules of an artifact not created yet
            s.executeUpdate("INSERT INTO artifact_rules (artifact_id, rule_type, config) VALUES ('" + ahead
                    + "', 'COMPATIBILITY', 'NONE')");
            assertThat(heardByB.poll(BOUND_MILLIS, TimeUnit.MILLISECONDS)).isEqualTo(new Change.ArtifactChanged(ahead));
        }
    }
}
