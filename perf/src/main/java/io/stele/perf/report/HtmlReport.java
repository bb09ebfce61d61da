package io.stele.perf.report;

import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Map;

/**
 * A self-contained HTML page of a run: tables and inline SVG charts (throughput over time,
 * latency percentiles, latency by offered rate, throughput by registry size), no scripts, no
 * files fetched.
 */
public final class HtmlReport {

    private static final String[] COLOURS = {
        "#1f77b4", "#d62728", "#2ca02c", "#9467bd", "#ff7f0e", "#8c564b", "#17becf", "#7f7f7f"
    };
    private static final int W = 720;
    private static final int H = 260;
    private static final int PAD = 50;

    private HtmlReport() {}

    public static String render(RunResults run) {
        StringBuilder html = new StringBuilder(64 * 1024);
        html.append("<!DOCTYPE html><html><head><meta charset=\"utf-8\"><title>Stele perf: ")
                .append(esc(run.backend()))
                .append("</title><style>body{font-family:sans-serif;max-width:900px;margin:2em auto;color:#222}"
                        + "table{border-collapse:collapse;margin:1em 0}td,th{border:1px solid #ccc;padding:4px 8px;"
                        + "text-align:right}th{background:#f4f4f4}td:first-child,th:first-child{text-align:left}"
                        + "svg{border:1px solid #eee;margin:0.5em 0}</style></head><body>");
        html.append("<h1>Stele GET-latest benchmark</h1><p>Backend <b>")
                .append(esc(run.backend()))
                .append("</b>, started ")
                .append(esc(run.startedAt()))
                .append(".</p>");
        html.append("<h2>Machine and settings</h2>")
                .append(table(List.of("setting", "value"), mapRows(run.machine(), run.settings())));
        html.append("<h2>Seeding</h2><p>Mean schema size ")
                .append(fmt(run.seeding().meanSchemaBytes()))
                .append(" bytes.</p>");
        List<List<String>> seedRows = new ArrayList<>();
        for (RunResults.Import i : run.seeding().imports()) {
            seedRows.add(List.of(
                    "import, artifacts " + i.from() + " to " + i.to(),
                    Long.toString(i.versions()),
                    fmt(i.seconds()),
                    fmt(i.versionsPerSecond())));
        }
        if (run.seeding().rest() != null) {
            RunResults.Rest r = run.seeding().rest();
            seedRows.add(List.of(
                    "REST, " + r.writers() + " writers (" + r.errors() + " errors)",
                    Long.toString(r.versions()),
                    fmt(r.seconds()),
                    fmt(r.versionsPerSecond())));
        }
        html.append(table(List.of("how", "versions", "seconds", "versions/s"), seedRows));
        for (RunResults.Scale scale : run.scales()) {
            html.append("<h2>")
                    .append(scale.artifacts())
                    .append(" artifacts, ")
                    .append(scale.versions())
                    .append(" versions</h2><p>Every new artifact read once in ")
                    .append(fmt(scale.fillSeconds()))
                    .append(" s (")
                    .append(scale.fillErrors())
                    .append(" errors) before the floods. Registry RSS after them: ")
                    .append(fmt(scale.registryRssBytes() / 1048576.0))
                    .append(" MiB; live heap after a full collection: ")
                    .append(fmt(scale.registryLiveHeapBytes() / 1048576.0))
                    .append(" MiB.")
                    .append(capacity(scale.openLoopCapacity()))
                    .append("</p>");
            List<List<String>> rows = new ArrayList<>();
            for (RunResults.Phase p : scale.phases()) {
                rows.add(List.of(
                        p.name(),
                        p.load(),
                        Long.toString(p.requests()),
                        p.errorsByKind().isEmpty() ? Long.toString(p.errors()) : p.errors() + " " + p.errorsByKind(),
                        fmt(p.throughput()),
                        fmt(p.latency().p50()),
                        fmt(p.latency().p90()),
                        fmt(p.latency().p99()),
                        fmt(p.latency().p999()),
                        fmt(p.latency().max()),
                        fmt(p.registryRssBytes() / 1048576.0),
                        fmt(p.registryCpuCores()),
                        fmt(p.generatorCpuCores()),
                        fmt(p.machineCpuCores()),
                        stops(p.registryPauses()),
                        stops(p.generatorPauses()),
                        p.registryCacheMisses() + ", " + p.registryCacheEvictions()));
            }
            html.append(table(
                    List.of(
                            "phase",
                            "load",
                            "requests",
                            "errors",
                            "req/s",
                            "p50 ms",
                            "p90 ms",
                            "p99 ms",
                            "p99.9 ms",
                            "max ms",
                            "RSS MiB",
                            "registry cores",
                            "load generator cores",
                            "machine cores busy",
                            "registry stops: n, total, max ms",
                            "load generator stops: n, total, max ms",
                            "latest cache: misses, evictions"),
                    rows));
            html.append(longStops(scale.phases()));
            html.append(StallReport.stalls(scale.phases()));
            html.append("<h3>Throughput over time</h3>").append(throughputChart(scale.phases()));
            html.append(StallReport.latencyOverTime(scale.phases()));
            html.append("<h3>Latency percentiles</h3>").append(percentileChart(scale.phases()));
            html.append("<h3>Latency by offered rate (open loop)</h3>").append(rateChart(scale.phases()));
        }
        if (run.scales().size() > 1) {
            html.append("<h2>Throughput as the registry grows</h2>").append(scaleChart(run.scales()));
        }
        return html.append("</body></html>").toString();
    }

