package io.stele.perf;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;

/**
 * The memory and CPU time of a process, read from Linux's /proc: resident set size, and user plus
 * system time since it started.
 */
public record ProcessStats(long rssBytes, double cpuSeconds) {

    /** Clock ticks a second, as nearly every Linux build counts them in /proc/[pid]/stat. */
    private static final double TICKS = 100.0;

    public static ProcessStats of(long pid) {
        try {
            long rssKb = Files.readAllLines(Path.of("/proc", Long.toString(pid), "status")).stream()
                    .filter(line -> line.startsWith("VmRSS:"))
                    .map(line -> Long.parseLong(line.replaceAll("[^0-9]", "")))
                    .findFirst()
                    .orElse(0L);
            double cpu = cpuTicks(Files.readString(Path.of("/proc", Long.toString(pid), "stat"))) / TICKS;
            return new ProcessStats(rssKb * 1024, cpu);
        } catch (IOException | RuntimeException e) {
            throw new IllegalStateException("Cannot read /proc for process " + pid, e);
        }
    }

    /** User plus system time, in clock ticks, from a {@code /proc/[pid]/stat} line. */
    public static long cpuTicks(String stat) {
        // Fields after the command name, which is in parentheses and may hold spaces.
        String[] fields = stat.substring(stat.lastIndexOf(')') + 2).split(" ");
        return Long.parseLong(fields[11]) + Long.parseLong(fields[12]);
    }

    /** Indexes into {@link #machineTicks()}: time in interrupts, in soft interrupts, stolen. */
    public static final int IRQ = 5, SOFTIRQ = 6, STEAL = 7;

    private static final int IDLE = 3, IOWAIT = 4;

    /**
     * The CPU time all of the machine's cores spent busy since it started, from /proc/stat: what
     * the registry, the load generator, PostgreSQL and anything else used together.
     */
    public static double machineBusySeconds() {
        long[] ticks = machineTicks();
        long busy = 0;
        for (int i = 0; i <= STEAL; i++) {
            if (i != IDLE && i != IOWAIT) {
                busy += ticks[i];
            }
        }
        return busy / TICKS;
    }

    /**
     * The machine's first eight CPU times since it started, in clock ticks, summed over its cores
     * (user, nice, system, idle, iowait, irq, softirq, steal), from /proc/stat's {@code cpu} line.
     */
    public static long[] machineTicks() {
        try {
            String[] fields =
                    Files.readAllLines(Path.of("/proc/stat")).get(0).trim().split("\\s+");
            long[] ticks = new long[STEAL + 1];
            for (int i = 0; i < ticks.length; i++) {
                ticks[i] = Long.parseLong(fields[i + 1]);
            }
            return ticks;
        } catch (IOException | RuntimeException e) {
            throw new IllegalStateException("Cannot read /proc/stat", e);
        }
    }

    /** The CPU the process used between two readings, in cores (1.0 = one core busy). */
    public static double cores(ProcessStats before, ProcessStats after, double seconds) {
        return (after.cpuSeconds - before.cpuSeconds) / seconds;
    }
}
