package io.stele.perf;

import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.SerializationFeature;
import io.stele.perf.data.SchemaGenerator;
import io.stele.perf.load.Flood;
import io.stele.perf.load.Keys;
import io.stele.perf.load.Load;
import io.stele.perf.load.Plan;
import io.stele.perf.load.Result;
import io.stele.perf.pause.CacheCounts;
import io.stele.perf.pause.LiveHeap;
import io.stele.perf.pause.Safepoints;
import io.stele.perf.pause.ServerSampler;
import io.stele.perf.pause.Stalls;
import io.stele.perf.report.HtmlReport;
import io.stele.perf.report.RunResults;
import io.stele.perf.seed.ExportWriter;
import io.stele.perf.seed.Importer;
import io.stele.perf.seed.RestSeeder;
import io.stele.storage.testkit.backends.Backend;
import io.stele.storage.testkit.backends.Store;
import io.stele.testservers.RegistryProcess;
import java.io.IOException;
import java.lang.management.ManagementFactory;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.time.Instant;
import java.time.ZoneOffset;
import java.time.format.DateTimeFormatter;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * One perf run: starts the packaged registry on the chosen backend, seeds it through the import
 * endpoint (and measures seeding through the API), floods GET latest at each registry size, stops
 * everything, and writes {@code <backend>-<time>.json} and {@code .html} under the output folder.
 */
public final class PerfRun {

    /** Artifacts created through the API are numbered from here, away from imported ones. */
    private static final long REST_FIRST_ARTIFACT = 1_000_000_000L;

    /** How long the open loop that measures the machine's open-loop capacity lasts, after its warm-up. */
    private static final Duration CAPACITY_PROBE = Duration.ofSeconds(10);

    private final PerfSettings settings;

    /** Where the registry's and this JVM's stops are logged, once {@link #run} has begun. */
    private Path registryStops;

    private Path generatorStops;

    private Path work;

    /** The store being measured, whose server's own work is looked at during each flood. */
    private Store store;

    /** @param settings what to run; {@link PerfSettings#fromSystemProperties()} reads them as the profile passes them */
    public PerfRun(PerfSettings settings) {
        this.settings = settings;
    }

    public static void main(String[] args) throws Exception {
        Path written = new PerfRun(PerfSettings.fromSystemProperties()).run();
        System.out.println("Results: " + written);
    }

    /** What a run measures on the registry it has started, and returns to be written as JSON. */
    @FunctionalInterface
    interface Measurement {
        Object measure(RegistryProcess registry, String started) throws Exception;
    }

    /** Runs the published test; returns the JSON file written, beside which is its HTML report. */
    public Path run() throws Exception {
        return run("", this::measure);
    }

    /**
     * Runs {@link ColdReplica}: a new replica joining the registry under load; returns the JSON file
     * written.
     */
    public Path runColdReplica() throws Exception {
        return run("cold-replica-", (registry, started) -> new ColdReplica(this, settings).measure(registry, started));
    }

    private Path run(String prefix, Measurement measurement) throws Exception {
        Path out = Path.of(settings.out()).toAbsolutePath();
        Files.createDirectories(out);
        String started = DateTimeFormatter.ofPattern("yyyyMMdd-HHmmss")
                .withZone(ZoneOffset.UTC)
                .format(Instant.now());
        work = Files.createTempDirectory(out, "run-");
        registryStops = work.resolve("registry-safepoints.log");
        generatorStops = work.resolve("generator-safepoints.log");
        Safepoints.logThisJvm(generatorStops);
        try (Backend backend = Backend.start(settings.backend(), work, settings.serverSettings())) {
            store = backend.newStore();
            try (RegistryProcess registry = registry("perf", registryStops).start()) {
                Object results = measurement.measure(registry, started);
                String name = prefix + settings.backend() + "-" + started;
                ObjectMapper json = new ObjectMapper().enable(SerializationFeature.INDENT_OUTPUT);
                Path jsonFile = out.resolve(name + ".json");
                json.writeValue(jsonFile.toFile(), results);
                if (results instanceof RunResults published) {
                    Files.writeString(out.resolve(name + ".html"), HtmlReport.render(published));
                }
                return jsonFile;
            }
        }
    }