    private static String capacity(RunResults.Capacity c) {
        return c == null
                ? ""
                : " The open loops offer shares of the machine's open-loop capacity, " + fmt(c.requestsPerSecond())
                        + " requests/s: a probe offered " + c.probeRate() + " requests/s and kept "
                        + fmt(c.machineCores()) + " of " + c.cores() + " cores busy.";
    }

    private static String stops(RunResults.Pauses p) {
        return p.count() + ", " + fmt(p.totalMs()) + ", " + fmt(p.maxMs());
    }

    /** The stops of 10 ms or more in each flood, by JVM, at their second: what may explain a stall. */
    private static String longStops(List<RunResults.Phase> phases) {
        List<List<String>> rows = new ArrayList<>();
        for (RunResults.Phase p : phases) {
            p.registryPauses().listed().forEach(s -> rows.add(stopRow(p, "registry", s)));
            p.generatorPauses().listed().forEach(s -> rows.add(stopRow(p, "load generator", s)));
        }
        return rows.isEmpty()
                ? "<p>No JVM stopped for 10 ms or more during the floods.</p>"
                : "<h3>Stops of 10 ms or more</h3>"
                        + table(List.of("phase", "JVM", "second", "stopped for", "ms"), rows);
    }

    private static List<String> stopRow(RunResults.Phase p, String jvm, RunResults.Pause s) {
        return List.of(p.name(), jvm, fmt(s.second()), s.operation(), fmt(s.ms()));
    }

    private static List<List<String>> mapRows(Map<String, Object> a, Map<String, Object> b) {
        List<List<String>> rows = new ArrayList<>();
        a.forEach((k, v) -> rows.add(List.of(k, String.valueOf(v))));
        b.forEach((k, v) -> rows.add(List.of(k, String.valueOf(v))));
        return rows;
    }

    static String table(List<String> head, List<List<String>> rows) {
        StringBuilder t = new StringBuilder("<table><tr>");
        head.forEach(h -> t.append("<th>").append(esc(h)).append("</th>"));
        t.append("</tr>");
        for (List<String> row : rows) {
            t.append("<tr>");
            row.forEach(cell -> t.append("<td>").append(esc(cell)).append("</td>"));
            t.append("</tr>");
        }
        return t.append("</table>").toString();
    }

    /** Lines of requests per second over the seconds of each phase. */
    private static String throughputChart(List<RunResults.Phase> phases) {
        List<Series> series = phases.stream()
                .map(p -> Series.perSecond(p.name(), p.perSecond()))
                .toList();
        return lines(series, Series.maxX(series), Series.maxY(series, 1), "second of the phase", "requests/s");
    }

