package io.stele.perf.load;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.util.List;
import org.junit.jupiter.api.Test;

class KeysTest {

    private static final int DRAWS = 200_000;

    @Test
    void numbered_fillsThePattern() {
        Keys keys = Keys.numbered("perf-%d", 3, Keys.Distribution.uniform());

        assertThat(keys.ids()).containsExactly("perf-0", "perf-1", "perf-2");
    }

    @Test
    void uniform_drawsEveryIdAboutEquallyOften() {
        long[] counts = draw(Keys.numbered("perf-%d", 10, Keys.Distribution.uniform()));

        for (long count : counts) {
            assertThat(count).isBetween(DRAWS / 10 * 95 / 100L, DRAWS / 10 * 105 / 100L);
        }
    }

    @Test
    void hotKeys_sendsTheRequestShareToTheKeyShare() {
        long[] counts = draw(Keys.numbered("perf-%d", 1000, Keys.Distribution.hotKeys(0.01, 0.8)));

        long hot = 0;
        for (int i = 0; i < 10; i++) {
            hot += counts[i];
        }
        assertThat(hot / (double) DRAWS).isBetween(0.79, 0.81);
        assertThat(counts[999]).isPositive();
    }

    @Test
    void hotKeys_withFewIds_keepsAtLeastOneHotId() {
        long[] counts = draw(new Keys(List.of("a", "b", "c"), Keys.Distribution.hotKeys(0.01, 0.5)));

        assertThat(counts[0] / (double) DRAWS).isBetween(0.49, 0.51);
    }

    @Test
    void hotKeys_whenSharesAreOutOfRange_fails() {
        assertThatThrownBy(() -> Keys.Distribution.hotKeys(0, 0.8))
                .isInstanceOf(IllegalArgumentException.class)
                .hasMessageContaining("keyShare");
        assertThatThrownBy(() -> Keys.Distribution.hotKeys(0.01, 1.5))
                .isInstanceOf(IllegalArgumentException.class)
                .hasMessageContaining("requestShare");
    }

    @Test
    void keys_whenEmpty_fails() {
        assertThatThrownBy(() -> new Keys(List.of(), Keys.Distribution.uniform()))
                .isInstanceOf(IllegalArgumentException.class)
                .hasMessageContaining("ids");
    }

    private static long[] draw(Keys keys) {
        Keys.IndexPicker picker = keys.picker();
        long[] counts = new long[keys.ids().size()];
        for (int i = 0; i < DRAWS; i++) {
            counts[picker.next()]++;
        }
        return counts;
    }
}
