package io.stele.app.cache;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.List;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/** stele.cache.max-memory is shared, whole, among the caches. */
class CacheBudgetTest {

    @ParameterizedTest
    @ValueSource(longs = {1024 * 1024, 256L * 1024 * 1024, 2L * 1024 * 1024 * 1024 + 7})
    void theShares_addUpToTheSetting_withSeventyPercentForTheLatestVersions(long maxMemory) {
        CacheBudget budget = CacheBudget.of(maxMemory);

        assertThat(budget.total()).isEqualTo(maxMemory);
        assertThat(budget.latest()).isGreaterThanOrEqualTo(maxMemory / 100 * 70);
        assertThat(List.of(
                        budget.versions(),
                        budget.contents(),
                        budget.answersByContentId(),
                        budget.answersByGlobalId(),
                        budget.questions(),
                        budget.remembered()))
                .allMatch(share -> share > 0);
    }
}