    /** Grouped bars of p50, p90, p99, p99.9 and max for each phase, on a log scale. */
    private static String percentileChart(List<RunResults.Phase> phases) {
        String[] names = {"p50", "p90", "p99", "p99.9", "max"};
        double maxY = 1;
        for (RunResults.Phase p : phases) {
            maxY = Math.max(maxY, p.latency().max());
        }
        double top = Math.log10(maxY * 1.2);
        double bottom = Math.log10(0.01);
        StringBuilder svg = open();
        int groups = Math.max(1, phases.size());
        double groupWidth = (W - 2.0 * PAD) / groups;
        double bar = groupWidth / (names.length + 1);
        for (int g = 0; g < phases.size(); g++) {
            RunResults.Latency l = phases.get(g).latency();
            double[] values = {l.p50(), l.p90(), l.p99(), l.p999(), l.max()};
            for (int k = 0; k < values.length; k++) {
                double y = y(Math.log10(Math.max(values[k], 0.01)), bottom, top);
                double x = PAD + g * groupWidth + k * bar;
                svg.append(String.format(
                        Locale.ROOT,
                        "<rect x=\"%.1f\" y=\"%.1f\" width=\"%.1f\" height=\"%.1f\" fill=\"%s\"><title>%s %s: %s ms"
                                + "</title></rect>",
                        x,
                        y,
                        bar * 0.9,
                        H - PAD - y,
                        COLOURS[k],
                        esc(phases.get(g).name()),
                        names[k],
                        fmt(values[k])));
            }
            svg.append(text(
                    PAD + g * groupWidth + groupWidth / 2,
                    H - PAD + 14,
                    phases.get(g).name(),
                    "middle"));
        }
        for (double tick = 0.01; tick <= maxY * 1.2; tick *= 10) {
            double y = y(Math.log10(tick), bottom, top);
            svg.append(String.format(
                            Locale.ROOT,
                            "<line x1=\"%d\" x2=\"%d\" y1=\"%.1f\" y2=\"%.1f\" stroke=\"#eee\"/>",
                            PAD,
                            W - PAD,
                            y,
                            y))
                    .append(text(PAD - 4, y + 4, fmt(tick) + " ms", "end"));
        }
        for (int k = 0; k < names.length; k++) {
            svg.append(legend(k, names[k]));
        }
        return svg.append("</svg>").toString();
    }

    /** p50 and p99 against the offered rate of the open-loop phases. */
    private static String rateChart(List<RunResults.Phase> phases) {
        List<double[]> p50 = new ArrayList<>();
        List<double[]> p99 = new ArrayList<>();
        double maxX = 1;
        double maxY = 0.1;
        for (RunResults.Phase p : phases) {
            if (p.offeredRate() != null) {
                p50.add(new double[] {p.offeredRate(), p.latency().p50()});
                p99.add(new double[] {p.offeredRate(), p.latency().p99()});
                maxX = Math.max(maxX, p.offeredRate());
                maxY = Math.max(maxY, p.latency().p99());
            }
        }
        if (p50.isEmpty()) {
            return "<p>No open-loop phase in this run.</p>";
        }
        return lines(
                List.of(new Series("p50", p50), new Series("p99", p99)),
                maxX * 1.05,
                maxY * 1.1,
                "offered requests/s",
                "ms");
    }

    /** Closed-loop throughput at each size of the registry. */
    private static String scaleChart(List<RunResults.Scale> scales) {
        List<List<String>> table = new ArrayList<>();
        List<double[]> points = new ArrayList<>();
        double maxY = 1;
        for (RunResults.Scale s : scales) {
            for (RunResults.Phase p : s.phases()) {
                if (p.name().equals("max")) {
                    table.add(List.of(
                            Long.toString(s.artifacts()),
                            fmt(p.throughput()),
                            fmt(p.latency().p99()),
                            fmt(s.registryRssBytes() / 1048576.0)));
                    points.add(new double[] {points.size() + 1, p.throughput()});
                    maxY = Math.max(maxY, p.throughput());
                }
            }
        }
        return table(List.of("artifacts", "max req/s", "p99 ms", "RSS MiB"), table)
                + lines(
                        List.of(new Series("max req/s, smallest size first", points)),
                        points.size() + 0.5,
                        maxY * 1.1,
                        "registry size (ascending)",
                        "requests/s");
    }

    record Series(String name, List<double[]> points) {

        /** One point a second, from second 1. */
        static Series perSecond(String name, List<? extends Number> values) {
            List<double[]> points = new ArrayList<>();
            for (int i = 0; i < values.size(); i++) {
                points.add(new double[] {i + 1, values.get(i).doubleValue()});
            }
            return new Series(name, points);
        }

