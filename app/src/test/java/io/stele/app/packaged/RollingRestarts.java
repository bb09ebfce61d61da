package io.stele.app.packaged;

import static org.assertj.core.api.Assertions.assertThat;

import io.stele.testservers.Haproxy;
import io.stele.testservers.RegistryProcess;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;

/**
 * Registries behind a load balancer that follows their readiness ({@link Haproxy}), under a {@link
 * MixedLoad}, restarted in turn as Kubernetes rolls a Deployment, and one killed with SIGKILL:
 * docs/operations.md#shutdown promises, checked through the balancer.
 */
final class RollingRestarts {

    private RollingRestarts() {}

    /**
     * Behind the balancer: restarts each registry in turn, twice, with SIGTERM, each back before
     * the next stops, under load; then kills one with SIGKILL in the middle of a flood of writes
     * sent to it directly, and starts it again. Checks that no request failed until the kill, that
     * only requests in flight at the kill failed (at most one per client), that each registry
     * stopped with SIGTERM exited 0 and none logged an ERROR, that every acknowledged write reads
     * back through the balancer, and that the registries export the same data. Prints the
     * latencies during the roll.
     *
     * @param registries started, each with a drain of {@link Shutdowns#DRAIN}
     */
    static void rollTwiceThenKillOne(List<RegistryProcess> registries, Haproxy balancer) throws Exception {
        for (int i = 0; i < registries.size(); i++) {
            balancer.awaitStatus(i, "UP", Duration.ofSeconds(30));
        }
        MixedLoad load = MixedLoad.start(balancer.baseUri());
        load.awaitWrites(20, "before the roll");
        long rollStarts = System.nanoTime();
        List<Long> restartMillis = new ArrayList<>();
        for (int round = 0; round < 2; round++) {
            for (int i = 0; i < registries.size(); i++) {
                long stops = System.nanoTime();
                RegistryProcess registry = registries.get(i);
                registry.terminate();
                load.event("SIGTERM to registry " + i);
                balancer.awaitStatus(i, "DOWN", Shutdowns.DRAIN);
                assertThat(registry.awaitExit(
                                Shutdowns.DRAIN.plus(Shutdowns.TIMEOUT).plusSeconds(15)))
                        .as("exit status of registry %d after SIGTERM", i)
                        .isZero();
                load.event("registry " + i + " exited");
                registry.start();
                balancer.awaitStatus(i, "UP", Duration.ofSeconds(30));
                load.event("registry " + i + " up again");
                restartMillis.add(TimeUnit.NANOSECONDS.toMillis(System.nanoTime() - stops));
                load.awaitWrites(load.writes() + 5, "after registry " + i + " is back");
            }
        }
        long rollEnds = System.nanoTime();
        RegistryProcess victim = registries.get(0);
        long[] killed = new long[1];
        List<Long> flooded = Writes.floodThenKill(victim, 8, 100, () -> {
            load.event("SIGKILL to registry 0, amid a flood of writes sent to it directly");
            killed[0] = System.nanoTime();
        });
        long gone = System.nanoTime();
        load.event("registry 0 gone");
        balancer.awaitStatus(0, "DOWN", Duration.ofSeconds(5));
        load.awaitWrites(load.writes() + 20, "after the SIGKILL");
        victim.start();
        balancer.awaitStatus(0, "UP", Duration.ofSeconds(30));
        load.event("registry 0 up again");
        assertThat(Writes.create(victim, "after-sigkill", Writes.schema(1)).statusCode())
                .isEqualTo(200);
        load.stop();

        load.assertFailed(o -> o.answered() < killed[0], "answered before the SIGKILL", 0);
        load.assertFailed(o -> o.sent() >= gone, "sent once the killed registry was gone", 0);
        load.assertFailed(o -> true, "in all: only requests in flight at the SIGKILL", MixedLoad.CLIENTS);
        for (RegistryProcess registry : registries) {
            assertThat(Writes.logLines(registry, "ERROR")).isEmpty();
            assertThat(Writes.logLines(registry, "WARN"))
                    .as("warnings that the backend's connections closed under it while it stopped")
                    .noneMatch(line -> line.contains("Lost the connection") || line.contains("has been closed"));
        }
        load.acknowledged(flooded);
        List<String> written = load.acknowledgedPaths();
        load.assertReadBack(written, balancer.baseUri());
        Writes.sameExport(registries.toArray(RegistryProcess[]::new));
        System.out.printf(
                "Rolling restarts: %s during the roll; restarts took %s ms; read back %d acknowledged writes%n",
                load.latencies(rollStarts, rollEnds), restartMillis, written.size());
    }
}
