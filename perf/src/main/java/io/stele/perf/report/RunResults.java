package io.stele.perf.report;

import java.util.List;
import java.util.Map;

/**
 * Everything one perf run measured, as written to its JSON file. Times in seconds, latencies in
 * milliseconds, memory in bytes, CPU in cores (1.0 = one core busy).
 */
public record RunResults(
        String startedAt,
        String backend,
        Map<String, Object> settings,
        Map<String, Object> machine,
        Seeding seeding,
        List<Scale> scales) {

    /** How fast the registry was filled. */
    public record Seeding(double meanSchemaBytes, List<Import> imports, Rest rest) {}

    /** One import of artifacts {@code from} to {@code to}. */
    public record Import(long from, long to, long versions, double seconds, double versionsPerSecond) {}

    /** Seeding through the ordinary API with concurrent writers. */
    public record Rest(int writers, long versions, long errors, double seconds, double versionsPerSecond) {}

    /**
     * The floods run at one size of the registry, after every artifact new at this size was read
     * once ({@code fillSeconds}), so that the floods measure a registry in service, not one just
     * restored. {@code registryLiveHeapBytes} is what the registry's heap held after the floods
     * once a full collection had freed all it could, which divided by the artifacts gives the
     * memory a cached artifact takes.
     */
    public record Scale(
            long artifacts,
            long versions,
            double fillSeconds,
            long fillErrors,
            long registryRssBytes,
            long registryLiveHeapBytes,
            Capacity openLoopCapacity,
            List<Phase> phases) {}

    /**
     * What the machine sustains in an open loop, which the open loops' rates are shares of: a probe
     * offered {@code probeRate} requests a second, answered {@code probeThroughput}, and kept
     * {@code machineCores} of the machine's {@code cores} busy; the capacity is the cores over the
     * CPU a request cost, at most the closed-loop maximum.
     */
    public record Capacity(
            int probeRate, double probeThroughput, double machineCores, int cores, double requestsPerSecond) {}

    /**
     * One flood. {@code errorsByKind} splits its {@code errors} ({@code status 503}, {@code no
     * answer}, {@code unsent}). {@code registryCacheMisses} and {@code registryCacheEvictions} count, over the
     * whole flood, the requests the registry's latest-version cache could not answer (each read the
     * store) and the entries it dropped to stay within its bound.
     */
    public record Phase(
            String name,
            String load,
            Integer offeredRate,
            long requests,
            long errors,
            Map<String, Long> errorsByKind,
            double throughput,
            Latency latency,
            List<Long> perSecond,
            long registryRssBytes,
            double registryCpuCores,
            double generatorCpuCores,
            double machineCpuCores,
            Pauses registryPauses,
            Pauses generatorPauses,
            List<Double> perSecondMaxMs,
            List<Activity> serverActivity,
            List<Stall> stalls,
            long registryCacheMisses,
            long registryCacheEvictions) {}

    /**
     * What else went on during a flood's measured part, seen from {@code fromSecond} to
     * {@code toSecond} by looks 200 ms apart: the store's server's own work ({@code store: checkpoint},
     * {@code store: autovacuum: ...}), the machine's tasks waiting for storage ({@code machine's
     * storage: ...}), a thread of the registry or the load generator waiting for a CPU ({@code
     * registry: thread ... waited for a CPU ...}), or another process busy ({@code machine: process
     * ... ran ...}).
     */
    public record Activity(double fromSecond, double toSecond, String what) {}

    /**
     * A second of a flood in which some answer took longer than 50 ms, with what overlapped the
     * wait of its slowest answer; {@code attributed} is false when nothing did (unexplained).
     */
    public record Stall(int second, double maxMs, List<String> causes, boolean attributed) {}

    /**
     * The stops of one JVM (every thread held at a safepoint: a collector's pause, or another VM
     * operation) that ended during a flood's measured part.
     *
     * @param listed the stops of 10 ms or more, longest first (at most 20)
     */
    public record Pauses(int count, double totalMs, double p99Ms, double maxMs, List<Pause> listed) {}

    /** One stop: {@code second} after the measured part began, what the JVM stopped for, how long. */
    public record Pause(double second, String operation, double ms) {}

    /** Latency percentiles, in milliseconds. */
    public record Latency(double p50, double p90, double p99, double p999, double max) {}
}
