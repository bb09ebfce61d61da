package io.stele.perf.pause;

import io.stele.perf.report.RunResults;
import io.stele.storage.testkit.backends.ServerActivity;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;

/**
 * Looks at what else goes on during a flood every {@value #EVERY_MS} ms, in a thread of its own,
 * from {@link #start} to {@link #close}: what the store's server does on its own ({@link
 * ServerActivity}: one short query a look, through one session, so the looking costs the server
 * next to nothing), the machine's tasks waiting for storage ({@link IoPressure}), the registry's and
 * the load generator's threads waiting for a CPU ({@link CpuWait}), the other processes that ran
 * meanwhile ({@link BusyProcesses}), and the CPU time no process accounts for ({@link
 * MachineCpu}).
 */
public final class ServerSampler implements AutoCloseable {

    static final long EVERY_MS = 200;

    /** What the server was doing at one moment. */
    record Sample(Instant at, List<String> work) {}

    private final Map<String, ServerActivity> sources;
    private final List<Sample> samples = new ArrayList<>();
    private final Thread thread;
    private volatile boolean stopping;
    private volatile RuntimeException failure;

    private ServerSampler(Map<String, ServerActivity> sources) {
        this.sources = sources;
        this.thread = new Thread(this::sample, "server-activity");
        this.thread.setDaemon(true);
    }

    /**
     * @param store what the store's server does on its own, reported as {@code store}
     * @param registryPid the registry's process, whose threads' waits for a CPU are reported as
     *     {@code registry}; the load generator's (this process's) are reported as {@code load
     *     generator}
     */
    public static ServerSampler start(ServerActivity store, long registryPid) {
        Map<String, ServerActivity> sources = new LinkedHashMap<>();
        sources.put("store", store);
        sources.put("machine's storage", new IoPressure());
        long generatorPid = ProcessHandle.current().pid();
        sources.put("machine", new BusyProcesses(Set.of(registryPid, generatorPid)));
        sources.put("machine's CPUs", new MachineCpu());
        sources.put("registry", new CpuWait(registryPid));
        sources.put("load generator", new CpuWait(generatorPid));
        ServerSampler sampler = new ServerSampler(sources);
        sampler.thread.start();
        return sampler;
    }

    private void sample() {
        try {
            while (!stopping) {
                List<String> work = new ArrayList<>();
                sources.forEach((who, source) -> source.now().forEach(w -> work.add(who + ": " + w)));
                synchronized (samples) {
                    samples.add(new Sample(Instant.now(), work));
                }
                Thread.sleep(EVERY_MS);
            }
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        } catch (RuntimeException e) {
            failure = e;
        }
    }

    /**
     * Stops looking, and gives the work seen in {@code [from, from + seconds)}: each piece of work
     * from the first look that saw it to the last, in seconds after {@code from}.
     *
     * @throws IllegalStateException when the server could not be asked
     */
    public List<RunResults.Activity> stop(Instant from, int seconds) {
        close();
        if (failure != null) {
            throw new IllegalStateException(
                    "Looking at the server's activity failed: " + failure.getMessage(), failure);
        }
        List<Sample> seen;
        synchronized (samples) {
            seen = List.copyOf(samples);
        }
        return spans(seen, from, seconds);
    }

    /** Consecutive looks that saw the same work, merged into one span each. */
    static List<RunResults.Activity> spans(List<Sample> seen, Instant from, int seconds) {
        Instant to = from.plusSeconds(seconds);
        List<RunResults.Activity> spans = new ArrayList<>();
        List<RunResults.Activity> open = new ArrayList<>();
        for (Sample sample : seen) {
            if (sample.at().isBefore(from) || !sample.at().isBefore(to)) {
                continue;
            }
            double second = Duration.between(from, sample.at()).toNanos() / 1e9;
            List<RunResults.Activity> stillOpen = new ArrayList<>();
            for (String work : sample.work()) {
                RunResults.Activity span = open.stream()
                        .filter(a -> a.what().equals(work))
                        .findFirst()
                        .map(a -> new RunResults.Activity(a.fromSecond(), second, work))
                        .orElse(new RunResults.Activity(second, second, work));
                stillOpen.add(span);
            }
            for (RunResults.Activity a : open) {
                if (stillOpen.stream().noneMatch(b -> b.what().equals(a.what()))) {
                    spans.add(a);
                }
            }
            open = stillOpen;
        }
        spans.addAll(open);
        return spans;
    }

    @Override
    public void close() {
        stopping = true;
        try {
            thread.join(Duration.ofSeconds(10).toMillis());
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
        if (thread.isAlive()) {
            throw new IllegalStateException("The server-activity sampler did not stop within 10 s");
        }
        sources.values().forEach(ServerActivity::close);
    }
}
