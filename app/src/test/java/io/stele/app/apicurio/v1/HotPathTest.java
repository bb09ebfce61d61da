package io.stele.app.apicurio.v1;

import static io.restassured.RestAssured.given;
import static org.assertj.core.api.Assertions.assertThat;
import static org.hamcrest.Matchers.containsString;
import static org.hamcrest.Matchers.equalTo;
import static org.hamcrest.Matchers.not;

import io.quarkus.test.junit.QuarkusTest;
import io.restassured.http.ContentType;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.atomic.AtomicBoolean;
import org.junit.jupiter.api.Test;

/** GET latest and GET by id from the cache: never stale on the node that wrote, revalidated by ETag. */
@QuarkusTest
class HotPathTest {

    private static String schema(int n) {
        return "{\"type\":\"record\",\"name\":\"Hot\",\"doc\":\"v" + n
                + "\",\"fields\":[{\"name\":\"id\",\"type\":\"long\"}]}";
    }

    @Test
    void latest_afterEachWrite_isTheNewVersion_whileReadersKeepTheCacheWarm() throws Exception {
        String id = ArtifactsApiTest.newId();
        ArtifactsApiTest.create(id, schema(0)).statusCode(200);
        AtomicBoolean running = new AtomicBoolean(true);
        ExecutorService readers = Executors.newFixedThreadPool(4);
        List<Future<Integer>> reads = new ArrayList<>();
        for (int r = 0; r < 4; r++) {
            reads.add(readers.submit(() -> {
                int n = 0;
                while (running.get()) {
                    given().get("/api/artifacts/{id}", id).then().statusCode(200);
                    n++;
                }
                return n;
            }));
        }
        try {
            for (int v = 1; v <= 100; v++) {
                given().body(schema(v)).put("/api/artifacts/{id}", id).then().statusCode(200);
                given().get("/api/artifacts/{id}", id).then().statusCode(200).body(equalTo(schema(v)));
            }
        } finally {
            running.set(false);
            readers.shutdown();
        }
        int total = 0;
        for (Future<Integer> f : reads) {
            total += f.get();
        }
        assertThat(total).isPositive();
    }

    @Test
    void disablingAndDeleting_areSeenAtOnce_byLatestAndById() {
        String id = ArtifactsApiTest.newId();
        long g1 =
                ArtifactsApiTest.globalId(ArtifactsApiTest.create(id, schema(1)).statusCode(200));
        given().get("/api/ids/{g}", g1).then().statusCode(200);
        given().get("/api/artifacts/{id}", id).then().statusCode(200);
        given().delete("/api/artifacts/{id}", id).then().statusCode(204);
        given().get("/api/artifacts/{id}", id).then().statusCode(404);
        given().get("/api/ids/{g}", g1).then().statusCode(404);
        given().get("/api/ids/{g}/meta", g1).then().statusCode(404);
    }

    @Test
    void etag_letsClientsRevalidateForFree() {
        String id = ArtifactsApiTest.newId();
        long g1 =
                ArtifactsApiTest.globalId(ArtifactsApiTest.create(id, schema(1)).statusCode(200));
        String etag = given().get("/api/artifacts/{id}", id)
                .then()
                .statusCode(200)
                .extract()
                .header("ETag");
        assertThat(etag).startsWith("\"").hasSize(66);
        given().header("If-None-Match", etag)
                .get("/api/artifacts/{id}", id)
                .then()
                .statusCode(304)
                .header("ETag", etag)
                .body(equalTo(""));
        given().header("If-None-Match", etag).get("/api/ids/{g}", g1).then().statusCode(304);
        given().body(schema(2)).put("/api/artifacts/{id}", id).then().statusCode(200);
        String newer = given().header("If-None-Match", etag)
                .get("/api/artifacts/{id}", id)
                .then()
                .statusCode(200)
                .body(equalTo(schema(2)))
                .extract()
                .header("ETag");
        assertThat(newer).isNotEqualTo(etag);
    }

    @Test
    void metrics_showRequestsStorageCacheCountsAndJvm() {
        String id = ArtifactsApiTest.newId();
        ArtifactsApiTest.create(id, schema(1)).statusCode(200);
        given().get("/api/artifacts/{id}", id).then().statusCode(200);
        given().get("/api/artifacts/{id}", id).then().statusCode(200);
        given().get("/api/artifacts/{id}", ArtifactsApiTest.newId()).then().statusCode(404); // timed: not cached
        given().get("/q/metrics")
                .then()
                .statusCode(200)
                .body(containsString("http_server_requests_seconds_bucket"))
                .body(containsString("uri=\"/api/artifacts/{artifactId}\""))
                .body(not(containsString("uri=\"/api/artifacts/" + id)))
                .body(not(containsString("uri=\"/api/artifacts/:artifactId")))
                .body(containsString("stele_http_cached_answers_total"))
                .body(containsString("stele_storage_operation_seconds_bucket"))
                .body(containsString("backend=\"embedded\""))
                .body(containsString("cache_gets_total{cache=\"stele.latest\",result=\"hit\"}"))
                .body(containsString("cache_evictions_total{cache=\"stele.contents\"}"))
                .body(containsString("stele_artifacts"))
                .body(containsString("stele_versions"))
                .body(containsString("jvm_memory_used_bytes"));
    }

