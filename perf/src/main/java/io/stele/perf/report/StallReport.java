package io.stele.perf.report;

import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.stream.Stream;

/**
 * The parts of the HTML report that show where a stall came from: the slow seconds of each flood
 * with their causes, and the slowest answer of each second drawn with the JVMs' stops and the
 * store's server's own work on the same time axis.
 */
final class StallReport {

    private StallReport() {}

    /** A table of every second with an answer over 50 ms, with what overlapped it or "unexplained". */
    static String stalls(List<RunResults.Phase> phases) {
        List<List<String>> rows = new ArrayList<>();
        for (RunResults.Phase p : phases) {
            for (RunResults.Stall s : p.stalls()) {
                rows.add(List.of(
                        p.name(),
                        Integer.toString(s.second() + 1),
                        HtmlReport.fmt(s.maxMs()),
                        s.attributed() ? String.join("; ", s.causes()) : "unexplained"));
            }
        }
        return rows.isEmpty()
                ? "<p>No answer took longer than 50 ms in any flood.</p>"
                : "<h3>Seconds with an answer over 50 ms</h3>"
                        + HtmlReport.table(List.of("phase", "second", "slowest answer ms", "what overlapped it"), rows);
    }

    /**
     * The slowest answer of each second of each flood, one line a flood; over them, in the flood's
     * colour, each stop of 10 ms or more (a filled dot: the registry's; a ring: the load
     * generator's) at its second and length, and what else went on (the store's server's own work,
     * the machine's waits for storage) as a bar along the bottom.
     */
    static String latencyOverTime(List<RunResults.Phase> phases) {
        List<HtmlReport.Series> series = phases.stream()
                .map(p -> HtmlReport.Series.perSecond(p.name(), p.perSecondMaxMs()))
                .toList();
        double longestStop = phases.stream()
                .flatMap(
                        p -> Stream.concat(p.registryPauses().listed().stream(), p.generatorPauses().listed().stream()))
                .mapToDouble(RunResults.Pause::ms)
                .max()
                .orElse(0);
        int maxX = HtmlReport.Series.maxX(series);
        double maxY = HtmlReport.Series.maxY(series, Math.max(1, longestStop));
        StringBuilder marks = new StringBuilder();
        for (int i = 0; i < phases.size(); i++) {
            RunResults.Phase p = phases.get(i);
            String colour = HtmlReport.colour(i);
            for (RunResults.Pause s : p.registryPauses().listed()) {
                marks.append(dot(s.second() + 1, s.ms(), maxX, maxY, colour, colour));
            }
            for (RunResults.Pause s : p.generatorPauses().listed()) {
                marks.append(dot(s.second() + 1, s.ms(), maxX, maxY, "none", colour));
            }
            for (RunResults.Activity a : p.serverActivity()) {
                double from = HtmlReport.x(a.fromSecond() + 1, maxX);
                double to = HtmlReport.x(a.toSecond() + 1.2, maxX);
                marks.append(String.format(
                        Locale.ROOT,
                        "<rect x=\"%.1f\" y=\"%.1f\" width=\"%.1f\" height=\"4\" fill=\"%s\"><title>%s</title></rect>",
                        from,
                        HtmlReport.y(0, 0, maxY) - 6 - 5 * i,
                        Math.max(1, to - from),
                        colour,
                        HtmlReport.esc(a.what())));
            }
        }
        return "<h3>Slowest answer of each second, with the stops and what else went on</h3>"
                + HtmlReport.lines(series, maxX, maxY, "second of the phase", "ms", marks.toString())
                + "<p>A filled dot is a stop of the registry's JVM of 10 ms or more, a ring one of the load"
                + " generator's, drawn at the second it ended and as high as it lasted; a bar along the bottom"
                + " is work the store's server did on its own, the machine's tasks waiting for storage, a"
                + " thread of either JVM waiting for a CPU or another process busy (hover for what).</p>";
    }

    private static String dot(double second, double ms, int maxX, double maxY, String fill, String stroke) {
        return String.format(
                Locale.ROOT,
                "<circle cx=\"%.1f\" cy=\"%.1f\" r=\"4\" fill=\"%s\" stroke=\"%s\" stroke-width=\"1.5\"/>",
                HtmlReport.x(second, maxX),
                HtmlReport.y(ms, 0, maxY),
                fill,
                stroke);
    }
}
