package io.stele.perf.pause;

import io.stele.storage.testkit.backends.ServerActivity;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.HashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.stream.Stream;

/**
 * One process's threads held up waiting for a CPU, from Linux's scheduler statistics ({@code
 * /proc/[pid]/task/[tid]/schedstat}: the time a thread ran, then the time it spent runnable but not
 * running): on a machine whose cores several busy processes share, a thread that answers requests
 * can be ready and still wait its turn, and every answer it owes waits with it. Between two looks,
 * the thread that waited longest is reported when it waited {@value #REPORTED_MS} ms or more, with
 * the process's thread that ran longest, so that a process's own background work (a compiler, a
 * collector) shows apart from other processes' ({@link BusyProcesses}). Sees nothing on a kernel
 * without scheduler statistics.
 */
final class CpuWait implements ServerActivity {

    static final long REPORTED_MS = 20;

    /** A thread's totals: nanoseconds on a CPU, nanoseconds waiting for one. */
    record Times(long ranNanos, long waitedNanos) {}

    private final Path tasks;
    private Map<String, Times> last = new HashMap<>();
    private final Map<String, String> names = new HashMap<>();

    CpuWait(long pid) {
        this.tasks = Path.of("/proc", Long.toString(pid), "task");
    }

    @Override
    public List<String> now() {
        Map<String, Times> seen = new HashMap<>();
        try (Stream<Path> threads = Files.list(tasks)) {
            for (Path thread : (Iterable<Path>) threads::iterator) {
                try {
                    seen.put(thread.getFileName().toString(), times(Files.readString(thread.resolve("schedstat"))));
                } catch (IOException e) {
                    // the thread ended between the listing and the read
                }
            }
        } catch (IOException e) {
            return List.of(); // the process ended, or the kernel keeps no such statistics
        }
        String waited = null;
        long waitedNanos = 0;
        String ran = null;
        long ranNanos = 0;
        for (Map.Entry<String, Times> thread : seen.entrySet()) {
            Times before = last.get(thread.getKey());
            if (before == null) {
                continue;
            }
            Times now = thread.getValue();
            if (now.waitedNanos() - before.waitedNanos() > waitedNanos) {
                waitedNanos = now.waitedNanos() - before.waitedNanos();
                waited = thread.getKey();
            }
            if (now.ranNanos() - before.ranNanos() > ranNanos) {
                ranNanos = now.ranNanos() - before.ranNanos();
                ran = thread.getKey();
            }
        }
        last = seen;
        names.keySet().retainAll(seen.keySet());
        if (waited == null || waitedNanos / 1_000_000 < REPORTED_MS) {
            return List.of();
        }
        return List.of(String.format(
                Locale.ROOT,
                "thread %s waited for a CPU %d ms since the last look, while its busiest thread, %s, ran %d ms",
                name(waited),
                waitedNanos / 1_000_000,
                ran == null ? "none" : name(ran),
                ranNanos / 1_000_000));
    }

    private String name(String tid) {
        return names.computeIfAbsent(tid, t -> {
            try {
                return Files.readString(tasks.resolve(t).resolve("comm")).trim();
            } catch (IOException e) {
                return t;
            }
        });
    }

    /** A {@code schedstat} line: nanoseconds on a CPU, nanoseconds runnable but waiting, time slices. */
    static Times times(String schedstat) {
        String[] fields = schedstat.trim().split("\\s+");
        if (fields.length < 2) {
            throw new IllegalStateException("Unexpected schedstat line: " + schedstat);
        }
        return new Times(Long.parseLong(fields[0]), Long.parseLong(fields[1]));
    }

    @Override
    public void close() {}
}
