package io.stele.perf.pause;

import io.stele.perf.report.RunResults;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.lang.management.ManagementFactory;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Instant;
import java.time.OffsetDateTime;
import java.time.format.DateTimeFormatter;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import javax.management.JMException;
import javax.management.ObjectName;

/**
 * The stops of a JVM, every thread held at a safepoint (a collector's pause, a deoptimization, a
 * biased-lock revocation...), read from the JVM's unified safepoint log. A stop of the registry
 * delays every request it holds; a stop of the load generator shows as latency too.
 */
public final class Safepoints {

    /** A stop at least this long is listed by itself, with its cause. */
    public static final double LISTED_MS = 10;

    private static final int MOST_LISTED = 20;

    /** {@code [2026-11-24T17:58:43.922+0000] Safepoint "G1CollectFull", ..., Total: 7312842 ns}. */
    private static final Pattern LINE = Pattern.compile("^\\[([^]]+)] Safepoint \"([^\"]+)\".*Total: (\\d+) ns");

    private static final DateTimeFormatter TIME = DateTimeFormatter.ofPattern("yyyy-MM-dd'T'HH:mm:ss.SSSZ");

    /** One stop: when it ended, what the JVM stopped for, and for how long. */
    public record Stop(Instant end, String operation, double millis) {}

    private Safepoints() {}

    /** The option that has a JVM started with it log its stops to {@code log}, never rotated. */
    public static String jvmOption(Path log) {
        return "-Xlog:safepoint:file=" + log + ":time:filecount=0";
    }

    /** Has this JVM log its stops to {@code log} from now on, as {@link #jvmOption} would. */
    public static void logThisJvm(Path log) {
        try {
            ManagementFactory.getPlatformMBeanServer()
                    .invoke(
                            new ObjectName("com.sun.management:type=DiagnosticCommand"),
                            "vmLog",
                            new Object[] {
                                new String[] {
                                    "output=file=" + log,
                                    "output_options=filecount=0",
                                    "what=safepoint",
                                    "decorators=time"
                                }
                            },
                            new String[] {String[].class.getName()});
        } catch (JMException e) {
            throw new IllegalStateException("Could not have this JVM log its safepoints to " + log + ": " + e, e);
        }
    }

    /** The stops logged so far; none when the log is not there yet. */
    public static List<Stop> read(Path log) {
        if (!Files.exists(log)) {
            return List.of();
        }
        try (var lines = Files.lines(log)) {
            return parse(lines.toList());
        } catch (IOException e) {
            throw new UncheckedIOException("Could not read the safepoint log " + log, e);
        }
    }

    static List<Stop> parse(List<String> lines) {
        List<Stop> stops = new ArrayList<>();
        for (String line : lines) {
            Matcher m = LINE.matcher(line);
            if (m.find()) {
                stops.add(new Stop(
                        OffsetDateTime.parse(m.group(1), TIME).toInstant(),
                        m.group(2),
                        Long.parseLong(m.group(3)) / 1e6));
            }
        }
        return stops;
    }

    /**
     * The stops that ended in {@code [from, from + seconds)}: how many, their total, p99 and maximum,
     * and those of {@link #LISTED_MS} or more (the longest {@value #MOST_LISTED}) at their second.
     */
    public static RunResults.Pauses within(List<Stop> stops, Instant from, int seconds) {
        Instant to = from.plusSeconds(seconds);
        List<Stop> in = stops.stream()
                .filter(s -> !s.end().isBefore(from) && s.end().isBefore(to))
                .toList();
        double[] millis = in.stream().mapToDouble(Stop::millis).sorted().toArray();
        double total = 0;
        for (double ms : millis) {
            total += ms;
        }
        List<RunResults.Pause> listed = in.stream()
                .filter(s -> s.millis() >= LISTED_MS)
                .sorted(Comparator.comparingDouble(Stop::millis).reversed())
                .limit(MOST_LISTED)
                .map(s -> new RunResults.Pause(
                        (s.end().toEpochMilli() - from.toEpochMilli()) / 1000.0, s.operation(), s.millis()))
                .toList();
        return new RunResults.Pauses(
                millis.length,
                total,
                millis.length == 0 ? 0 : millis[(int) Math.ceil(millis.length * 0.99) - 1],
                millis.length == 0 ? 0 : millis[millis.length - 1],
                listed);
    }
}
