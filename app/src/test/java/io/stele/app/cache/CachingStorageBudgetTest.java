package io.stele.app.cache;

import static org.assertj.core.api.Assertions.assertThat;

import io.micrometer.core.instrument.simple.SimpleMeterRegistry;
import io.stele.storage.ArtifactType;
import io.stele.storage.Content;
import io.stele.storage.EditableMeta;
import io.stele.storage.StoredVersion;
import io.stele.storage.VersionDraft;
import io.vertx.core.buffer.Buffer;
import java.time.Duration;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

/**
 * The read cache keeps within stele.cache.max-memory as a whole: filled through every part it has
 * with several times the setting, each part holds no more than its share, and all together no more
 * than the setting.
 */
class CachingStorageBudgetTest {

    private static final CacheBudget BUDGET = CacheBudget.of(1024 * 1024);
    private static final int ARTIFACTS = 700;

    private CachingStorage cache;

    @BeforeEach
    void open() throws Exception {
        cache = new CachingStorage(
                ObservedStorage.embedded("budget-"), BUDGET, Duration.ofMinutes(10), new SimpleMeterRegistry());
        cache.start();
    }

    @AfterEach
    void close() {
        cache.close();
    }

    /** A question of a given weight, told apart by its number. */
    private record Asked(int n, int weight) implements EncodedAnswers.Question {}

    /** A whole answer of a given weight. */
    private record Answer(int weight) implements EncodedAnswers.Kept {}

    @Test
    void everyPart_filledWithSeveralTimesTheSetting_holdsNoMoreThanItsShare_andAllNoMoreThanTheSetting() {
        long sent = 0;
        for (int n = 1; n <= ARTIFACTS; n++) {
            Content content = Content.of(schema(n));
            StoredVersion version = cache.artifacts()
                    .create(new VersionDraft("a-" + n, ArtifactType.AVRO, content, EditableMeta.EMPTY, "alice"));
            long globalId = version.globalId();
            Buffer encoded = Buffer.buffer(content.bytes());

            cache.latestAnswer("a-" + n);
            cache.versions().byGlobalId(globalId);
            cache.contents().byContentId(version.contentId());
            cache.cachedAnswer(globalId);
            cache.encoded().byContentId(version.contentId(), () -> encoded);
            cache.encoded().byGlobalId(globalId, () -> encoded);
            cache.encoded().remember(new Asked(n, content.size()), globalId);
            cache.encoded().keep(new Asked(-n, content.size()), new Answer(content.size()));
            sent += 7L * content.size();
        }
        CacheBudget held = cache.held();

        assertThat(sent).as("bytes sent to the cache").isGreaterThan(4 * BUDGET.total());
        assertThat(held.latest()).isPositive().isLessThanOrEqualTo(BUDGET.latest());
        assertThat(held.versions()).isPositive().isLessThanOrEqualTo(BUDGET.versions());
        assertThat(held.contents()).isPositive().isLessThanOrEqualTo(BUDGET.contents());
        assertThat(held.answersByContentId()).isPositive().isLessThanOrEqualTo(BUDGET.answersByContentId());
        assertThat(held.answersByGlobalId()).isPositive().isLessThanOrEqualTo(BUDGET.answersByGlobalId());
        assertThat(held.questions()).isPositive().isLessThanOrEqualTo(BUDGET.questions());
        assertThat(held.remembered()).isPositive().isLessThanOrEqualTo(BUDGET.remembered());
        assertThat(held.total()).isLessThanOrEqualTo(1024 * 1024);
    }

    /** An Avro schema of about 1,600 bytes, one for each n. */
    private static String schema(int n) {
        return "{\"type\":\"record\",\"name\":\"R" + n + "\",\"doc\":\"" + "d".repeat(1_560) + "\",\"fields\":[]}";
    }
}
