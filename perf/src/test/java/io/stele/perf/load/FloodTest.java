package io.stele.perf.load;

import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.io.IOException;
import java.net.ServerSocket;
import java.net.URI;
import java.time.Duration;
import org.junit.jupiter.api.Test;

class FloodTest {

    @Test
    void run_whenNothingListens_failsAtOnce() throws IOException {
        int port;
        try (ServerSocket socket = new ServerSocket(0)) {
            port = socket.getLocalPort();
        }
        Plan plan = new Plan(
                URI.create("http://127.0.0.1:" + port),
                Keys.numbered("perf-%d", 1, Keys.Distribution.uniform()),
                new Load.ClosedLoop(1),
                Duration.ZERO,
                Duration.ofSeconds(1));

        assertThatThrownBy(() -> Flood.run(plan))
                .isInstanceOf(IllegalStateException.class)
                .hasMessageContaining("Nothing accepts connections at http://127.0.0.1:" + port);
    }
}
