package io.stele.perf.pause;

import io.stele.perf.ProcessStats;
import io.stele.storage.testkit.backends.ServerActivity;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.HashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Set;
import java.util.stream.Collectors;
import java.util.stream.Stream;

/**
 * The machine's other processes that took a CPU, from {@code /proc/[pid]/stat}: what ran while the
 * registry's and the load generator's threads waited their turn ({@link CpuWait}), be it the
 * store's server or the kernel's own threads. Between two looks, each process other than the two
 * JVMs that ran {@value #REPORTED_MS} ms or more is reported, the busiest first, three at most.
 */
final class BusyProcesses implements ServerActivity {

    static final long REPORTED_MS = 20;

    private static final Path PROC = Path.of("/proc");
    private static final long MS_PER_TICK = 10;

    private final Set<String> skipped;
    private Map<String, Long> lastTicks = new HashMap<>();

    /** @param skipped the processes whose threads are looked at one by one instead */
    BusyProcesses(Set<Long> skipped) {
        this.skipped = skipped.stream().map(String::valueOf).collect(Collectors.toSet());
    }

    @Override
    public List<String> now() {
        Map<String, Long> ticks = new HashMap<>();
        Map<String, String> names = new HashMap<>();
        try (Stream<Path> processes = Files.list(PROC)) {
            for (Path process : (Iterable<Path>) processes::iterator) {
                String pid = process.getFileName().toString();
                if (!pid.chars().allMatch(Character::isDigit) || skipped.contains(pid)) {
                    continue;
                }
                try {
                    String stat = Files.readString(process.resolve("stat"));
                    ticks.put(pid, ProcessStats.cpuTicks(stat));
                    names.put(pid, stat.substring(stat.indexOf('(') + 1, stat.lastIndexOf(')')));
                } catch (IOException e) {
                    // the process ended between the listing and the read
                }
            }
        } catch (IOException e) {
            return List.of();
        }
        Map<String, Long> last = lastTicks;
        lastTicks = ticks;
        if (last.isEmpty()) {
            return List.of();
        }
        List<String> busy = new ArrayList<>(ticks.keySet());
        busy.removeIf(pid -> ran(pid, ticks, last) * MS_PER_TICK < REPORTED_MS);
        busy.sort(
                Comparator.comparingLong((String pid) -> ran(pid, ticks, last)).reversed());
        return busy.stream()
                .limit(3)
                .map(pid -> String.format(
                        Locale.ROOT,
                        "process %s ran %d ms since the last look",
                        names.get(pid),
                        ran(pid, ticks, last) * MS_PER_TICK))
                .toList();
    }

    private static long ran(String pid, Map<String, Long> ticks, Map<String, Long> last) {
        return ticks.get(pid) - last.getOrDefault(pid, ticks.get(pid));
    }

    @Override
    public void close() {}
}
