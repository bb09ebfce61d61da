package io.stele.app.http;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import org.junit.jupiter.api.Test;

/** A version, globalId, offset or limit of {@code 7.0} was refused though the document types it as an integer. */
class WholeNumbersTest {

    @Test
    void parse_readsDigits_andAZeroFraction() {
        assertThat(WholeNumbers.parse("7")).isEqualTo(7);
        assertThat(WholeNumbers.parse("2255.0")).isEqualTo(2255);
        assertThat(WholeNumbers.parse("-3.000")).isEqualTo(-3);
    }

    @Test
    void parse_refusesFractionsExponentsAndText() {
        for (String text : new String[] {"7.5", "1e3", "7.", ".0", "seven", ""}) {
            assertThatThrownBy(() -> WholeNumbers.parse(text)).as(text).isInstanceOf(NumberFormatException.class);
        }
    }

    @Test
    void parseInt_refusesWhatIntCannotHold() {
        assertThat(WholeNumbers.parseInt("2147483647.0")).isEqualTo(Integer.MAX_VALUE);
        assertThatThrownBy(() -> WholeNumbers.parseInt("2147483648")).isInstanceOf(NumberFormatException.class);
    }
}
