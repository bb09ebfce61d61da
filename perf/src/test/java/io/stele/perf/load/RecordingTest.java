package io.stele.perf.load;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.within;

import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;
import org.HdrHistogram.AbstractHistogram;
import org.HdrHistogram.Histogram;
import org.junit.jupiter.api.Test;

class RecordingTest {

    private static Histogram second(long count, long millis) {
        Histogram h = new Histogram(3);
        h.recordValueWithCount(TimeUnit.MILLISECONDS.toNanos(millis), count);
        return h;
    }

    @Test
    void p99FromEachSecond_isThatOfEveryAnswerFromItToTheEnd() {
        // a slow first second, then 99 fast answers for each slow one, then fast only
        AbstractHistogram[] seconds = {second(100, 1_500), second(990, 3), second(1_000, 2)};
        seconds[1].recordValueWithCount(TimeUnit.MILLISECONDS.toNanos(40), 10);

        List<Double> p99 = Recording.p99FromEach(seconds);

        assertThat(p99).hasSize(3);
        assertThat(p99.get(0)).as("with the slow second").isCloseTo(1_500, within(5.0));
        assertThat(p99.get(1))
                .as("2,000 answers, 10 of them slow: fewer than 1%%")
                .isCloseTo(3, within(0.1));
        assertThat(p99.get(2)).isCloseTo(2, within(0.1));
    }

    @Test
    void p99FromEachSecond_ofSecondsWithoutAnswers_isZero() {
        assertThat(Recording.p99FromEach(new AbstractHistogram[] {new Histogram(3), new Histogram(3)}))
                .containsExactly(0.0, 0.0);
    }

    @Test
    void openLoop_measuresOnlyTheRequestsDueWithinThePhase_andSplitsErrorsByKind() {
        Recording recording = new Recording(1, 10);
        for (int i = 0; i < 12; i++) {
            recording.answered(recording.start(), i == 3 ? 503 : 200);
        }

        Result result = recording.result(1, 10 - recording.started());

        assertThat(recording.started())
                .as("the two started in the grace are not measured")
                .isEqualTo(10);
        assertThat(result.requests()).as("ten answered and one failed").isEqualTo(11);
        assertThat(result.errors()).isEqualTo(2);
        assertThat(result.errorsByKind()).containsExactlyInAnyOrderEntriesOf(Map.of("status 503", 1L, "no answer", 1L));
    }

    @Test
    void openLoop_countsRequestsDueButNeverStartedAsUnsent() {
        Recording recording = new Recording(1, 10);
        for (int i = 0; i < 7; i++) {
            recording.answered(recording.start(), 200);
        }

        Result result = recording.result(0, 10 - recording.started());

        assertThat(result.errors()).isEqualTo(3);
        assertThat(result.errorsByKind()).containsExactlyEntriesOf(Map.of("unsent", 3L));
    }
}
