package io.stele.app.cache;

import static org.assertj.core.api.Assertions.assertThat;

import io.stele.storage.LatestPage;
import io.stele.storage.PageRequest;
import io.stele.storage.RegistryStorage;
import io.stele.storage.VersionState;
import io.stele.storage.testkit.Drafts;
import java.time.Duration;
import java.util.concurrent.atomic.AtomicInteger;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;

/**
 * A registry's cache filled as it starts ({@link CachingStorage#warmUp}): every artifact's servable
 * latest version answered from memory afterwards, with no read of the backend; a change reported
 * while a page is read never leaves the version from before it; none with a warm-up of zero.
 */
class WarmUpTest {

    private static final int ARTIFACTS = 1_100; // more than one page

    private CachingStorage cache;

    @AfterEach
    void close() {
        if (cache != null) {
            cache.close();
        }
    }

    /** Writes the artifacts {@code a-00000} on to the started backend, the last one disabled. */
    private static void fill(RegistryStorage backend) {
        for (int i = 0; i < ARTIFACTS; i++) {
            backend.artifacts().create(Drafts.avro(String.format("a-%05d", i), i));
        }
        backend.versions().updateState(String.format("a-%05d", ARTIFACTS - 1), 1, VersionState.DISABLED, "bob");
    }

    /** The store, counting the pages of latest versions read, running {@code afterFirst} once the first is. */
    private static ObservedStorage paging(RegistryStorage store, AtomicInteger pages, Runnable afterFirst) {
        return new ObservedStorage(store) {
            @Override
            public LatestPage latestVersions(PageRequest page) {
                LatestPage read = super.latestVersions(page);
                if (pages.getAndIncrement() == 0) {
                    afterFirst.run();
                }
                return read;
            }
        };
    }

    @Test
    void warmUp_keepsEveryServableLatest_soThatGetLatestAnswersFromMemory() throws Exception {
        AtomicInteger backendReads = new AtomicInteger();
        RegistryStorage store = ObservedStorage.embedded("warm-up-");
        ObservedStorage backend = new ObservedStorage(store) {
            @Override
            protected void readLatest(String artifactId) {
                backendReads.incrementAndGet();
            }
        };
        cache = backend.cached();
        fill(store);

        assertThat(cache.warmUp(Duration.ofSeconds(30))).isEqualTo(ARTIFACTS - 1);

        for (int i = 0; i < ARTIFACTS - 1; i++) {
            CachedAnswer answer = cache.cachedAnswer(String.format("a-%05d", i));
            assertThat(answer).as("a-%05d answered from memory", i).isNotNull();
            assertThat(answer.version().version()).isEqualTo(1);
        }
        assertThat(cache.cachedAnswer(String.format("a-%05d", ARTIFACTS - 1))).isNull();
        assertThat(backendReads).as("reads of one artifact's latest version").hasValue(0);
    }

    @Test
    void aChangeReportedWhileAPageIsRead_isNeverLost() throws Exception {
        RegistryStorage store = ObservedStorage.embedded("warm-up-change-");
        String changed = "a-00500";
        // a write after the first page was read, before it is kept
        ObservedStorage backend =
                paging(store, new AtomicInteger(), () -> store.versions().add(Drafts.avro(changed, 99_999)));
        cache = backend.cached();
        fill(store);

        cache.warmUp(Duration.ofSeconds(30));

        CachedAnswer answer = cache.cachedAnswer(changed);
        if (answer != null) {
            assertThat(answer.version().version()).isEqualTo(2);
        }
        assertThat(cache.latestAnswer(changed).version().version()).isEqualTo(2);
        assertThat(cache.cachedAnswer("a-01050")).as("a page after the change").isNotNull();
    }

    @Test
    void warmUpOfZero_readsNothing() throws Exception {
        AtomicInteger pages = new AtomicInteger();
        RegistryStorage store = ObservedStorage.embedded("warm-up-off-");
        ObservedStorage backend = paging(store, pages, () -> {});
        cache = backend.cached();
        fill(store);

        assertThat(cache.warmUp(Duration.ZERO)).isZero();

        assertThat(pages).hasValue(0);
        assertThat(cache.cachedAnswer("a-00000")).isNull();
    }
}
