package io.stele.perf;

import io.stele.perf.data.SchemaGenerator;
import io.stele.perf.seed.ExportWriter;
import io.stele.perf.seed.Importer;
import io.stele.storage.testkit.backends.Backend;
import io.stele.storage.testkit.backends.Store;
import io.stele.testservers.RegistryProcess;
import java.net.http.HttpResponse;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Locale;
import java.util.Map;

/**
 * How long the console's pages take to serve at each registry size of {@code perf.scales}: the
 * registry seeded through the import endpoint as the perf run seeds it, then each page asked for
 * one request at a time (after a warm-up), beside the API call that reads the same data, so that
 * the page's own cost shows. The time is measured by the client on loopback: the server's time plus
 * a fraction of a millisecond. Prints a table and writes {@code console-<backend>-<scale>.txt}.
 */
public final class ConsoleTiming {

    private static final int WARM_UP = 5;
    private static final int SAMPLES = 30;

    private ConsoleTiming() {}

    public static void main(String[] args) throws Exception {
        PerfSettings settings = PerfSettings.fromSystemProperties();
        Path out = Files.createDirectories(Path.of(settings.out()).toAbsolutePath());
        Path work = Files.createTempDirectory(out, "console-");
        try (Backend backend = Backend.start(settings.backend(), work, settings.serverSettings())) {
            Store store = backend.newStore();
            Map<String, String> registrySettings = store.replica("perf");
            registrySettings.put("quarkus.log.level", "WARN");
            registrySettings.put("stele.cache.max-memory", settings.registryCache());
            try (RegistryProcess registry = new RegistryProcess(registrySettings, work.resolve("registry.log"))
                    .measured()
                    .maxHeap(settings.registryHeap())
                    .start()) {
                ExportWriter writer = new ExportWriter(new SchemaGenerator(settings.seed()), settings.versions());
                long imported = 0;
                for (long scale : settings.scales()) {
                    Importer.Result result =
                            Importer.importRange(registry.baseUri(), writer, imported, scale, settings.versions());
                    System.out.printf(
                            Locale.ROOT,
                            "Imported artifacts %d to %d: %d versions in %.1f s%n",
                            imported,
                            scale,
                            result.versions(),
                            result.seconds());
                    store.afterBulkLoad();
                    imported = scale;
                    String table = measure(registry, scale, settings.versions());
                    System.out.print(table);
                    Files.writeString(out.resolve("console-" + settings.backend() + "-" + scale + ".txt"), table);
                }
            }
        }
    }

    private static String measure(RegistryProcess registry, long artifacts, int versions) {
        String id = "perf-" + (artifacts / 2 + 7);
        String last = String.valueOf(versions);
        List<String[]> pages = List.of(
                new String[] {"overview", "/ui"},
                new String[] {"first page of every artifact", "/ui/artifacts"},
                new String[] {"API: the same page", "/api/search/artifacts?limit=20"},
                new String[] {"search for one id", "/ui/artifacts?q=" + id},
                new String[] {"API: the same search", "/api/search/artifacts?search=" + id + "&limit=20"},
                new String[] {"search of one type", "/ui/artifacts?type=AVRO"},
                new String[] {"artifact page", "/ui/artifacts/" + id},
                new String[] {"API: artifact metadata", "/api/artifacts/" + id + "/meta"},
                new String[] {"version page", "/ui/artifacts/" + id + "/versions/" + last},
                new String[] {"API: the version's content", "/api/artifacts/" + id + "/versions/" + last},
                new String[] {"diff of the last two versions", "/ui/artifacts/" + id + "/diff"});
        StringBuilder table = new StringBuilder(String.format(
                Locale.ROOT,
                "%nConsole pages at %,d artifacts (%d versions each), %d requests each, one at a time:%n"
                        + "| page | path | median ms | p90 ms | max ms |%n|---|---|---:|---:|---:|%n",
                artifacts,
                versions,
                SAMPLES));
        for (String[] page : pages) {
            double[] ms = time(registry, page[1]);
            table.append(String.format(
                    Locale.ROOT,
                    "| %s | `%s` | %.2f | %.2f | %.2f |%n",
                    page[0],
                    page[1],
                    ms[SAMPLES / 2],
                    ms[SAMPLES * 9 / 10],
                    ms[SAMPLES - 1]));
        }
        return table.toString();
    }

    /** The sorted times, in milliseconds, of {@link #SAMPLES} requests after {@link #WARM_UP}. */
    private static double[] time(RegistryProcess registry, String path) {
        List<Double> times = new ArrayList<>();
        for (int i = 0; i < WARM_UP + SAMPLES; i++) {
            long start = System.nanoTime();
            HttpResponse<String> answer = registry.send("GET", path, null);
            double ms = (System.nanoTime() - start) / 1e6;
            if (answer.statusCode() != 200) {
                throw new IllegalStateException("GET " + path + " answered " + answer.statusCode() + ": "
                        + answer.body().substring(0, Math.min(300, answer.body().length())));
            }
            if (i >= WARM_UP) {
                times.add(ms);
            }
        }
        double[] sorted = times.stream().mapToDouble(Double::doubleValue).toArray();
        Arrays.sort(sorted);
        return sorted;
    }
}
