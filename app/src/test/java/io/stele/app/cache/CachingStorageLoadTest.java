package io.stele.app.cache;

import static org.assertj.core.api.Assertions.assertThat;

import io.stele.storage.RegistryStorage;
import io.stele.storage.StoredVersion;
import io.stele.storage.testkit.Drafts;
import java.util.concurrent.Callable;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.concurrent.atomic.AtomicReference;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

/**
 * The read cache never holds a lock while the backend answers: a load held back in the backend
 * (a slow query, a remote store that stalls) stops neither reads of other artifacts nor the change
 * reports that drop entries, and what it read is not kept once a change overtook it.
 */
class CachingStorageLoadTest {

    private static final long DEADLINE_SECONDS = 10;
    private static final String HELD = "held";

    private final ExecutorService threads = Executors.newCachedThreadPool();
    private HoldingStorage backend;
    private CachingStorage cache;

    @BeforeEach
    void open() throws Exception {
        backend = new HoldingStorage(ObservedStorage.embedded("held-load-"));
        cache = backend.cached();
    }

    @AfterEach
    void close() {
        backend.release.countDown();
        threads.shutdownNow();
        cache.close();
    }

    @Test
    void aLoadHeldBackInTheBackend_blocksNeitherOtherReadsNorChangeReports_andIsNotKeptPastAChange() throws Exception {
        cache.artifacts().create(Drafts.avro("other", 1));
        assertThat(cache.latestAnswer("other").version().version()).isEqualTo(1);
        backend.artifacts().create(Drafts.avro(HELD, 1)); // straight to the backend: not cached

        Future<StoredVersion> held =
                threads.submit(() -> cache.versions().latest(HELD).orElseThrow());
        assertThat(backend.entered.await(DEADLINE_SECONDS, TimeUnit.SECONDS))
                .as("the load of '%s' reaches the backend", HELD)
                .isTrue();

        assertThat(within("a cached read of another artifact", () -> cache.cachedAnswer("other")))
                .isNotNull();
        assertThat(within("a read of another artifact through the cache", () -> cache.versions()
                        .latest("other")))
                .hasValueSatisfying(v -> assertThat(v.version()).isEqualTo(1));
        // The backend tells the cache of this write before it returns: a listener that waited
        // for the held load would hold the write too.
        within("a write of the held artifact, whose change report drops its entry", () -> backend.versions()
                .add(Drafts.avro(HELD, 2)));
        within("a write of another artifact through the cache", () -> cache.versions()
                .add(Drafts.avro("other", 2)));
        assertThat(cache.versions().latest("other"))
                .hasValueSatisfying(v -> assertThat(v.version()).isEqualTo(2));

        backend.release.countDown();
        assertThat(held.get(DEADLINE_SECONDS, TimeUnit.SECONDS).version())
                .as("the held load answers what it read, before the change")
                .isEqualTo(1);
        assertThat(cache.versions().latest(HELD))
                .as("what the held load read was not kept past the change")
                .hasValueSatisfying(v -> assertThat(v.version()).isEqualTo(2));
    }

    @Test
    void concurrentReadsOfOneUncachedArtifact_shareOneLoad() throws Exception {
        backend.artifacts().create(Drafts.avro(HELD, 1));
        Future<StoredVersion> first =
                threads.submit(() -> cache.versions().latest(HELD).orElseThrow());
        assertThat(backend.entered.await(DEADLINE_SECONDS, TimeUnit.SECONDS)).isTrue();
        AtomicReference<Thread> secondThread = new AtomicReference<>();
        Future<StoredVersion> second = threads.submit(() -> {
            secondThread.set(Thread.currentThread());
            return cache.versions().latest(HELD).orElseThrow();
        });
        long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(DEADLINE_SECONDS);
        while (secondThread.get() == null || secondThread.get().getState() != Thread.State.WAITING) {
            assertThat(System.nanoTime())
                    .as("the second read waits for the first one's load")
                    .isLessThan(deadline);
            Thread.sleep(1);
        }

        backend.release.countDown();
        assertThat(first.get(DEADLINE_SECONDS, TimeUnit.SECONDS).version()).isEqualTo(1);
        assertThat(second.get(DEADLINE_SECONDS, TimeUnit.SECONDS).version()).isEqualTo(1);
        assertThat(backend.latestReads.get())
                .as("reads of the latest version that reached the backend")
                .isEqualTo(1);
    }

    private <T> T within(String what, Callable<T> call) throws Exception {
        try {
            return threads.submit(call).get(DEADLINE_SECONDS, TimeUnit.SECONDS);
        } catch (TimeoutException e) {
            throw new AssertionError(
                    what + " did not finish within " + DEADLINE_SECONDS + " s while a load of '" + HELD
                            + "' was held back in the backend",
                    e);
        }
    }

    /** A real backend whose reads of one artifact's latest version wait, once read, until released. */
    private static final class HoldingStorage extends ObservedStorage {

        final CountDownLatch entered = new CountDownLatch(1);
        final CountDownLatch release = new CountDownLatch(1);
        final AtomicInteger latestReads = new AtomicInteger();

        HoldingStorage(RegistryStorage backend) {
            super(backend);
        }

        @Override
        protected void readLatest(String artifactId) {
            if (!artifactId.equals(HELD)) {
                return;
            }
            latestReads.incrementAndGet();
            entered.countDown();
            try {
                if (!release.await(2 * DEADLINE_SECONDS, TimeUnit.SECONDS)) {
                    throw new AssertionError("The test never released the held load");
                }
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
            }
        }
    }
}
