package io.stele.perf;

import static org.assertj.core.api.Assertions.assertThat;

import io.stele.perf.load.Flood;
import io.stele.perf.load.Keys;
import io.stele.perf.load.Load;
import io.stele.perf.load.Plan;
import io.stele.perf.load.Result;
import io.stele.testservers.RegistryProcess;
import java.net.http.HttpResponse;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.Map;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestInstance;

/**
 * A short flood of each kind against the packaged registry on its embedded storage: proves the
 * load path works from the build, not how fast the registry is. A registry that cannot start fails
 * every test; none is skipped.
 */
@TestInstance(TestInstance.Lifecycle.PER_CLASS)
class FloodIT {

    private static final int ARTIFACTS = 50;
    private static final Keys KEYS = Keys.numbered("perf-%d", ARTIFACTS, Keys.Distribution.uniform());

    private RegistryProcess registry;

    @BeforeAll
    void startRegistryAndSeed() throws Exception {
        Files.createDirectories(Path.of("target"));
        Path workDir = Files.createTempDirectory(Path.of("target").toAbsolutePath(), "FloodIT-");
        registry = new RegistryProcess(
                Map.of(
                        "stele.storage.kind",
                        "embedded",
                        "stele.storage.embedded.dir",
                        workDir.resolve("data").toString()),
                workDir.resolve("registry.log"));
        registry.start();
        for (String id : KEYS.ids()) {
            HttpResponse<String> created = registry.send(
                    "POST",
                    "/api/artifacts",
                    avroRecord(id),
                    "X-Registry-ArtifactId",
                    id,
                    "Content-Type",
                    "application/json");
            assertThat(created.statusCode())
                    .as("creating %s: %s", id, created.body())
                    .isEqualTo(200);
        }
    }

    @AfterAll
    void stopRegistry() {
        if (registry != null) {
            registry.close();
        }
    }

    @Test
    void closedLoop_answersEveryRequest() {
        Result result = Flood.run(new Plan(
                registry.baseUri(), KEYS, new Load.ClosedLoop(8), Duration.ofSeconds(1), Duration.ofSeconds(3)));

        assertPlausible(result);
        assertThat(result.throughput()).isGreaterThan(100);
    }

    @Test
    void openLoop_sendsAtTheRateAndAnswersEveryRequest() {
        Result result = Flood.run(new Plan(
                registry.baseUri(),
                hotKeys(),
                new Load.OpenLoop(200, 16),
                Duration.ofSeconds(1),
                Duration.ofSeconds(3)));

        assertPlausible(result);
        assertThat(result.requests())
                .as("the requests due in 3 s at 200 a second")
                .isEqualTo(600L);
        assertThat(result.perSecond()).allSatisfy(answers -> assertThat(answers).isBetween(150L, 250L));
    }

    private static Keys hotKeys() {
        return new Keys(KEYS.ids(), Keys.Distribution.hotKeys(0.1, 0.8));
    }

    private static void assertPlausible(Result result) {
        System.out.println(result);
        assertThat(result.errors()).as("errors in %s", result).isZero();
        assertThat(result.requests()).as("requests in %s", result).isPositive();
        assertThat(result.perSecond()).hasSize(3);
        assertThat(result.perSecond().stream().mapToLong(Long::longValue).sum())
                .isPositive()
                .isLessThanOrEqualTo(result.requests());
        Result.Latency latency = result.latency();
        assertThat(latency.p50())
                .as("latency %s", latency)
                .isPositive()
                .isLessThanOrEqualTo(latency.p90())
                .isLessThanOrEqualTo(latency.p99());
        assertThat(latency.p99()).isLessThanOrEqualTo(latency.p999()).isLessThanOrEqualTo(latency.max());
        assertThat(latency.max()).isLessThan(Flood.TIMEOUT_SECONDS * 1000.0);
    }

    private static String avroRecord(String id) {
        return "{\"type\":\"record\",\"name\":\"" + id.replace('-', '_') + "\",\"namespace\":\"io.stele.perf\","
                + "\"fields\":[{\"name\":\"id\",\"type\":\"long\"}]}";
    }
}
