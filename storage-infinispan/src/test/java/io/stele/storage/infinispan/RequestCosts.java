package io.stele.storage.infinispan;

import io.stele.storage.VersionState;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Random;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.atomic.AtomicLong;
import java.util.function.LongConsumer;
import org.infinispan.client.hotrod.RemoteCache;
import org.infinispan.commons.configuration.StringConfiguration;

/**
 * Not a test: a benchmark that prints what each kind of request the Infinispan backend sends costs
 * the node, in CPU microseconds per request, read from the node's {@code /proc/<pid>/stat} while 32
 * threads send only that kind. Run by {@code bench/infinispan-requests.sh}, which starts the node.
 * Rounds after the first are printed; the first warms the node's JIT up.
 *
 * <p>Arguments: the node's Hot Rod {@code host:port}, its process id, seconds per kind, rounds. It
 * writes under the cache prefix {@code requests}, and to a cache {@code requests-plain} it creates.
 */
public final class RequestCosts {

    private static final int THREADS = 32;
    private static final int ARTIFACTS = 1_000;
    /** The number each request is given; past the seeded entries' keys, so no write replaces them. */
    private static final AtomicLong SEQUENCE = new AtomicLong(ARTIFACTS);

    private RequestCosts() {}

    public static void main(String[] args) throws Exception {
        String pid = args[1];
        int seconds = Integer.parseInt(args[2]);
        int rounds = Integer.parseInt(args[3]);
        InfinispanSettings settings = InfinispanTestSettings.of(args[0], "requests");
        try (Cluster cluster = Cluster.open(settings)) {
            Map<String, LongConsumer> kinds = kinds(cluster);
            ExecutorService threads = Executors.newFixedThreadPool(THREADS);
            System.out.printf("%-52s %10s %14s%n", "request", "per second", "node us each");
            for (int round = 0; round < rounds; round++) {
                for (Map.Entry<String, LongConsumer> kind : kinds.entrySet()) {
                    long[] measured = run(threads, kind.getValue(), pid, seconds);
                    if (round > 0) {
                        System.out.printf(
                                "%-52s %10d %14.1f%n",
                                kind.getKey(), measured[0] / seconds, 1000.0 * measured[1] / measured[0]);
                    }
                }
            }
            threads.shutdown();
        }
    }

    /** The kinds of request an append sends, each as one request of its own. */
    private static Map<String, LongConsumer> kinds(Cluster cluster) {
        byte[] bytes = new byte[370];
        new Random(1).nextBytes(bytes);
        ContentEntry contentEntry = new ContentEntry(bytes, "sha", List.of());
        VersionEntry version = new VersionEntry(
                "a", 1, 1, 1, "AVRO", "ENABLED", "n", null, List.of(), List.of(), "u", "t", "u", "t", "h", List.of());
        for (int i = 0; i < ARTIFACTS; i++) {
            cluster.artifacts.put("a" + i, ArtifactEntries.created("a" + i, "AVRO", "u", "t"));
            cluster.versions.put((long) i, version);
        }
        Map<String, LongConsumer> kinds = new LinkedHashMap<>();
        kinds.put(
                "read an artifact's entry with its version", n -> cluster.artifacts.getVersioned("a" + n % ARTIFACTS));
        kinds.put("read a version's entry", n -> cluster.versions.get(n % ARTIFACTS));
        kinds.put("take a globalId", n -> cluster.deadline.await(cluster.globalIds.incrementAndGet(), "counting"));
        kinds.put("write a content's pointer if absent", n -> cluster.keys.putIfAbsent("h" + n, new Pointer(n)));
        kinds.put("write a content", n -> cluster.contents.put(n, contentEntry));
        kinds.put("write a version's entry (indexed)", n -> cluster.versions.put(n, version));
        kinds.put("write a rules entry (not indexed)", n -> cluster.rules.put("r" + n, new RulesEntry(List.of())));
        RemoteCache<String, Object> plain = plainCache(cluster);
        kinds.put(
                "write a content to a plain cache",
                n -> cluster.deadline.await(plain.putAsync("c:" + n, contentEntry), "writing"));
        kinds.put("replace an artifact's entry (indexed), read first", n -> {
            String id = "a" + n % ARTIFACTS;
            Region.Versioned<ArtifactEntry> read = cluster.artifacts.getVersioned(id);
            ArtifactEntry after = ArtifactEntries.withVersion(
                    read.value(), read.value().lastVersion() + 1, n, VersionState.ENABLED, "h" + n);
            cluster.artifacts.replace(id, after, read.version());
        });
        return kinds;
    }

    /**
     * A cache as the registry's, persistent, with neither transactions nor an index: what a write
     * costs without them.
     */
    private static RemoteCache<String, Object> plainCache(Cluster cluster) {
        String xml = "<distributed-cache name=\"requests-plain\" owners=\"1\" mode=\"SYNC\">"
                + "<encoding media-type=\"application/x-protostream\"/>"
                + "<persistence><file-store/></persistence></distributed-cache>";
        cluster.manager.administration().getOrCreateCache("requests-plain", new StringConfiguration(xml));
        return cluster.manager.getCache("requests-plain");
    }

    /** Requests sent, and the node's CPU milliseconds meanwhile. */
    private static long[] run(ExecutorService threads, LongConsumer request, String pid, int seconds) throws Exception {
        AtomicLong sent = new AtomicLong();
        long end = System.nanoTime() + Duration.ofSeconds(seconds).toNanos();
        long cpu = cpuMillis(pid);
        List<Future<?>> running = new ArrayList<>();
        for (int t = 0; t < THREADS; t++) {
            running.add(threads.submit(() -> {
                while (System.nanoTime() < end) {
                    request.accept(SEQUENCE.incrementAndGet());
                    sent.incrementAndGet();
                }
            }));
        }
        for (Future<?> thread : running) {
            thread.get();
        }
        return new long[] {sent.get(), cpuMillis(pid) - cpu};
    }

    /** User and system CPU time of a process so far, in milliseconds. */
    private static long cpuMillis(String pid) throws IOException {
        String stat = Files.readString(Path.of("/proc/" + pid + "/stat"));
        String[] fields = stat.substring(stat.lastIndexOf(')') + 2).split(" ");
        long hz = 100; // USER_HZ, 100 on Linux
        return (Long.parseLong(fields[11]) + Long.parseLong(fields[12])) * 1000 / hz;
    }
}