    /**
     * A registry process serving the run's store as the replica {@code name}, with the run's heap,
     * read cache and JVM options, logging its stops to {@code stops}; not started.
     */
    RegistryProcess registry(String name, Path stops) {
        return registry(name, stops, Map.of());
    }

    /** {@link #registry(String, Path)} with settings of its own beyond the run's. */
    RegistryProcess registry(String name, Path stops, Map<String, String> more) {
        Map<String, String> registrySettings = store.replica(name);
        registrySettings.put("quarkus.log.level", "WARN");
        registrySettings.put("stele.cache.max-memory", settings.registryCache());
        // Longer than a run: with the default 10 minutes, the floods at a million artifacts met the
        // entries loaded for the smaller scales expired, and read them from the database again.
        registrySettings.put("stele.cache.version-ttl", "2H");
        registrySettings.putAll(more);
        return new RegistryProcess(registrySettings, work.resolve(name + ".log"))
                .measured()
                .maxHeap(settings.registryHeap())
                .jvmOption(Safepoints.jvmOption(stops))
                .jvmOptions(settings.registryJvmOptions());
    }

    /** The folder of the run's logs. */
    Path work() {
        return work;
    }

    /**
     * Imports artifacts {@code from} to {@code to} through the registry, brings the store to rest,
     * then reads each new artifact once through it.
     */
    SeedResult seed(RegistryProcess registry, ExportWriter writer, long from, long to) throws Exception {
        log("Importing artifacts %d to %d (%d versions each)", from, to, settings.versions());
        Importer.Result result = Importer.importRange(registry.baseUri(), writer, from, to, settings.versions());
        log(
                "Imported %d versions in %.1f s: %.0f versions/s",
                result.versions(), result.seconds(), result.versionsPerSecond());
        settle(store);
        CacheFill.Result fill = CacheFill.readAll(registry.baseUri(), from, to, settings.connections());
        log(
                "Read every new artifact once in %.1f s (%d errors), as producers starting up would",
                fill.seconds(), fill.errors());
        return new SeedResult(
                new RunResults.Import(from, to, result.versions(), result.seconds(), result.versionsPerSecond()), fill);
    }

    /** What {@link #seed} did: the import, and the pass that read each new artifact once. */
    record SeedResult(RunResults.Import imported, CacheFill.Result fill) {}

    /**
     * Brings the store to rest after an import, as an operator would after a bulk load (on
     * PostgreSQL, VACUUM ANALYZE), so that its upkeep of millions of new rows does not compete with
     * the floods for the machine's CPU, and every scale's floods meet a store at rest.
     */
    private static void settle(Store store) {
        long start = System.nanoTime();
        store.afterBulkLoad();
        log("Brought the store to rest after the import in %.1f s", (System.nanoTime() - start) / 1e9);
    }

    private RunResults measure(RegistryProcess registry, String started) throws Exception {
        SchemaGenerator schemas = new SchemaGenerator(settings.seed());
        ExportWriter writer = new ExportWriter(schemas, settings.versions());
        List<RunResults.Import> imports = new ArrayList<>();
        List<RunResults.Scale> scales = new ArrayList<>();
        RunResults.Rest rest = null;
        long imported = 0;
        for (long scale : settings.scales()) {
            SeedResult seeded = seed(registry, writer, imported, scale);
            imports.add(seeded.imported());
            imported = scale;
            scales.add(flood(registry, scale, seeded.fill()));
        }
        // Last: the ids the registry allocates for these come after the imported ones, which later
        // imports would otherwise meet.
        if (settings.restArtifacts() > 0) {
            RestSeeder.Result r = RestSeeder.seed(
                    registry.baseUri(),
                    schemas,
                    REST_FIRST_ARTIFACT,
                    settings.restArtifacts(),
                    settings.versions(),
                    settings.restWriters());
            rest = new RunResults.Rest(r.writers(), r.versions(), r.errors(), r.seconds(), r.versionsPerSecond());
            log(
                    "Seeded %d versions through the API with %d writers: %.0f versions/s, %d errors",
                    r.versions(), r.writers(), r.versionsPerSecond(), r.errors());
        }
        return new RunResults(
                started,
                settings.backend(),
                settings.describe(),
                machine(),
                new RunResults.Seeding(writer.meanSchemaBytes(), imports, rest),
                scales);
    }

