package io.stele.perf.pause;

import io.stele.perf.report.RunResults;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;

/**
 * The seconds of a flood in which some answer took longer than {@value #STALL_MS} ms (the goal's
 * maximum), each with what may have caused it: a stop of the registry's JVM or of the load
 * generator's of {@value Safepoints#LISTED_MS} ms or more, the store's server at work on its own, the
 * machine's tasks waiting for storage, or a thread of either JVM waiting for a CPU, overlapping the
 * time the slowest answer of that second was waiting. A stall nothing overlaps is unexplained.
 */
public final class Stalls {

    /** An answer slower than this makes its second a stall. */
    public static final double STALL_MS = 50;

    private Stalls() {}

    /**
     * @param from when the measured part began; the seconds count from it
     * @param perSecondMaxMs the longest latency of the answers received in each second
     */
    public static List<RunResults.Stall> find(
            Instant from,
            List<Double> perSecondMaxMs,
            List<Safepoints.Stop> registry,
            List<Safepoints.Stop> generator,
            List<RunResults.Activity> server) {
        List<RunResults.Stall> stalls = new ArrayList<>();
        for (int second = 0; second < perSecondMaxMs.size(); second++) {
            double maxMs = perSecondMaxMs.get(second);
            if (maxMs <= STALL_MS) {
                continue;
            }
            // The slowest answer of this second was sent (or due) at the earliest maxMs before it.
            double waitFrom = second - maxMs / 1000;
            double waitTo = second + 1;
            List<String> causes = new ArrayList<>();
            stops(from, registry, waitFrom, waitTo, "registry", causes);
            stops(from, generator, waitFrom, waitTo, "load generator", causes);
            for (RunResults.Activity a : server) {
                double sampleEnd = a.toSecond() + ServerSampler.EVERY_MS / 1000.0;
                if (a.fromSecond() < waitTo && sampleEnd > waitFrom) {
                    causes.add(a.what());
                }
            }
            stalls.add(new RunResults.Stall(second, maxMs, causes, !causes.isEmpty()));
        }
        return stalls;
    }

    private static void stops(
            Instant from,
            List<Safepoints.Stop> stops,
            double waitFrom,
            double waitTo,
            String who,
            List<String> causes) {
        for (Safepoints.Stop stop : stops) {
            if (stop.millis() < Safepoints.LISTED_MS) {
                continue;
            }
            double end = (stop.end().toEpochMilli() - from.toEpochMilli()) / 1000.0;
            double start = end - stop.millis() / 1000;
            if (start < waitTo && end > waitFrom) {
                causes.add(String.format(Locale.ROOT, "%s stopped: %s, %.1f ms", who, stop.operation(), stop.millis()));
            }
        }
    }
}
