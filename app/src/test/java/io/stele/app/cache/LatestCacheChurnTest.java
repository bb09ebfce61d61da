package io.stele.app.cache;

import static org.assertj.core.api.Assertions.assertThat;

import io.stele.storage.Content;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.List;
import java.util.concurrent.ConcurrentLinkedQueue;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.ThreadLocalRandom;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicLong;
import org.junit.jupiter.api.Test;

/**
 * Readers never see another artifact's record or a torn one, while writers replace entries and the
 * sweep reuses pages under them as fast as it can: a small cache churned by many threads.
 */
class LatestCacheChurnTest {

    private static final int ARTIFACTS = 100;
    /** Each thread's least work, however late a busy machine starts it: entries are never all dropped. */
    private static final int MIN_ROUNDS = 20_000;

    private static Content contentOf(String artifactId, int round) {
        return Content.of((artifactId + "#" + round + "#" + "x".repeat(round % 200)).getBytes(StandardCharsets.UTF_8));
    }

    @Test
    void readersSeeOnlyWholeRecordsOfTheArtifactTheyAskFor_whilePagesAreReused() throws Exception {
        ExecutorService threads = Executors.newFixedThreadPool(4);
        LatestCache cache = new LatestCache(4 * 4096, 4096, Duration.ofMinutes(10), threads);
        long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(2);
        AtomicLong reads = new AtomicLong();
        ConcurrentLinkedQueue<String> wrong = new ConcurrentLinkedQueue<>();
        try {
            Runnable writer = () -> {
                ThreadLocalRandom random = ThreadLocalRandom.current();
                for (int round = 0; round < MIN_ROUNDS || System.nanoTime() < deadline; round++) {
                    String id = "art-" + random.nextInt(ARTIFACTS);
                    LatestEntry kept = cache.publish(new LatestEntry(LatestCacheTest.version(id), round), round);
                    if (kept != null) {
                        cache.replace(kept, kept.withAnswer(contentOf(id, round)));
                    }
                }
            };
            Runnable reader = () -> {
                ThreadLocalRandom random = ThreadLocalRandom.current();
                for (int n = 0; n < MIN_ROUNDS || System.nanoTime() < deadline; n++) {
                    String id = "art-" + random.nextInt(ARTIFACTS);
                    LatestEntry entry = cache.get(id);
                    if (entry == null) {
                        continue;
                    }
                    reads.incrementAndGet();
                    CachedAnswer answer = entry.answer();
                    if (!entry.version().artifactId().equals(id)) {
                        wrong.add("asked " + id + ", got " + entry.version().artifactId());
                    } else if (answer != null) {
                        Content content = answer.content();
                        String text = content.text();
                        String round = text.substring(text.indexOf('#') + 1, text.lastIndexOf('#'));
                        if (!text.startsWith(id + "#") || !content.equals(contentOf(id, Integer.parseInt(round)))) {
                            wrong.add("asked " + id + ", read " + text);
                        }
                    }
                }
            };
            List<Future<?>> running = List.of(
                    threads.submit(writer), threads.submit(writer), threads.submit(reader), threads.submit(reader));
            for (Future<?> f : running) {
                f.get(30, TimeUnit.SECONDS);
            }
        } finally {
            threads.shutdownNow();
        }
        assertThat(wrong).isEmpty();
        assertThat(reads.get()).as("reads that found an entry").isPositive();
    }
}
