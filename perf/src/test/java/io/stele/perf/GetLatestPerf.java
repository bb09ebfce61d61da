package io.stele.perf;

import org.junit.jupiter.api.Test;

/**
 * The benchmark itself, run by {@code mvn -B verify -Pperf -pl perf} with the settings of
 * {@link PerfSettings} (the published test by default). It prints its progress and where it wrote
 * the results, and asserts nothing about speed.
 */
class GetLatestPerf {

    @Test
    void run() throws Exception {
        System.out.println("Results: " + new PerfRun(PerfSettings.fromSystemProperties()).run());
    }
}
