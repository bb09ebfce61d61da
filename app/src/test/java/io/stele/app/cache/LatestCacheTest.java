package io.stele.app.cache;

import static org.assertj.core.api.Assertions.assertThat;

import io.micrometer.core.instrument.simple.SimpleMeterRegistry;
import io.stele.storage.ArtifactType;
import io.stele.storage.Content;
import io.stele.storage.EditableMeta;
import io.stele.storage.StoredVersion;
import io.stele.storage.VersionState;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;
import java.util.stream.IntStream;
import org.junit.jupiter.api.Test;

class LatestCacheTest {

    private static final int ENTRY_WEIGHT = new LatestCache.Entry(version("a-000"), 0).weight;

    private static StoredVersion version(String artifactId) {
        return new StoredVersion(
                artifactId,
                1,
                1,
                1,
                ArtifactType.AVRO,
                VersionState.ENABLED,
                EditableMeta.EMPTY,
                "",
                Instant.EPOCH,
                "",
                Instant.EPOCH);
    }

    private static String id(int i) {
        return "a-%03d".formatted(i);
    }

    @Test
    void entriesBeyondTheBound_areEvicted_andTheUsedOnesGetASecondChance() {
        LatestCache cache = new LatestCache(10L * ENTRY_WEIGHT, Duration.ofMinutes(10), Runnable::run);
        IntStream.range(0, 10).forEach(i -> cache.putIfAbsent(new LatestCache.Entry(version(id(i)), 0)));
        IntStream.range(0, 5).forEach(i -> assertThat(cache.get(id(i))).isNotNull()); // the first half is read

        IntStream.range(10, 15).forEach(i -> cache.putIfAbsent(new LatestCache.Entry(version(id(i)), 0)));

        assertThat(IntStream.range(0, 15).filter(i -> cache.get(id(i)) != null).count())
                .isEqualTo(10);
        IntStream.range(0, 5)
                .forEach(i -> assertThat(cache.get(id(i))).as(id(i)).isNotNull());
    }

    @Test
    void entriesAllReadAgainAndAgain_stillMakeRoom() {
        LatestCache cache = new LatestCache(100L * ENTRY_WEIGHT, Duration.ofMinutes(10), Runnable::run);
        for (int i = 0; i < 1000; i++) {
            cache.putIfAbsent(new LatestCache.Entry(version("b-%03d".formatted(i)), 0));
            for (int j = Math.max(0, i - 150); j <= i; j++) {
                cache.get("b-%03d".formatted(j)); // every entry held is marked used before the next put
            }
        }
        assertThat(IntStream.range(0, 1000)
                        .filter(i -> cache.get("b-%03d".formatted(i)) != null)
                        .count())
                .isEqualTo(100);
    }

    @Test
    void aPutBeyondTheBound_evictsNothingInItsOwnThread_andTheSweepRunsOnItsExecutor() {
        List<Runnable> sweeps = new ArrayList<>();
        LatestCache cache = new LatestCache(2L * ENTRY_WEIGHT, Duration.ofMinutes(10), sweeps::add);
        IntStream.range(0, 4).forEach(i -> cache.putIfAbsent(new LatestCache.Entry(version(id(i)), 0)));

        assertThat(IntStream.range(0, 4).filter(i -> cache.get(id(i)) != null).count())
                .isEqualTo(4);
        assertThat(sweeps)
                .as("one sweep at a time, however many puts went over the bound")
                .hasSize(1);

        sweeps.remove(0).run();
        assertThat(IntStream.range(0, 4).filter(i -> cache.get(id(i)) != null).count())
                .isEqualTo(2);
        assertThat(sweeps).isEmpty();
    }

    @Test
    void aLiveEntry_staysWhenALoadPublishes_unlessAResetCameSince() {
        LatestCache cache = new LatestCache(1 << 20, Duration.ofMinutes(10), Runnable::run);
        LatestCache.Entry live = new LatestCache.Entry(version("x"), 0);
        cache.putIfAbsent(live);
        assertThat(cache.publish(new LatestCache.Entry(version("x"), 0), 0)).isFalse();
        assertThat(cache.get("x")).isSameAs(live);

        LatestCache.Entry afterReset = new LatestCache.Entry(version("x"), 1);
        assertThat(cache.publish(afterReset, 1)).isTrue();
        assertThat(cache.get("x")).isSameAs(afterReset);
    }

    @Test
    void anExpiredEntry_isAMiss_andALoadReplacesIt() throws InterruptedException {
        LatestCache cache = new LatestCache(1 << 20, Duration.ofMillis(50), Runnable::run);
        cache.putIfAbsent(new LatestCache.Entry(version("x"), 0));
        long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(10);
        while (cache.get("x") != null) {
            assertThat(System.nanoTime()).as("the entry expires after 50 ms").isLessThan(deadline);
            Thread.sleep(5);
        }
        LatestCache.Entry fresh = new LatestCache.Entry(version("x"), 0);
        assertThat(cache.publish(fresh, 0)).isTrue();
        assertThat(cache.get("x")).isSameAs(fresh);
    }

    @Test
    void anAnswer_isKeptOnlyWithTheEntryItWasMadeFor() {
        LatestCache cache = new LatestCache(1 << 20, Duration.ofMinutes(10));
        LatestCache.Entry first = new LatestCache.Entry(version("x"), 0);
        cache.putIfAbsent(first);
        cache.invalidate("x");
        LatestCache.Entry second = new LatestCache.Entry(version("x"), 0);
        cache.putIfAbsent(second);

        CachedAnswer answer = new CachedAnswer(first.version, Content.of(new byte[] {1}));
        cache.replace(first, first.withAnswer(answer)); // a change dropped it: not kept

        assertThat(cache.get("x")).isSameAs(second);
        cache.replace(second, second.withAnswer(answer));
        assertThat(cache.get("x").answer).isSameAs(answer);
    }

    @Test
    void metrics_countLookupsPutsEvictionsAndSize() {
        LatestCache cache = new LatestCache(2L * ENTRY_WEIGHT, Duration.ofMinutes(10), Runnable::run);
        SimpleMeterRegistry meters = new SimpleMeterRegistry();
        cache.bindMetrics(meters, "stele.latest");
        cache.lookup(id(0));
        IntStream.range(0, 3).forEach(i -> cache.putIfAbsent(new LatestCache.Entry(version(id(i)), 0)));
        cache.lookup(id(2));

        assertThat(meters.get("cache.gets")
                        .tag("result", "miss")
                        .functionCounter()
                        .count())
                .isEqualTo(1);
        assertThat(meters.get("cache.gets")
                        .tag("result", "hit")
                        .functionCounter()
                        .count())
                .isEqualTo(1);
        assertThat(meters.get("cache.puts").functionCounter().count()).isEqualTo(3);
        assertThat(meters.get("cache.evictions").functionCounter().count()).isEqualTo(1);
        assertThat(meters.get("cache.size").gauge().value()).isEqualTo(2);
    }
}
