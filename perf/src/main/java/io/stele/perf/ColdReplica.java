package io.stele.perf;

import io.stele.perf.data.SchemaGenerator;
import io.stele.perf.load.Flood;
import io.stele.perf.load.Keys;
import io.stele.perf.load.Load;
import io.stele.perf.load.Plan;
import io.stele.perf.load.Result;
import io.stele.perf.pause.CacheCounts;
import io.stele.perf.report.RunResults;
import io.stele.perf.seed.ExportWriter;
import io.stele.testservers.RegistryProcess;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CompletableFuture;

/**
 * A new replica joining a registry in service: the registry holds the largest of {@code
 * perf.scales} artifacts, each read once (a registry that has served for a while); its open-loop
 * capacity is measured as the published test measures it; then a second registry process starts
 * on the same store, and from the moment it is ready the two share an open loop at the lowest of
 * {@code perf.rates} of that capacity, half each, for twice {@code perf.duration}. That is done
 * twice: a replica with the cache's warm-up off (it starts with an empty cache), then one with it
 * on. The goal: on the new replica, the p99 of every answer from second {@value #GOAL_SECONDS} of
 * its share on is under {@value #GOAL_P99_MS} ms. Each second's own p99 is reported beside it.
 */
final class ColdReplica {

    static final double GOAL_P99_MS = 10;
    static final int GOAL_SECONDS = 30;

    private final PerfRun run;
    private final PerfSettings settings;

    ColdReplica(PerfRun run, PerfSettings settings) {
        this.run = run;
        this.settings = settings;
    }

    /** What the run found: one join with the cache's warm-up off, then one with it on. */
    record Results(
            String started,
            Map<String, Object> settings,
            Map<String, Object> machine,
            RunResults.Import imported,
            double fillSeconds,
            RunResults.Capacity capacity,
            int sharedRate,
            List<Join> joins) {}

    /**
     * One replica's join: how long it took to be ready, and what each registry answered while they
     * shared the load; the per-second series are in the order of the seconds.
     *
     * @param p99FromGoalSecondMs on the new replica, the p99 of every answer from second {@value
     *     #GOAL_SECONDS} on: the goal's measure
     * @param goalMet whether that is under {@value #GOAL_P99_MS} ms
     * @param restUnderGoalFromSecond the first second from which the p99 of every later answer on
     *     the new replica is under the goal; null when none is
     * @param underGoalFromSecond the first second from which every second's own p99 on the new
     *     replica is under the goal; null when the last one is not
     */
    record Join(
            String name,
            Map<String, String> settings,
            double readySeconds,
            Flank joining,
            Flank serving,
            double p99FromGoalSecondMs,
            boolean goalMet,
            Integer restUnderGoalFromSecond,
            Integer underGoalFromSecond) {}

    /** What one registry answered during the shared load. */
    record Flank(
            int rate,
            long requests,
            long errors,
            Result.Latency latency,
            List<Double> perSecondP99Ms,
            List<Double> p99FromSecondMs,
            List<Double> perSecondMaxMs,
            long cacheMisses) {}

    Results measure(RegistryProcess serving, String started) throws Exception {
        long artifacts = settings.scales().get(settings.scales().size() - 1);
        ExportWriter writer = new ExportWriter(new SchemaGenerator(settings.seed()), settings.versions());
        PerfRun.SeedResult seeded = run.seed(serving, writer, 0, artifacts);
        Keys uniform = Keys.numbered("perf-%d", Math.toIntExact(artifacts), new Keys.Distribution.Uniform());
        RunResults.Phase max = run.phase(serving, "max", uniform, new Load.ClosedLoop(settings.connections()), null);
        RunResults.Capacity capacity = run.openLoopCapacity(serving, uniform, max);
        int rate = (int) Math.max(
                2, Math.round(capacity.requestsPerSecond() * settings.rates().get(0)));
        List<Join> joins = List.of(
                join(serving, uniform, rate, "joining-without-warm-up", Map.of("stele.cache.warm-up", "0s")),
                join(serving, uniform, rate, "joining-with-warm-up", Map.of()));
        return new Results(
                started,
                settings.describe(),
                PerfRun.machine(),
                seeded.imported(),
                seeded.fill().seconds(),
                capacity,
                rate,
                joins);
    }

    /** Starts a new replica with these settings, and once it is ready has the two share the load. */
    private Join join(RegistryProcess serving, Keys keys, int rate, String name, Map<String, String> more)
            throws Exception {
        long start = System.nanoTime();
        try (RegistryProcess joining = run.registry(name, run.work().resolve(name + "-safepoints.log"), more)
                .start()) {
            double readySeconds = (System.nanoTime() - start) / 1e9;
            PerfRun.log("%s: ready after %.1f s; both now share %d requests/s", name, readySeconds, rate);
            CacheCounts joiningBefore = CacheCounts.of(joining.baseUri());
            CacheCounts servingBefore = CacheCounts.of(serving.baseUri());
            Duration duration = settings.duration().multipliedBy(2);
            Load half = new Load.OpenLoop(rate / 2, settings.connections());
            CompletableFuture<Result> toServing = CompletableFuture.supplyAsync(
                    () -> Flood.run(new Plan(serving.baseUri(), keys, half, Duration.ZERO, duration)));
            Result toJoining = Flood.run(new Plan(joining.baseUri(), keys, half, Duration.ZERO, duration));
            Flank joined =
                    flank(rate / 2, toJoining, CacheCounts.of(joining.baseUri()).since(joiningBefore));
            Flank served = flank(
                    rate / 2, toServing.get(), CacheCounts.of(serving.baseUri()).since(servingBefore));
            Integer settled = underGoalFrom(joined.perSecondP99Ms());
            Integer restSettled = firstUnderGoal(joined.p99FromSecondMs());
            double fromGoal = joined.p99FromSecondMs().get(GOAL_SECONDS);
            PerfRun.log(
                    "%s: p99 %.2f ms over the run and %.2f ms from second %d on (goal: under %.0f ms), the"
                            + " p99 of the rest under the goal from second %s, each second's p99 under it from"
                            + " second %s, %d cache misses; the serving replica meanwhile: p99 %.2f ms",
                    name,
                    joined.latency().p99(),
                    fromGoal,
                    GOAL_SECONDS,
                    GOAL_P99_MS,
                    restSettled,
                    settled,
                    joined.cacheMisses(),
                    served.latency().p99());
            return new Join(
                    name, more, readySeconds, joined, served, fromGoal, fromGoal < GOAL_P99_MS, restSettled, settled);
        }
    }

    private static Flank flank(int rate, Result result, CacheCounts cache) {
        return new Flank(
                rate,
                result.requests(),
                result.errors(),
                result.latency(),
                result.perSecondP99Ms(),
                result.p99FromSecondMs(),
                result.perSecondMaxMs(),
                cache.misses());
    }

    /** The first second whose value is under the goal; null if none is. */
    static Integer firstUnderGoal(List<Double> p99FromSecondMs) {
        for (int i = 0; i < p99FromSecondMs.size(); i++) {
            if (p99FromSecondMs.get(i) < GOAL_P99_MS) {
                return i;
            }
        }
        return null;
    }

    /** The first second from which every second's p99 is under the goal; null if the last is not. */
    static Integer underGoalFrom(List<Double> perSecondP99Ms) {
        int from = perSecondP99Ms.size();
        while (from > 0 && perSecondP99Ms.get(from - 1) < GOAL_P99_MS) {
            from--;
        }
        return from == perSecondP99Ms.size() ? null : from;
    }
}
