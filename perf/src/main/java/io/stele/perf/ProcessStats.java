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
            String stat = Files.readString(Path.of("/proc", Long.toString(pid), "stat"));
            // Fields after the command name, which is in parentheses and may hold spaces.
            String[] fields = stat.substring(stat.lastIndexOf(')') + 2).split(" ");
            double cpu = (Long.parseLong(fields[11]) + Long.parseLong(fields[12])) / TICKS;
            return new ProcessStats(rssKb * 1024, cpu);
        } catch (IOException | RuntimeException e) {
            throw new IllegalStateException("Cannot read /proc for process " + pid, e);
        }
    }

    /**
     * The CPU time all of the machine's cores spent busy since it started, from /proc/stat: what
     * the registry, the load generator, PostgreSQL and anything else used together.
     */
    public static double machineBusySeconds() {
        try {
            String[] fields =
                    Files.readAllLines(Path.of("/proc/stat")).get(0).trim().split("\\s+");
            long busy = 0;
            for (int i = 1; i < fields.length && i <= 8; i++) {
                if (i != 4 && i != 5) { // idle and iowait
                    busy += Long.parseLong(fields[i]);
                }
            }
            return busy / TICKS;
        } catch (IOException | RuntimeException e) {
            throw new IllegalStateException("Cannot read /proc/stat", e);
        }
    }

    /** The CPU the process used between two readings, in cores (1.0 = one core busy). */
    public static double cores(ProcessStats before, ProcessStats after, double seconds) {
        return (after.cpuSeconds - before.cpuSeconds) / seconds;
    }
}
