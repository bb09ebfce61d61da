package io.stele.perf;

import org.junit.jupiter.api.Test;

/**
 * The console's pages timed at each registry size ({@link ConsoleTiming}): {@code mvn -B verify
 * -Pperf -pl perf -Dit.test=ConsolePagesPerf -Dperf.backend=embedded -Dperf.versions=2}. Asserts
 * nothing about speed.
 */
class ConsolePagesPerf {

    @Test
    void run() throws Exception {
        ConsoleTiming.main(new String[0]);
    }
}
