package io.stele.perf;

import org.junit.jupiter.api.Test;

/**
 * A new replica joining a registry in service ({@link ColdReplica}), run by {@code mvn -B verify
 * -Pperf -pl perf -Dit.test=ColdReplicaPerf} with the settings of {@link PerfSettings}. It prints
 * its progress and where it wrote the results, and asserts nothing about speed.
 */
class ColdReplicaPerf {

    @Test
    void run() throws Exception {
        System.out.println("Results: " + new PerfRun(PerfSettings.fromSystemProperties()).runColdReplica());
    }
}