    @Test
    void cachedAnswers_areTheSameAsLoadedOnes() {
        String id = ArtifactsApiTest.newId();
        long g1 =
                ArtifactsApiTest.globalId(ArtifactsApiTest.create(id, schema(1)).statusCode(200));
        for (int i = 0; i < 3; i++) { // the first answer loads, the next come from the cache
            given().get("/api/artifacts/{id}", id)
                    .then()
                    .statusCode(200)
                    .contentType(ContentType.JSON)
                    .header("ETag", org.hamcrest.Matchers.startsWith("\""))
                    .body(equalTo(schema(1)));
            given().get("/api/ids/{g}", g1)
                    .then()
                    .statusCode(200)
                    .contentType(ContentType.JSON)
                    .body(equalTo(schema(1)));
        }
        given().get("/api/ids/not-a-number").then().statusCode(400).contentType(ContentType.JSON);
        given().get("/api/artifacts/{id}", ArtifactsApiTest.newId())
                .then()
                .statusCode(404)
                .contentType(ContentType.JSON);
    }

    private static double latestGets(String result) {
        String metrics =
                given().get("/q/metrics").then().statusCode(200).extract().asString();
        String prefix = "cache_gets_total{cache=\"stele.latest\",result=\"" + result + "\"} ";
        return metrics.lines()
                .filter(l -> l.startsWith(prefix))
                .mapToDouble(l -> Double.parseDouble(l.substring(prefix.length())))
                .findFirst()
                .orElseThrow();
    }

    @Test
    void cacheMetrics_countOneLookPerRequest() {
        String id = ArtifactsApiTest.newId();
        ArtifactsApiTest.create(id, schema(1)).statusCode(200);
        given().contentType(ContentType.JSON)
                .body("{\"name\":\"renamed\"}")
                .put("/api/artifacts/{id}/meta", id)
                .then()
                .statusCode(204); // drops the cached latest version
        double misses = latestGets("miss");
        double hits = latestGets("hit");
        given().get("/api/artifacts/{id}", id).then().statusCode(200);
        given().get("/api/artifacts/{id}", id).then().statusCode(200);
        assertThat(latestGets("miss") - misses).isEqualTo(1.0);
        assertThat(latestGets("hit") - hits).isEqualTo(1.0);
    }

    @Test
    void aVersionWrittenHere_isServedFromTheCache_withoutALookUp() {
        String id = ArtifactsApiTest.newId();
        ArtifactsApiTest.create(id, schema(1)).statusCode(200);
        given().contentType(ContentType.JSON)
                .body(schema(2))
                .put("/api/artifacts/{id}", id)
                .then()
                .statusCode(200);
        double misses = latestGets("miss");
        double hits = latestGets("hit");
        given().get("/api/artifacts/{id}", id).then().statusCode(200).body(org.hamcrest.Matchers.equalTo(schema(2)));
        assertThat(latestGets("miss") - misses).isZero();
        assertThat(latestGets("hit") - hits).isEqualTo(1.0);
    }

    @Test
    void idsThatNeedEncoding_areAnsweredFromTheCache_underTheDecodedId() {
        for (String suffix : List.of(" with space", "+plus", ";semi", ".dot~tilde", "[x]", "a=b&c")) {
            String id = ArtifactsApiTest.newId() + suffix;
            ArtifactsApiTest.create(id, schema(1)).statusCode(200);
            double misses = latestGets("miss");
            double hits = latestGets("hit");
            for (int i = 0; i < 2; i++) {
                given().get("/api/artifacts/{id}", id).then().statusCode(200).body(equalTo(schema(1)));
            }
            assertThat(latestGets("hit") - hits).as(id).isEqualTo(2.0);
            assertThat(latestGets("miss") - misses).as(id).isZero();
        }
    }

    @Test
    void pathsBeyondOneSegment_goToTheApi() {
        String id = ArtifactsApiTest.newId();
        ArtifactsApiTest.create(id, schema(1)).statusCode(200);
        given().get("/api/artifacts/{id}/meta", id).then().statusCode(200).body(containsString(id));
        given().get("/api/artifacts/{id}/versions", id).then().statusCode(200).body(equalTo("[1]"));
        given().get("/api/ids/").then().statusCode(404);
    }

    @Test
    void benchmarkYardstick_isNotInTheProduct() {
        given().get("/bench/constant").then().statusCode(404).contentType(ContentType.JSON);
        given().get("/q/openapi")
                .then()
                .statusCode(200)
                .body(org.hamcrest.Matchers.not(org.hamcrest.Matchers.containsString("/bench")));
    }
}
