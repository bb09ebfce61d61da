package io.stele.app.cache;

import static org.assertj.core.api.Assertions.assertThat;

import io.stele.storage.ArtifactType;
import io.stele.storage.Content;
import io.stele.storage.EditableMeta;
import io.stele.storage.RegistryStorage;
import io.stele.storage.RuleScope;
import io.stele.storage.RuleType;
import io.stele.storage.VersionDraft;
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
        cache.artifacts().create(draft(1));
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
            cache.versions().add(draft(n));
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
    void aChangeOfTheRules_stillDropsTheCachedRules() {
        assertThat(cache.rules().list(SCOPE)).isEqualTo(Map.of(RuleType.VALIDITY, "FULL"));
        cache.versions().add(draft(2));

        backend.rules().create(SCOPE, RuleType.COMPATIBILITY, "BACKWARD"); // as another node would

        assertThat(cache.rules().list(SCOPE))
                .isEqualTo(Map.of(RuleType.VALIDITY, "FULL", RuleType.COMPATIBILITY, "BACKWARD"));
    }

    private static VersionDraft draft(int n) {
        return new VersionDraft(
                "a",
                ArtifactType.AVRO,
                Content.of("{\"type\":\"record\",\"name\":\"R" + n + "\",\"fields\":[]}"),
                EditableMeta.EMPTY,
                "alice");
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
