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
     * restored.
     */
    public record Scale(
            long artifacts,
            long versions,
            double fillSeconds,
            long fillErrors,
            long registryRssBytes,
            List<Phase> phases) {}

    /** One flood. */
    public record Phase(
            String name,
            String load,
            Integer offeredRate,
            long requests,
            long errors,
            double throughput,
            Latency latency,
            List<Long> perSecond,
            long registryRssBytes,
            double registryCpuCores,
            double generatorCpuCores,
            double machineCpuCores,
            Pauses registryPauses,
            Pauses generatorPauses) {}

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