    /** The floods at one registry size: the closed-loop maximum, open loops at shares of it, a hot-key skew. */
    private RunResults.Scale flood(RegistryProcess registry, long artifacts, CacheFill.Result fill) {
        Keys uniform = Keys.numbered("perf-%d", Math.toIntExact(artifacts), new Keys.Distribution.Uniform());
        List<RunResults.Phase> phases = new ArrayList<>();
        RunResults.Phase max = phase(registry, "max", uniform, new Load.ClosedLoop(settings.connections()), null);
        phases.add(max);
        RunResults.Capacity capacity = settings.rates().isEmpty() ? null : openLoopCapacity(registry, uniform, max);
        for (double share : settings.rates()) {
            int rate = (int) Math.max(1, Math.round(capacity.requestsPerSecond() * share));
            phases.add(phase(
                    registry,
                    Math.round(share * 100) + "% of capacity",
                    uniform,
                    new Load.OpenLoop(rate, settings.connections()),
                    rate));
        }
        Keys hot = new Keys(
                uniform.ids(), new Keys.Distribution.HotKeys(settings.hotKeyShare(), settings.hotRequestShare()));
        phases.add(phase(registry, "hot keys", hot, new Load.ClosedLoop(settings.connections()), null));
        long rss = ProcessStats.of(registry.pid()).rssBytes();
        long live = LiveHeap.measure(registry.pid(), work.resolve("registry-histogram-" + artifacts + ".txt"));
        log("Registry at %d artifacts: RSS %d MiB, live heap %d MiB", artifacts, rss >> 20, live >> 20);
        return new RunResults.Scale(
                artifacts, artifacts * settings.versions(), fill.seconds(), fill.errors(), rss, live, capacity, phases);
    }

    /**
     * What this machine sustains in an open loop, registry, store and load generator together: an
     * open loop costs the generator more per request than a closed loop, so shares of the
     * closed-loop maximum would overload the machine. A short open loop at the lowest share of
     * that maximum measures the whole machine's CPU per request; the machine's cores divided by it
     * is the capacity.
     */
    RunResults.Capacity openLoopCapacity(RegistryProcess registry, Keys keys, RunResults.Phase max) {
        int rate =
                (int) Math.max(1, Math.round(max.throughput() * settings.rates().get(0)));
        double machineBefore = ProcessStats.machineBusySeconds();
        long start = System.nanoTime();
        Result probe = Flood.run(new Plan(
                registry.baseUri(),
                keys,
                new Load.OpenLoop(rate, settings.connections()),
                settings.warmUp(),
                CAPACITY_PROBE));
        double machineCores = (ProcessStats.machineBusySeconds() - machineBefore) / ((System.nanoTime() - start) / 1e9);
        int cores = Runtime.getRuntime().availableProcessors();
        double coreSecondsPerRequest = machineCores / Math.max(1, probe.throughput());
        RunResults.Capacity capacity = new RunResults.Capacity(
                rate,
                probe.throughput(),
                machineCores,
                cores,
                Math.min(max.throughput(), cores / coreSecondsPerRequest));
        log(
                "Open-loop capacity: %.0f req/s (a probe at %d req/s kept %.2f of %d cores busy, %.1f µs a request)",
                capacity.requestsPerSecond(), rate, machineCores, cores, coreSecondsPerRequest * 1e6);
        return capacity;
    }

