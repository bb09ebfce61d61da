package io.stele.app.console;

import static org.assertj.core.api.Assertions.assertThat;

import io.stele.app.console.SideBySide.Row;
import org.junit.jupiter.api.Test;

class SideBySideTest {

    @Test
    void alignsSharedLines_andNumbersEachSide() {
        SideBySide.View view = SideBySide.of("a\nb\nc\nd", "a\nB\nc\nx\nd");
        assertThat(view.rows())
                .containsExactly(
                        new Row("same", "1", "a", "1", "a"),
                        new Row("changed", "2", "b", "2", "B"),
                        new Row("same", "3", "c", "3", "c"),
                        new Row("added", "", "", "4", "x"),
                        new Row("same", "4", "d", "5", "d"));
        assertThat(view.changed()).isEqualTo(2);
    }

    @Test
    void aLongerRemoval_leavesTheRightSideEmpty() {
        SideBySide.View view = SideBySide.of("a\nb\nc", "z");
        assertThat(view.rows())
                .containsExactly(
                        new Row("changed", "1", "a", "1", "z"),
                        new Row("removed", "2", "b", "", ""),
                        new Row("removed", "3", "c", "", ""));
    }

    @Test
    void equalTexts_differNowhere() {
        assertThat(SideBySide.of("x\ny", "x\ny").changed()).isZero();
    }
}
