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

    private static final int PAGE = 4096;
    /** Entries of ids of one length take the same room: this many fit in a page. */
    private static final int PER_PAGE = PAGE / ((new LatestEntry(version("a-000"), 0).record.length + 7) & -8);

    static StoredVersion version(String artifactId) {
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

    /** A cache of four pages, whose sweeps run in the thread that starts them. */
    private static LatestCache fourPages(Duration ttl) {
        return new LatestCache(4 * PAGE, PAGE, ttl, Runnable::run);
    }

    private static LatestEntry put(LatestCache cache, String artifactId) {
        return cache.publish(new LatestEntry(version(artifactId), 0), 0);
    }

    private static long present(LatestCache cache, int from, int to) {
        return IntStream.range(from, to).filter(i -> cache.get(id(i)) != null).count();
    }

    @Test
    void whenThePagesFill_theOldestIsReclaimed_andItsEntriesReadSinceGetASecondChance() {
        LatestCache cache = fourPages(Duration.ofMinutes(10));
        IntStream.range(0, 3 * PER_PAGE).forEach(i -> put(cache, id(i)));
        IntStream.range(0, PER_PAGE / 2).forEach(i -> cache.get(id(i))); // half the oldest page is read

        put(cache, id(3 * PER_PAGE)); // takes the last page: the oldest is reclaimed

        assertThat(present(cache, 0, PER_PAGE / 2)).as("read since written").isEqualTo(PER_PAGE / 2);
        assertThat(present(cache, PER_PAGE / 2, PER_PAGE)).as("not read").isZero();
        assertThat(present(cache, PER_PAGE, 3 * PER_PAGE + 1)).isEqualTo(2 * PER_PAGE + 1);
    }

    @Test
    void entriesAllReadAgainAndAgain_stillMakeRoom() {
        LatestCache cache = fourPages(Duration.ofMinutes(10));
        for (int i = 0; i < 1000; i++) {
            assertThat(put(cache, "b-%03d".formatted(i))).as("put %d", i).isNotNull();
            for (int j = Math.max(0, i - 150); j <= i; j++) {
                cache.get("b-%03d".formatted(j)); // every entry held is marked used before the next put
            }
        }
        long held = IntStream.range(0, 1000)
                .filter(i -> cache.get("b-%03d".formatted(i)) != null)
                .count();
        assertThat(held).isBetween(2L * PER_PAGE, 4L * PER_PAGE);
        assertThat(cache.get("b-999")).isNotNull();
    }

    @Test
    void aPutThatTakesTheLastPage_reclaimsNothingInItsOwnThread_andTheSweepRunsOnItsExecutor() {
        List<Runnable> sweeps = new ArrayList<>();
        LatestCache cache = new LatestCache(4 * PAGE, PAGE, Duration.ofMinutes(10), sweeps::add);
        IntStream.range(0, 3 * PER_PAGE + 2).forEach(i -> put(cache, id(i)));

        assertThat(cache.size()).isEqualTo(3 * PER_PAGE + 2);
        assertThat(sweeps).as("one sweep at a time, however many puts followed").hasSize(1);

        sweeps.remove(0).run();
        assertThat(present(cache, 0, PER_PAGE)).as("the oldest page, none read").isZero();
        assertThat(present(cache, PER_PAGE, 3 * PER_PAGE + 2)).isEqualTo(2 * PER_PAGE + 2);
        assertThat(sweeps).isEmpty();
    }

    @Test
    void aLiveEntry_staysWhenALoadPublishes_unlessAResetCameSince() {
        LatestCache cache = fourPages(Duration.ofMinutes(10));
        LatestEntry live = put(cache, "x");
        assertThat(cache.publish(new LatestEntry(version("x"), 0), 0)).isNull();
        assertThat(cache.get("x").location).isEqualTo(live.location);

        LatestEntry afterReset = cache.publish(new LatestEntry(version("x"), 1), 1);
        assertThat(afterReset).isNotNull();
        assertThat(cache.get("x").location).isEqualTo(afterReset.location);
        assertThat(cache.get("x").resets()).isEqualTo(1);
    }

    @Test
    void anExpiredEntry_isAMiss_andALoadReplacesIt() throws InterruptedException {
        LatestCache cache = fourPages(Duration.ofMillis(50));
        put(cache, "x");
        long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(10);
        while (cache.get("x") != null) {
            assertThat(System.nanoTime()).as("the entry expires after 50 ms").isLessThan(deadline);
            Thread.sleep(5);
        }
        LatestEntry fresh = put(cache, "x");
        assertThat(fresh).isNotNull();
        assertThat(cache.get("x").location).isEqualTo(fresh.location);
    }

    @Test
    void anAnswer_isKeptOnlyWithTheEntryItWasMadeFor() {
        LatestCache cache = fourPages(Duration.ofMinutes(10));
        LatestEntry first = put(cache, "x");
        cache.invalidate("x");
        LatestEntry second = put(cache, "x");
        Content content = Content.of(new byte[] {1});

        cache.replace(first, first.withAnswer(content)); // a change dropped it: not kept
        assertThat(cache.get("x").location).isEqualTo(second.location);
        assertThat(cache.get("x").answer()).isNull();

        cache.replace(second, second.withAnswer(content));
        assertThat(cache.get("x").answer().content()).isEqualTo(content);
        assertThat(cache.get("x").version()).isEqualTo(version("x"));
    }

    @Test
    void anEntryLargerThanAPage_isNotKept() {
        LatestCache cache = fourPages(Duration.ofMinutes(10));
        LatestEntry small = put(cache, "x");
        LatestEntry large = small.withAnswer(Content.of(new byte[PAGE]));

        assertThat(cache.fits(large)).isFalse();
        cache.replace(small, large);
        assertThat(cache.get("x").answer()).isNull();
    }

    @Test
    void invalidateAll_dropsEveryEntry() {
        LatestCache cache = fourPages(Duration.ofMinutes(10));
        IntStream.range(0, 50).forEach(i -> put(cache, id(i)));

        cache.invalidateAll();

        assertThat(present(cache, 0, 50)).isZero();
        assertThat(put(cache, id(7))).isNotNull();
        assertThat(cache.get(id(7))).isNotNull();
    }

    @Test
    void metrics_countLookupsPutsEvictionsAndSize() {
        LatestCache cache = fourPages(Duration.ofMinutes(10));
        SimpleMeterRegistry meters = new SimpleMeterRegistry();
        cache.bindMetrics(meters, "stele.latest");
        cache.lookup(id(0));
        IntStream.range(0, 3 * PER_PAGE + 1).forEach(i -> put(cache, id(i)));
        cache.lookup(id(3 * PER_PAGE));

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
        assertThat(meters.get("cache.puts").functionCounter().count()).isEqualTo(3 * PER_PAGE + 1);
        assertThat(meters.get("cache.evictions").functionCounter().count()).isEqualTo(PER_PAGE);
        assertThat(meters.get("cache.size").gauge().value()).isEqualTo(2 * PER_PAGE + 1);
    }
}
