package io.stele.app.apicurio.v1;

import static io.restassured.RestAssured.given;
import static org.assertj.core.api.Assertions.assertThat;

import io.quarkus.test.junit.QuarkusTest;
import io.stele.app.testing.Metrics;
import org.junit.jupiter.api.Test;

/**
 * Answers served from the read cache are counted, not timed one by one; everything else is timed
 * under its path template, never under an artifact id.
 */
@QuarkusTest
class CachedAnswerMetricsTest {

    static final String LATEST_TIMED = "http_server_requests_seconds_count{method=\"GET\",outcome=\"SUCCESS\","
            + "status=\"200\",uri=\"/api/artifacts/{artifactId}\"}";
    static final String LATEST_COUNTED =
            "stele_http_cached_answers_total{status=\"200\",uri=\"/api/artifacts/{artifactId}\"}";
    static final String BY_ID_304_COUNTED =
            "stele_http_cached_answers_total{status=\"304\",uri=\"/api/ids/{globalId}\"}";
    static final String MISSING_TIMED = "http_server_requests_seconds_count{method=\"GET\",outcome=\"CLIENT_ERROR\","
            + "status=\"404\",uri=\"/api/artifacts/{artifactId}\"}";

    /** The value of one series in /q/metrics, 0 while it is not there. */
    static double metric(String series) {
        String metrics =
                given().get("/q/metrics").then().statusCode(200).extract().asString();
        assertThat(metrics).doesNotContain("uri=\"/api/artifacts/counted-");
        return Metrics.value(series);
    }

    /** Creates an artifact, reads it once so that it is cached, and gives its globalId. */
    static long cachedArtifact(String id) {
        String schema = "{\"type\":\"record\",\"name\":\"Counted\",\"fields\":[{\"name\":\"id\",\"type\":\"long\"}]}";
        long globalId =
                ArtifactsApiTest.globalId(ArtifactsApiTest.create(id, schema).statusCode(200));
        given().get("/api/artifacts/{id}", id).then().statusCode(200);
        given().get("/api/ids/{g}", globalId).then().statusCode(200);
        return globalId;
    }

    @Test
    void cachedAnswers_areCountedByEndpointAndStatus_notTimed() {
        String id = "counted-" + ArtifactsApiTest.newId();
        long globalId = cachedArtifact(id);
        double timed = metric(LATEST_TIMED);
        double counted = metric(LATEST_COUNTED);
        double notModified = metric(BY_ID_304_COUNTED);
        String etag = given().get("/api/ids/{g}", globalId)
                .then()
                .statusCode(200)
                .extract()
                .header("ETag");
        for (int i = 0; i < 3; i++) {
            given().get("/api/artifacts/{id}", id).then().statusCode(200);
        }
        given().header("If-None-Match", etag)
                .get("/api/ids/{g}", globalId)
                .then()
                .statusCode(304);

        assertThat(metric(LATEST_COUNTED) - counted).isEqualTo(3.0);
        assertThat(metric(BY_ID_304_COUNTED) - notModified).isEqualTo(1.0);
        assertThat(metric(LATEST_TIMED) - timed).isZero();
    }

    @Test
    void answersNotFromTheCache_areTimedUnderTheirTemplate() {
        double missing = metric(MISSING_TIMED);
        given().get("/api/artifacts/{id}", "counted-" + ArtifactsApiTest.newId())
                .then()
                .statusCode(404);
        assertThat(metric(MISSING_TIMED) - missing).isEqualTo(1.0);
    }
}
