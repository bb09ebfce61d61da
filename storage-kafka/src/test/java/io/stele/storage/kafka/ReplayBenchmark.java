package io.stele.storage.kafka;

import static org.assertj.core.api.Assertions.assertThat;

import io.stele.storage.ArtifactType;
import io.stele.storage.Content;
import io.stele.storage.EditableMeta;
import io.stele.storage.VersionDraft;
import io.stele.testservers.KafkaServer;
import java.io.IOException;
import java.lang.management.ManagementFactory;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.time.Instant;
import java.util.concurrent.Future;
import org.apache.kafka.clients.producer.KafkaProducer;
import org.apache.kafka.clients.producer.ProducerRecord;
import org.apache.kafka.clients.producer.RecordMetadata;
import org.junit.jupiter.api.Test;

/**
 * Not a test, a benchmark (its name matches no test pattern, so a build never runs it): how long a
 * replica takes to rebuild its state from a log of {@code replay.versions} versions (default
 * 1,000,000: a tenth of that many artifacts with ten versions each, one record per version, as
 * REST writes make them), first from nothing and then from its local state (the snapshot), and
 * the memory it holds meanwhile. Run:
 *
 * <pre>mvn -B verify -pl storage-kafka -Dit.test=ReplayBenchmark -Dreplay.versions=1000000</pre>
 */
class ReplayBenchmark {

    @Test
    void replay() throws Exception {
        int versions = Integer.getInteger("replay.versions", 1_000_000);
        int artifacts = Math.max(1, versions / 10);
        KafkaServer broker = KafkaServer.shared();
        String topic = KafkaReplicas.newTopic();
        KafkaLogSettings settings = KafkaReplicas.settings(broker, topic, KafkaReplicas.newStateDir());
        KafkaTopic log = new KafkaTopic(settings);
        log.prepare();

        long t0 = System.nanoTime();
        try (KafkaProducer<byte[], byte[]> producer = new KafkaProducer<>(log.producerProperties())) {
            Future<RecordMetadata> last = null;
            for (int v = 1; v <= 10; v++) {
                for (int a = 0; a < artifacts; a++) {
                    VersionDraft draft = draft(a, v);
                    Command command = v == 1 ? new Command.CreateArtifact(draft) : new Command.AddVersion(draft);
                    last = producer.send(new ProducerRecord<>(
                            topic, 0, LogFormat.key(command), LogFormat.encode(command, Instant.now())));
                }
            }
            last.get();
        }
        double written = seconds(t0);
        long records = (long) artifacts * 10;
        System.out.printf(
                "Wrote %,d records to the log in %.1f s (%,.0f records/s)%n", records, written, records / written);

        long start = System.nanoTime();
        long logicalAfterFull;
        try (KafkaStorage replica = KafkaReplicas.startReady(settings, Duration.ofHours(1))) {
            double full = seconds(start);
            System.out.printf(
                    "Replay from nothing: %,d versions in %.1f s (%,.0f versions/s)%n", records, full, records / full);
            assertThat(replica.versions().count()).isEqualTo(records);
            assertThat(replica.versions()
                            .latest("replay-" + (artifacts - 1))
                            .orElseThrow()
                            .version())
                    .isEqualTo(10);
            logicalAfterFull = replica.appliedOffset();
            memory("after replay");
        }
        System.out.printf("Local state on disk: %,d MiB%n", size(settings.stateDir()) / (1024 * 1024));

        start = System.nanoTime();
        try (KafkaStorage replica = KafkaReplicas.startReady(settings, Duration.ofMinutes(10))) {
            System.out.printf(
                    "Restart from the local state (snapshot at offset %,d): ready in %.2f s%n",
                    logicalAfterFull, seconds(start));
            assertThat(replica.versions().count()).isEqualTo(records);
        }
    }

    private static VersionDraft draft(int artifact, int version) {
        StringBuilder schema = new StringBuilder("{\"type\":\"record\",\"name\":\"Replay")
                .append(artifact)
                .append("\",\"namespace\":\"io.stele.bench.replay\",\"doc\":\"Replayed record ")
                .append(artifact)
                .append("\",\"fields\":[{\"name\":\"id\",\"type\":\"long\"},{\"name\":\"createdAt\",\"type\":")
                .append("{\"type\":\"long\",\"logicalType\":\"timestamp-millis\"}}");
        for (int f = 2; f <= version; f++) {
            schema.append(",{\"name\":\"field").append(f).append("\",\"type\":[\"null\",\"string\"],\"default\":null}");
        }
        schema.append("]}");
        return new VersionDraft(
                "replay-" + artifact,
                ArtifactType.AVRO,
                Content.of(schema.toString()),
                EditableMeta.named("Replay " + artifact, null),
                "bench");
    }

    private static double seconds(long since) {
        return (System.nanoTime() - since) / 1e9;
    }

    private static void memory(String when) throws IOException {
        System.gc();
        long heap = ManagementFactory.getMemoryMXBean().getHeapMemoryUsage().getUsed();
        String rss = Files.readAllLines(Path.of("/proc/self/status")).stream()
                .filter(l -> l.startsWith("VmRSS"))
                .findFirst()
                .orElse("VmRSS: ?");
        System.out.printf(
                "Memory %s: heap used after GC %,d MiB, process %s%n",
                when, heap / (1024 * 1024), rss.replaceAll("\\s+", " "));
    }

    private static long size(Path dir) throws IOException {
        try (var files = Files.walk(dir)) {
            return files.filter(Files::isRegularFile)
                    .mapToLong(p -> p.toFile().length())
                    .sum();
        }
    }
}