        static int maxX(List<Series> series) {
            return (int) Math.max(1, max(series, 0));
        }

        /** The largest value of any series, or {@code atLeast}. */
        static double maxY(List<Series> series, double atLeast) {
            return Math.max(atLeast, max(series, 1));
        }

        private static double max(List<Series> series, int axis) {
            return series.stream()
                    .flatMap(s -> s.points().stream())
                    .mapToDouble(p -> p[axis])
                    .max()
                    .orElse(0);
        }
    }

    private static String lines(List<Series> series, double maxX, double maxY, String xLabel, String yLabel) {
        return lines(series, maxX, maxY, xLabel, yLabel, "");
    }

    /** Lines of each series on linear axes from 0, with {@code marks} (SVG, placed by {@link #x} and {@link #y}) over them. */
    static String lines(List<Series> series, double maxX, double maxY, String xLabel, String yLabel, String marks) {
        StringBuilder svg = open();
        for (int t = 0; t <= 4; t++) {
            double value = maxY * t / 4;
            double y = y(value, 0, maxY);
            svg.append(String.format(
                            Locale.ROOT,
                            "<line x1=\"%d\" x2=\"%d\" y1=\"%.1f\" y2=\"%.1f\" stroke=\"#eee\"/>",
                            PAD,
                            W - PAD,
                            y,
                            y))
                    .append(text(PAD - 4, y + 4, fmt(value), "end"));
        }
        for (int s = 0; s < series.size(); s++) {
            StringBuilder path = new StringBuilder();
            for (double[] p : series.get(s).points()) {
                path.append(path.length() == 0 ? "M" : "L")
                        .append(String.format(Locale.ROOT, "%.1f,%.1f ", x(p[0], maxX), y(p[1], 0, maxY)));
            }
            svg.append("<path d=\"")
                    .append(path)
                    .append("\" fill=\"none\" stroke=\"")
                    .append(COLOURS[s % COLOURS.length])
                    .append("\" stroke-width=\"1.5\"/>")
                    .append(legend(s, series.get(s).name()));
        }
        svg.append(marks);
        svg.append(text(W / 2.0, H - 8, xLabel, "middle")).append(text(8, 14, yLabel, "start"));
        return svg.append("</svg>").toString();
    }

    /** Where {@code value} of an axis from 0 to {@code max} falls across a chart. */
    static double x(double value, double max) {
        return PAD + (W - 2.0 * PAD) * value / max;
    }

    private static StringBuilder open() {
        return new StringBuilder(String.format(
                Locale.ROOT,
                "<svg xmlns=\"http://www.w3.org/2000/svg\" width=\"%d\" height=\"%d\" font-size=\"11\">"
                        + "<line x1=\"%d\" y1=\"%d\" x2=\"%d\" y2=\"%d\" stroke=\"#888\"/>",
                W,
                H,
                PAD,
                H - PAD,
                W - PAD,
                H - PAD));
    }

    static double y(double value, double bottom, double top) {
        return H - PAD - (H - 2.0 * PAD) * (value - bottom) / (top - bottom);
    }

    private static String legend(int index, String name) {
        int x = W - PAD - 150;
        int y = 14 + 14 * index;
        return String.format(
                        Locale.ROOT,
                        "<rect x=\"%d\" y=\"%d\" width=\"10\" height=\"10\" fill=\"%s\"/>",
                        x,
                        y - 9,
                        COLOURS[index % COLOURS.length])
                + text(x + 14, y, name, "start");
    }

    static String text(double x, double y, String s, String anchor) {
        return String.format(
                Locale.ROOT, "<text x=\"%.1f\" y=\"%.1f\" text-anchor=\"%s\">%s</text>", x, y, anchor, esc(s));
    }

    static String fmt(double v) {
        if (v >= 100) {
            return String.format(Locale.ROOT, "%,.0f", v);
        }
        return String.format(Locale.ROOT, v >= 10 ? "%.1f" : "%.2f", v);
    }

    static String colour(int index) {
        return COLOURS[index % COLOURS.length];
    }

    static String esc(String s) {
        return s.replace("&", "&amp;").replace("<", "&lt;").replace(">", "&gt;").replace("\"", "&quot;");
    }
}
