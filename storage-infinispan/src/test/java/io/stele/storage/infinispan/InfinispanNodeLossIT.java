package io.stele.storage.infinispan;

import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

import io.stele.storage.ArtifactType;
import io.stele.storage.Content;
import io.stele.storage.EditableMeta;
import io.stele.storage.StorageUnavailableException;
import io.stele.storage.StoredVersion;
import io.stele.storage.VersionDraft;
import io.stele.storage.testkit.backends.InfinispanBackend;
import io.stele.testservers.InfinispanServer;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.stream.IntStream;
import org.junit.jupiter.api.Test;

/**
 * A node of a two-node cluster killed with SIGKILL while writes flow: every acknowledged write is
 * still there, the registry goes on through the other node, and the numbers of each artifact stay
 * consecutive.
 */
class InfinispanNodeLossIT {

    private static VersionDraft draft(String id, int n) {
        return new VersionDraft(
                id,
                ArtifactType.AVRO,
                Content.of("{\"type\":\"record\",\"name\":\"R" + n + "\",\"fields\":[]}"),
                EditableMeta.EMPTY,
                "alice");
    }

    private static String threads() {
        StringBuilder dump = new StringBuilder();
        Thread.getAllStackTraces().forEach((thread, stack) -> {
            if (thread.getName().startsWith("pool-")) {
                dump.append(thread.getName()).append('\n');
                for (StackTraceElement frame : stack) {
                    dump.append("    at ").append(frame).append('\n');
                }
            }
        });
        return dump.toString();
    }

    @Test
    void nodeKilledDuringWrites_losesNoAcknowledgedWrite_andTheOtherNodeServes() throws Exception {
        try (InfinispanServer cluster = InfinispanServer.start(Path.of("target"), 2)) {
            InfinispanBackend.Caches caches = new InfinispanBackend.Caches(cluster.servers(), "stele-loss");
            InfinispanSettings two = InfinispanTestSettings.withOwners(InfinispanTestSettings.of(caches), 2);
            try (InfinispanStorage registry = new InfinispanStorage(() -> two)) {
                registry.start();
                List<String> ids =
                        IntStream.range(0, 4).mapToObj(i -> "loss-" + i).toList();
                for (String id : ids) {
                    registry.artifacts().create(draft(id, 0));
                }
                List<StoredVersion> acknowledged = Collections.synchronizedList(new ArrayList<>());
                AtomicBoolean stop = new AtomicBoolean();
                AtomicInteger unavailable = new AtomicInteger();
                ExecutorService pool = Executors.newFixedThreadPool(ids.size());
                List<Future<?>> writers = new ArrayList<>();
                for (String id : ids) {
                    writers.add(pool.submit(() -> {
                        for (int n = 1; !stop.get(); n++) {
                            try {
                                acknowledged.add(
                                        registry.versions().add(draft(id, n)).latest());
                            } catch (StorageUnavailableException e) {
                                unavailable.incrementAndGet(); // not acknowledged: it may or may not be there
                            }
                        }
                        return null;
                    }));
                }
                await("writes flow before the node is killed")
                        .atMost(Duration.ofSeconds(60))
                        .until(() -> acknowledged.size() >= 100);
                cluster.kill(2);
                int atKill = acknowledged.size();
                // Writes whose locks the dead node's transactions held wait for the servers to roll those
                // back: at most the transaction timeout plus the servers' reaper period of 60 s.
                await("200 more writes acknowledged through the other node")
                        .atMost(Duration.ofSeconds(240))
                        .until(() -> acknowledged.size() >= atKill + 200);
                stop.set(true);
                for (Future<?> writer : writers) {
                    try {
                        writer.get(2, TimeUnit.MINUTES);
                    } catch (TimeoutException e) {
                        throw new AssertionError(
                                "A writer still hangs 2 minutes after the writes stopped:\n" + threads(), e);
                    }
                }
                pool.shutdown();

                for (StoredVersion v : acknowledged) {
                    assertThat(registry.versions().byGlobalId(v.globalId()))
                            .as("acknowledged version %d of %s", v.version(), v.artifactId())
                            .contains(v);
                }
                for (String id : ids) {
                    List<Integer> numbers = registry.versions().list(id);
                    assertThat(numbers)
                            .containsExactlyElementsOf(IntStream.rangeClosed(1, numbers.size())
                                    .boxed()
                                    .toList());
                }

                cluster.startAgain(2);
                for (StoredVersion v : acknowledged) {
                    assertThat(registry.versions().get(v.artifactId(), v.version()))
                            .contains(v);
                }
            }
        }
    }
}
