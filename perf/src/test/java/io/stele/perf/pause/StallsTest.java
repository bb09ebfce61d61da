package io.stele.perf.pause;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.stele.perf.ProcessStats;
import io.stele.perf.report.RunResults;
import java.time.Instant;
import java.util.Arrays;
import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * {@link Stalls} and {@link ServerSampler#spans}: the slow seconds of a flood, each with what
 * overlapped the wait of its slowest answer.
 */
class StallsTest {

    private static final Instant FROM = Instant.parse("2026-11-24T17:58:10Z");

    private static Safepoints.Stop stop(String end, String operation, double ms) {
        return new Safepoints.Stop(Instant.parse(end), operation, ms);
    }

    @Test
    void aSlowSecond_isAttributedToWhatOverlappedItsSlowestAnswer_andTheOthersAreNotStalls() {
        List<Double> maxMs = List.of(3.0, 300.0, 4.0, 80.0, 60.0);
        List<Safepoints.Stop> registry = List.of(
                stop("2026-11-24T17:58:11.200Z", "G1CollectForAllocation", 250), // in second 1
                stop("2026-11-24T17:58:12.500Z", "G1CollectForAllocation", 5)); // too short to name
        List<Safepoints.Stop> generator = List.of(stop("2026-11-24T17:58:13.100Z", "G1CollectForAllocation", 70));
        List<RunResults.Activity> server = List.of(new RunResults.Activity(3.0, 3.4, "store: checkpoint"));

        List<RunResults.Stall> stalls = Stalls.find(FROM, maxMs, registry, generator, server);

        assertThat(stalls)
                .containsExactly(
                        new RunResults.Stall(
                                1, 300.0, List.of("registry stopped: G1CollectForAllocation, 250.0 ms"), true),
                        new RunResults.Stall(
                                3,
                                80.0,
                                List.of("load generator stopped: G1CollectForAllocation, 70.0 ms", "store: checkpoint"),
                                true),
                        new RunResults.Stall(4, 60.0, List.of(), false));
    }

    @Test
    void looksThatSawTheSameWork_mergeIntoOneSpan_withinTheMeasuredPart() {
        List<ServerSampler.Sample> looks = List.of(
                new ServerSampler.Sample(FROM.minusMillis(200), List.of("store: checkpoint")), // before
                new ServerSampler.Sample(FROM.plusMillis(100), List.of("store: checkpoint")),
                new ServerSampler.Sample(
                        FROM.plusMillis(300),
                        List.of("store: checkpoint", "store: autovacuum: VACUUM public.versions")),
                new ServerSampler.Sample(FROM.plusMillis(500), List.of("store: autovacuum: VACUUM public.versions")),
                new ServerSampler.Sample(FROM.plusMillis(700), List.of()),
                new ServerSampler.Sample(FROM.plusMillis(900), List.of("store: checkpoint")),
                new ServerSampler.Sample(FROM.plusMillis(2100), List.of("store: checkpoint"))); // after

        List<RunResults.Activity> spans = ServerSampler.spans(looks, FROM, 2);

        assertThat(spans)
                .containsExactly(
                        new RunResults.Activity(0.1, 0.3, "store: checkpoint"),
                        new RunResults.Activity(0.3, 0.5, "store: autovacuum: VACUUM public.versions"),
                        new RunResults.Activity(0.9, 0.9, "store: checkpoint"));
    }

    @Test
    void ioPressure_isReadFromTheSomeLine() {
        String pressure = "some avg10=0.00 avg60=0.04 avg300=1.56 total=724127836\n"
                + "full avg10=0.00 avg60=0.03 avg300=1.25 total=359818265\n";

        assertThat(IoPressure.someTotalMicros(pressure)).isEqualTo(724_127_836L);
    }

    @Test
    void aThreadsWaitForACpu_isReadFromItsSchedstat() {
        assertThat(CpuWait.times("1082528 52000000 3\n")).isEqualTo(new CpuWait.Times(1_082_528, 52_000_000));
        assertThatThrownBy(() -> CpuWait.times("1082528")).hasMessageContaining("schedstat");
    }

    @Test
    void aProcessesCpuTime_isReadPastANameWithSpacesAndParentheses() {
        String stat = "4242 (Worker (1) x) S 1 4242 4242 0 -1 4194560 96 0 0 0 250 31 0 0 20 0 9 0 77 0 0\n";

        assertThat(ProcessStats.cpuTicks(stat)).isEqualTo(281);
    }

    @Test
    void theMachinesCpuTimes_areReadFromProcStat() {
        long[] ticks = ProcessStats.machineTicks();

        assertThat(ticks).hasSize(8);
        assertThat(Arrays.stream(ticks).min().orElseThrow()).isNotNegative();
        assertThat(ProcessStats.machineBusySeconds()).isPositive();
        assertThat(new MachineCpu().now())
                .as("a first look has nothing to compare with")
                .isEmpty();
    }

    @Test
    void aProcessThatIsGone_showsNoWait() {
        assertThat(new CpuWait(Long.MAX_VALUE).now()).isEmpty();
    }

    @Test
    void theLatestCachesMissesAndEvictions_areReadFromTheRegistrysMetrics() {
        String metrics =
                """
                # TYPE cache_gets_total counter
                cache_gets_total{cache="stele.latest",result="hit",} 1000.0
                cache_gets_total{cache="stele.latest",result="miss",} 25.0
                cache_gets_total{cache="stele.versions",result="miss",} 7.0
                cache_evictions_total{cache="stele.latest",} 3.0
                cache_evictions_total{cache="stele.contents",} 9.0
                """;

        CacheCounts counts = CacheCounts.parse(metrics);

        assertThat(counts).isEqualTo(new CacheCounts(25, 3));
        assertThat(counts.since(new CacheCounts(20, 1))).isEqualTo(new CacheCounts(5, 2));
    }

    @Test
    void theLiveHeap_isTheHistogramsTotal() {
        String histogram =
                """
                 num     #instances         #bytes  class name (module)
                -------------------------------------------------------
                   1:       1000000      560000000  [B (java.base@17.0.15)
                Total      14046431     1212345678
                """;

        assertThat(LiveHeap.total(histogram)).isEqualTo(1_212_345_678L);
    }
}
