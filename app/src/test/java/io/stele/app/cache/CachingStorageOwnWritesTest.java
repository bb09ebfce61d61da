package io.stele.app.cache;

import static org.assertj.core.api.Assertions.assertThat;

import io.stele.storage.RegistryStorage;
import io.stele.storage.RuleScope;
import io.stele.storage.RuleType;
import io.stele.storage.testkit.Drafts;
import java.util.Map;
import java.util.concurrent.atomic.AtomicInteger;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

/**
 * Every new version is checked against its artifact's rules and latest version: a version this node
 * adds keeps both cached, so the next write reads neither from the backend, while a change of the
 * rules still drops them.
 */
class CachingStorageOwnWritesTest {

    private static final RuleScope SCOPE = RuleScope.artifact("a");

    private CountingStorage backend;
    private CachingStorage cache;

    @BeforeEach
    void open() throws Exception {
        backend = new CountingStorage(ObservedStorage.embedded("own-writes-"));
        cache = backend.cached();
        cache.artifacts().create(Drafts.avro("a", 1));
        cache.rules().create(SCOPE, RuleType.VALIDITY, "FULL");
    }

    @AfterEach
    void close() {
        cache.close();
    }

    @Test
    void versionsThisNodeAdds_keepTheArtifactsRulesAndLatestCached() {
        assertThat(cache.rules().list(SCOPE)).isEqualTo(Map.of(RuleType.VALIDITY, "FULL"));
        assertThat(cache.versions().latest("a"))
                .hasValueSatisfying(v -> assertThat(v.version()).isEqualTo(1));
        int rules = backend.ruleLists.get();
        int latest = backend.latestReads.get();

        for (int n = 2; n <= 4; n++) {
            cache.versions().add(Drafts.avro("a", n));
            assertThat(cache.rules().list(SCOPE)).isEqualTo(Map.of(RuleType.VALIDITY, "FULL"));
            int expected = n;
            assertThat(cache.versions().latest("a"))
                    .hasValueSatisfying(v -> assertThat(v.version()).isEqualTo(expected));
        }

        assertThat(backend.ruleLists.get())
                .as("rule reads that reached the backend")
                .isEqualTo(rules);
        assertThat(backend.latestReads.get())
                .as("latest reads that reached the backend")
                .isEqualTo(latest);
    }

    @Test
    void theContentOfALatestAnswer_staysWithTheAnswer_notAlsoInTheContentCache() {
        CachedAnswer answer = cache.latestAnswer("a");

        CachedAnswer cached = cache.cachedAnswer("a");
        assertThat(cached).as("answered from the cache").isNotNull();
        assertThat(cached.content()).isEqualTo(answer.content());
        assertThat(cache.contentCache().asMap()).isEmpty();
        // Content read for another purpose is cached as before.
        assertThat(cache.contents().byContentId(answer.version().contentId())).isPresent();
        assertThat(cache.contentCache().asMap()).containsKey(answer.version().contentId());
    }

    @Test
    void anArtifactThisNodeCreates_keepsTheRulesConfiguredAheadOfIt() {
        RuleScope ahead = RuleScope.artifact("b");
        assertThat(cache.rules().list(ahead)).isEmpty();
        cache.rules().create(ahead, RuleType.COMPATIBILITY, "NONE");
        assertThat(cache.rules().list(ahead)).isEqualTo(Map.of(RuleType.COMPATIBILITY, "NONE"));
        int rules = backend.ruleLists.get();

        cache.artifacts().create(Drafts.avro("b", 1));

        assertThat(cache.rules().list(ahead)).isEqualTo(Map.of(RuleType.COMPATIBILITY, "NONE"));
        assertThat(backend.ruleLists.get())
                .as("rule reads that reached the backend")
                .isEqualTo(rules);
    }

    @Test
    void aChangeOfTheRules_stillDropsTheCachedRules() {
        assertThat(cache.rules().list(SCOPE)).isEqualTo(Map.of(RuleType.VALIDITY, "FULL"));
        cache.versions().add(Drafts.avro("a", 2));

        backend.rules().create(SCOPE, RuleType.COMPATIBILITY, "BACKWARD"); // as another node would

        assertThat(cache.rules().list(SCOPE))
                .isEqualTo(Map.of(RuleType.VALIDITY, "FULL", RuleType.COMPATIBILITY, "BACKWARD"));
    }

    /** A real backend that counts the reads of rules and of latest versions that reach it. */
    private static final class CountingStorage extends ObservedStorage {

        final AtomicInteger ruleLists = new AtomicInteger();
        final AtomicInteger latestReads = new AtomicInteger();

        CountingStorage(RegistryStorage backend) {
            super(backend);
        }

        @Override
        protected void readLatest(String artifactId) {
            latestReads.incrementAndGet();
        }

        @Override
        protected void listedRules(RuleScope scope) {
            ruleLists.incrementAndGet();
        }
    }
}
