package io.stele.perf.pause;

import static org.assertj.core.api.Assertions.assertThat;

import io.stele.perf.report.RunResults;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Instant;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** {@link Safepoints}: a JVM's stops, read from its safepoint log and summed over a flood. */
class SafepointsTest {

    private static String line(String time, String operation, long totalNanos) {
        return "[" + time + "] Safepoint \"" + operation + "\", Time since last: 411953 ns, Reaching safepoint: 1843"
                + " ns, Cleanup: 2475 ns, At safepoint: 7308524 ns, Total: " + totalNanos + " ns";
    }

    @Test
    void theStopsEndingInTheFlood_areCountedSummedAndTheLongOnesListed() {
        List<Safepoints.Stop> stops = Safepoints.parse(List.of(
                line("2026-11-24T17:58:09.999+0000", "G1CollectFull", 500_000_000), // before the flood
                line("2026-11-24T17:58:10.250+0000", "G1CollectForAllocation", 2_000_000),
                "[2026-11-24T17:58:10.300+0000] an unrelated line",
                line("2026-11-24T17:58:11.500+0000", "G1CollectForAllocation", 40_000_000),
                line("2026-11-24T17:58:12.000+0000", "Cleanup", 12_500_000),
                line("2026-11-24T17:58:13.000+0000", "G1CollectFull", 300_000_000))); // after it
        assertThat(stops).hasSize(5);

        RunResults.Pauses pauses = Safepoints.within(stops, Instant.parse("2026-11-24T17:58:10Z"), 3);

        assertThat(pauses.count()).isEqualTo(3);
        assertThat(pauses.totalMs()).isEqualTo(54.5);
        assertThat(pauses.maxMs()).isEqualTo(40.0);
        assertThat(pauses.p99Ms()).isEqualTo(40.0);
        assertThat(pauses.listed())
                .containsExactly(
                        new RunResults.Pause(1.5, "G1CollectForAllocation", 40.0),
                        new RunResults.Pause(2.0, "Cleanup", 12.5));
    }

    @Test
    void noStops_areZeros() {
        RunResults.Pauses pauses = Safepoints.within(List.of(), Instant.now(), 10);

        assertThat(pauses).isEqualTo(new RunResults.Pauses(0, 0, 0, 0, List.of()));
    }

    @Test
    void thisJvmsStops_areLogged_onceAsked(@TempDir Path dir) throws Exception {
        Path log = dir.resolve("safepoints.log");
        Safepoints.logThisJvm(log);
        System.gc(); // a full collection, at a safepoint

        assertThat(Files.exists(log)).isTrue();
        List<Safepoints.Stop> stops = Safepoints.read(log);
        assertThat(stops).isNotEmpty();
    }
}
