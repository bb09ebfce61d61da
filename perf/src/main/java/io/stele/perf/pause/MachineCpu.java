package io.stele.perf.pause;

import io.stele.perf.ProcessStats;
import io.stele.storage.testkit.backends.ServerActivity;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;

/**
 * The machine's CPU time that no process's threads account for, from {@code /proc/stat}: time the
 * hypervisor gave the machine's virtual CPUs to someone else (steal), during which the threads
 * queued on them wait however idle the machine looks, and time spent in interrupts (the loopback
 * network's packets are handled there). Between two looks, steal of {@value #STEAL_MS} ms or more
 * and interrupts of {@value #INTERRUPTS_MS} ms or more are reported.
 */
final class MachineCpu implements ServerActivity {

    static final long STEAL_MS = 10;
    static final long INTERRUPTS_MS = 50;

    private static final long MS_PER_TICK = 10;

    private long[] last;

    @Override
    public List<String> now() {
        long[] ticks = ProcessStats.machineTicks();
        long[] before = last;
        last = ticks;
        if (before == null) {
            return List.of();
        }
        List<String> seen = new ArrayList<>();
        long steal = (ticks[ProcessStats.STEAL] - before[ProcessStats.STEAL]) * MS_PER_TICK;
        if (steal >= STEAL_MS) {
            seen.add(String.format(Locale.ROOT, "the hypervisor took the CPUs %d ms since the last look", steal));
        }
        long interrupts = (ticks[ProcessStats.IRQ]
                        + ticks[ProcessStats.SOFTIRQ]
                        - before[ProcessStats.IRQ]
                        - before[ProcessStats.SOFTIRQ])
                * MS_PER_TICK;
        if (interrupts >= INTERRUPTS_MS) {
            seen.add(String.format(Locale.ROOT, "interrupts took %d ms of CPU since the last look", interrupts));
        }
        return seen;
    }

    @Override
    public void close() {}
}
