package io.stele.storage.infinispan;

import static org.assertj.core.api.Assertions.assertThat;

import java.time.Duration;
import java.util.concurrent.atomic.AtomicLong;
import org.junit.jupiter.api.Test;

/** Which events of an artifact's entry the feed takes for the echoes of this registry's appends. */
class OwnEchoesTest {

    private final OwnEchoes echoes = new OwnEchoes(Duration.ofMinutes(1));

    @Test
    void absorb_takesOneEventPerExpectedEcho_andNoMore() {
        echoes.expect("orders");
        echoes.expect("orders");
        assertThat(echoes.absorb("orders")).isTrue();
        assertThat(echoes.absorb("orders")).isTrue();
        assertThat(echoes.absorb("orders"))
                .as("a third event is another write's")
                .isFalse();
    }

    @Test
    void absorb_ofAnotherArtifact_takesNothing() {
        echoes.expect("orders");
        assertThat(echoes.absorb("payments")).isFalse();
        assertThat(echoes.absorb("orders")).isTrue();
    }

    @Test
    void withdraw_afterAFailedWrite_leavesTheNextEventReported() {
        echoes.expect("orders");
        echoes.withdraw("orders");
        assertThat(echoes.absorb("orders")).isFalse();
    }

    @Test
    void withdraw_ofOneOfTwo_leavesTheOther() {
        echoes.expect("orders");
        echoes.expect("orders");
        echoes.withdraw("orders");
        assertThat(echoes.absorb("orders")).isTrue();
        assertThat(echoes.absorb("orders")).isFalse();
    }

    @Test
    void clear_afterAFailover_expectsNothing() {
        echoes.expect("orders");
        echoes.clear();
        assertThat(echoes.absorb("orders")).isFalse();
    }

    @Test
    void anExpectationThatLapsed_takesNoEvent() {
        assertThat(withALapsedEcho("orders").absorb("orders")).isFalse();
    }

    @Test
    void anExpectationThatLapsed_isReplacedByANewOne_notCountedWithIt() {
        OwnEchoes lapsing = withALapsedEcho("orders");
        lapsing.expect("orders");
        assertThat(lapsing.absorb("orders")).isTrue();
        assertThat(lapsing.absorb("orders"))
                .as("the lapsed echo is not expected any more")
                .isFalse();
    }

    /** Echoes whose one expected echo of this artifact has lapsed, on a clock that then stays still. */
    private static OwnEchoes withALapsedEcho(String artifactId) {
        AtomicLong now = new AtomicLong();
        OwnEchoes lapsing = new OwnEchoes(Duration.ofNanos(10), now::get);
        lapsing.expect(artifactId);
        now.set(11);
        return lapsing;
    }
}
