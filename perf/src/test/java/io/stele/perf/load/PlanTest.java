package io.stele.perf.load;

import static org.assertj.core.api.Assertions.assertThatCode;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.net.URI;
import java.time.Duration;
import org.junit.jupiter.api.Test;

class PlanTest {

    private static final Keys KEYS = Keys.numbered("perf-%d", 10, Keys.Distribution.uniform());
    private static final URI REGISTRY = URI.create("http://127.0.0.1:18080");

    @Test
    void plan_withWholeSeconds_isValid() {
        assertThatCode(() -> new Plan(REGISTRY, KEYS, new Load.ClosedLoop(64), Duration.ZERO, Duration.ofSeconds(3)))
                .doesNotThrowAnyException();
    }

    @Test
    void plan_whenBaseUriHasAPathOrNoPort_fails() {
        assertThatThrownBy(() -> plan(URI.create("http://127.0.0.1:18080/api"), Duration.ofSeconds(1)))
                .isInstanceOf(IllegalArgumentException.class)
                .hasMessageContaining("no path");
        assertThatThrownBy(() -> plan(URI.create("http://127.0.0.1"), Duration.ofSeconds(1)))
                .isInstanceOf(IllegalArgumentException.class)
                .hasMessageContaining("http://host:port");
        assertThatThrownBy(() -> plan(URI.create("https://127.0.0.1:8443"), Duration.ofSeconds(1)))
                .isInstanceOf(IllegalArgumentException.class)
                .hasMessageContaining("http://host:port");
    }

    @Test
    void plan_whenDurationIsNotWholeSeconds_fails() {
        assertThatThrownBy(() -> plan(REGISTRY, Duration.ofMillis(1500)))
                .isInstanceOf(IllegalArgumentException.class)
                .hasMessageContaining("duration");
        assertThatThrownBy(() -> plan(REGISTRY, Duration.ZERO))
                .isInstanceOf(IllegalArgumentException.class)
                .hasMessageContaining("duration");
    }

    @Test
    void loads_whenCountsAreNotPositive_fail() {
        assertThatThrownBy(() -> new Load.ClosedLoop(0))
                .isInstanceOf(IllegalArgumentException.class)
                .hasMessageContaining("connections");
        assertThatThrownBy(() -> new Load.OpenLoop(0, 8))
                .isInstanceOf(IllegalArgumentException.class)
                .hasMessageContaining("requestsPerSecond");
        assertThatThrownBy(() -> new Load.OpenLoop(100, 0))
                .isInstanceOf(IllegalArgumentException.class)
                .hasMessageContaining("maxConnections");
    }

    private static Plan plan(URI uri, Duration duration) {
        return new Plan(uri, KEYS, new Load.ClosedLoop(1), Duration.ZERO, duration);
    }
}
