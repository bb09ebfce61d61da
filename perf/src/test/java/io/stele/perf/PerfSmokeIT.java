package io.stele.perf;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import io.stele.perf.pause.Stalls;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * The whole harness at a small scale, on each backend: it seeds, floods and reports without
 * errors. It says nothing of speed.
 */
class PerfSmokeIT {

    @ParameterizedTest
    @ValueSource(strings = {"embedded", "postgresql", "kafka", "infinispan"})
    void smallRun_seedsFloodsAndWritesJsonAndHtml_withoutErrors(String backend) throws Exception {
        Path out = Path.of("target", "perf-smoke", backend);
        PerfSettings settings = new PerfSettings(
                backend,
                List.of(200L, 1_000L),
                10,
                42,
                Duration.ofSeconds(1),
                Duration.ofSeconds(2),
                16,
                List.of(0.2),
                0.01,
                0.8,
                20,
                4,
                out.toString(),
                "512m",
                // the JIT's first tier only, as every test's registry: this run says nothing of speed
                List.of("-XX:+UseG1GC", "-XX:TieredStopAtLevel=1"),
                "64M",
                Map.of("shared_buffers", "64MB"));
        Path json = new PerfRun(settings).run();

        JsonNode results = new ObjectMapper().readTree(json.toFile());
        assertThat(results.path("backend").asText()).isEqualTo(backend);
        assertThat(results.at("/seeding/imports")).hasSize(2);
        assertThat(results.at("/seeding/imports/1/versions").asLong()).isEqualTo(8_000);
        assertThat(results.at("/seeding/rest/versions").asLong()).isEqualTo(200);
        assertThat(results.at("/seeding/rest/errors").asLong()).isZero();
        assertThat(results.path("scales")).hasSize(2);
        assertThat(results.at("/settings/registryJvmOptions/0").asText()).isEqualTo("-XX:+UseG1GC");
        for (JsonNode scale : results.path("scales")) {
            assertThat(scale.path("phases")).hasSize(3);
            assertThat(scale.path("registryLiveHeapBytes").asLong())
                    .isPositive()
                    .isLessThan(scale.path("registryRssBytes").asLong());
            assertThat(scale.at("/openLoopCapacity/requestsPerSecond").asDouble())
                    .isPositive()
                    .isLessThanOrEqualTo(scale.at("/phases/0/throughput").asDouble());
            for (JsonNode phase : scale.path("phases")) {
                assertThat(phase.path("errors").asLong())
                        .as(phase.path("name").asText() + ": " + phase.path("errorsByKind"))
                        .isZero();
                assertThat(phase.path("requests").asLong()).isPositive();
                assertThat(phase.at("/latency/p50").asDouble())
                        .isLessThanOrEqualTo(phase.at("/latency/p99").asDouble());
                assertThat(phase.path("registryRssBytes").asLong()).isPositive();
                for (String jvm : List.of("registryPauses", "generatorPauses")) {
                    JsonNode pauses = phase.path(jvm);
                    assertThat(pauses.path("count").isInt()).as(jvm).isTrue();
                    assertThat(pauses.path("maxMs").asDouble())
                            .as(jvm)
                            .isLessThanOrEqualTo(pauses.path("totalMs").asDouble());
                    assertThat(pauses.path("listed").isArray()).as(jvm).isTrue();
                }
                assertThat(phase.path("perSecondMaxMs")).hasSize(2);
                assertThat(phase.path("registryCacheMisses").isNumber()).isTrue();
                assertThat(phase.path("registryCacheEvictions").isNumber()).isTrue();
                assertThat(phase.path("serverActivity").isArray()).isTrue();
                for (JsonNode stall : phase.path("stalls")) {
                    assertThat(stall.path("maxMs").asDouble()).isGreaterThan(Stalls.STALL_MS);
                    assertThat(stall.path("attributed").asBoolean())
                            .isEqualTo(!stall.path("causes").isEmpty());
                }
            }
        }
        Path html = Path.of(json.toString().replace(".json", ".html"));
        assertThat(Files.readString(html))
                .contains("<svg")
                .contains("Throughput over time")
                .contains("registry stops")
                .contains("Slowest answer of each second")
                .contains("open-loop capacity")
                .contains("1000 artifacts");
    }
}
