package io.stele.app.apicurio.v1;

import static io.restassured.RestAssured.given;
import static io.stele.app.apicurio.v1.CachedAnswerMetricsTest.LATEST_COUNTED;
import static io.stele.app.apicurio.v1.CachedAnswerMetricsTest.LATEST_TIMED;
import static io.stele.app.apicurio.v1.CachedAnswerMetricsTest.cachedArtifact;
import static io.stele.app.apicurio.v1.CachedAnswerMetricsTest.metric;
import static org.assertj.core.api.Assertions.assertThat;

import io.quarkus.test.junit.QuarkusTest;
import io.quarkus.test.junit.QuarkusTestProfile;
import io.quarkus.test.junit.TestProfile;
import java.util.Map;
import org.junit.jupiter.api.Test;

/** With {@code stele.metrics.time-cached-answers=true}, answers from the cache are timed too. */
@QuarkusTest
@TestProfile(TimedCachedAnswersTest.Timed.class)
class TimedCachedAnswersTest {

    /** Asks for every answer from the cache to be timed. */
    public static class Timed implements QuarkusTestProfile {
        @Override
        public Map<String, String> getConfigOverrides() {
            return Map.of("stele.metrics.time-cached-answers", "true");
        }
    }

    @Test
    void cachedAnswers_areTimedAndCounted() {
        String id = "counted-" + ArtifactsApiTest.newId();
        cachedArtifact(id);
        double timed = metric(LATEST_TIMED);
        double counted = metric(LATEST_COUNTED);
        for (int i = 0; i < 3; i++) {
            given().get("/api/artifacts/{id}", id).then().statusCode(200);
        }
        assertThat(metric(LATEST_COUNTED) - counted).isEqualTo(3.0);
        assertThat(metric(LATEST_TIMED) - timed).isEqualTo(3.0);
    }
}