    RunResults.Phase phase(RegistryProcess registry, String name, Keys keys, Load load, Integer rate) {
        log("Flooding: %s (%s) at %d artifacts", name, load, keys.ids().size());
        ProcessStats before = ProcessStats.of(registry.pid());
        CacheCounts cacheBefore = CacheCounts.of(registry.baseUri());
        ProcessStats generatorBefore = ProcessStats.of(ProcessHandle.current().pid());
        double machineBefore = ProcessStats.machineBusySeconds();
        long start = System.nanoTime();
        Result result;
        List<RunResults.Activity> serverActivity;
        int measured = (int) settings.duration().toSeconds();
        try (ServerSampler sampler = ServerSampler.start(store.activity(), registry.pid())) {
            result = Flood.run(new Plan(registry.baseUri(), keys, load, settings.warmUp(), settings.duration()));
            serverActivity = sampler.stop(result.measuredFrom(), measured);
        }
        double seconds = (System.nanoTime() - start) / 1e9;
        ProcessStats after = ProcessStats.of(registry.pid());
        CacheCounts cache = CacheCounts.of(registry.baseUri()).since(cacheBefore);
        double registryCores = ProcessStats.cores(before, after, seconds);
        double generatorCores = ProcessStats.cores(
                generatorBefore, ProcessStats.of(ProcessHandle.current().pid()), seconds);
        double machineCores = (ProcessStats.machineBusySeconds() - machineBefore) / seconds;
        List<Safepoints.Stop> registryStopped = Safepoints.read(registryStops);
        List<Safepoints.Stop> generatorStopped = Safepoints.read(generatorStops);
        RunResults.Pauses registryPauses = Safepoints.within(registryStopped, result.measuredFrom(), measured);
        RunResults.Pauses generatorPauses = Safepoints.within(generatorStopped, result.measuredFrom(), measured);
        List<RunResults.Stall> stalls = Stalls.find(
                result.measuredFrom(), result.perSecondMaxMs(), registryStopped, generatorStopped, serverActivity);
        Result.Latency l = result.latency();
        log(
                "  %d requests, %d errors %s, %.0f req/s, p50 %.2f ms, p99 %.2f ms, max %.2f ms; cores: registry %.2f,"
                        + " load generator %.2f, machine %.2f; stops: registry %d (max %.1f ms), load generator"
                        + " %d (max %.1f ms); seconds with an answer over %.0f ms: %d, %d of them unexplained;"
                        + " latest-version cache: %d misses, %d evictions",
                result.requests(),
                result.errors(),
                result.errorsByKind(),
                result.throughput(),
                l.p50(),
                l.p99(),
                l.max(),
                registryCores,
                generatorCores,
                machineCores,
                registryPauses.count(),
                registryPauses.maxMs(),
                generatorPauses.count(),
                generatorPauses.maxMs(),
                Stalls.STALL_MS,
                stalls.size(),
                stalls.stream().filter(st -> !st.attributed()).count(),
                cache.misses(),
                cache.evictions());
        return new RunResults.Phase(
                name,
                load.toString(),
                rate,
                result.requests(),
                result.errors(),
                result.errorsByKind(),
                result.throughput(),
                new RunResults.Latency(l.p50(), l.p90(), l.p99(), l.p999(), l.max()),
                result.perSecond(),
                after.rssBytes(),
                registryCores,
                generatorCores,
                machineCores,
                registryPauses,
                generatorPauses,
                result.perSecondMaxMs(),
                serverActivity,
                stalls,
                cache.misses(),
                cache.evictions());
    }

    static Map<String, Object> machine() {
        Map<String, Object> m = new LinkedHashMap<>();
        m.put("cores", Runtime.getRuntime().availableProcessors());
        m.put(
                "memoryBytes",
                ((com.sun.management.OperatingSystemMXBean) ManagementFactory.getOperatingSystemMXBean())
                        .getTotalMemorySize());
        m.put("os", System.getProperty("os.name") + " " + System.getProperty("os.version"));
        m.put("java", System.getProperty("java.vm.name") + " " + System.getProperty("java.version"));
        try {
            m.put(
                    "cpu",
                    Files.readAllLines(Path.of("/proc/cpuinfo")).stream()
                            .filter(l -> l.startsWith("model name"))
                            .findFirst()
                            .map(l -> l.substring(l.indexOf(':') + 1).trim())
                            .orElse("unknown"));
        } catch (IOException e) {
            m.put("cpu", "unknown");
        }
        return m;
    }

    static void log(String format, Object... args) {
        System.out.printf("[perf] " + format + "%n", args);
    }
}
