package io.stele.storage.testkit;

import static org.assertj.core.api.Assertions.assertThat;

import io.stele.storage.AlreadyExistsException;
import io.stele.storage.RegistryStorage;
import io.stele.storage.StoredVersion;
import io.stele.storage.VersionDraft;
import java.util.ArrayList;
import java.util.List;
import java.util.UUID;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.TimeUnit;
import java.util.function.BiFunction;

/** Races that every backend whose registries share one store must settle the same way. */
public final class ReplicaRaces {

    private ReplicaRaces() {}

    /**
     * Creates a new id through both registries at once, {@code rounds} times: each time exactly one
     * create succeeds and the other is refused as existing, and once {@code settle} has run (a wait
     * for the registries to catch up, where they apply writes asynchronously), both give the winner
     * as the latest version.
     *
     * @param draft the draft of an id, numbered 0 and 1 for the two registries
     */
    public static void createOnceThroughBoth(
            RegistryStorage a,
            RegistryStorage b,
            int rounds,
            BiFunction<String, Integer, VersionDraft> draft,
            Runnable settle)
            throws Exception {
        for (int round = 0; round < rounds; round++) {
            String id = "race-" + UUID.randomUUID();
            CountDownLatch go = new CountDownLatch(1);
            ExecutorService pool = Executors.newFixedThreadPool(2);
            List<Future<Object>> results = new ArrayList<>();
            for (RegistryStorage node : List.of(a, b)) {
                int n = results.size();
                results.add(pool.submit(() -> {
                    go.await();
                    try {
                        return node.artifacts().create(draft.apply(id, n));
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
            settle.run();
            assertThat(a.versions().latest(id)).contains(winner);
            assertThat(b.versions().latest(id)).contains(winner);
        }
    }
}
