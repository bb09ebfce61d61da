package io.stele.app.metrics;

import static io.restassured.RestAssured.given;
import static org.assertj.core.api.Assertions.assertThat;

import io.quarkus.test.junit.QuarkusTest;
import java.nio.charset.StandardCharsets;
import java.util.UUID;
import java.util.function.Predicate;
import org.junit.jupiter.api.Test;

/**
 * Requests not answered from the read cache are timed in {@code http_server_requests_seconds} under
 * a path template, never under their raw path; the non-application endpoints are not timed.
 */
@QuarkusTest
class RequestTimerTest {

    static final String COUNT = "http_server_requests_seconds_count{";

    static String metrics() {
        return given().get("/q/metrics").then().statusCode(200).extract().asString();
    }

    /** The sum of the request counts whose series matches, 0 while there is none. */
    static double requests(String metrics, Predicate<String> series) {
        return metrics.lines()
                .filter(l -> l.startsWith(COUNT) && series.test(l))
                .mapToDouble(l -> Double.parseDouble(l.substring(l.lastIndexOf(' ') + 1)))
                .sum();
    }

    @Test
    void aPathNoRouteMatches_isFiledUnderNotFound_notUnderItsPath() {
        String path = "/api/nothing-" + UUID.randomUUID();
        Predicate<String> notFound =
                l -> l.contains("method=\"GET\"") && l.contains("status=\"404\"") && l.contains("uri=\"NOT_FOUND\"");
        double before = requests(metrics(), notFound);

        given().get(path).then().statusCode(404);

        String after = metrics();
        assertThat(requests(after, notFound) - before).isEqualTo(1.0);
        assertThat(after).doesNotContain(path);
    }

    @Test
    void anImport_isTimedUnderItsRoute() {
        Predicate<String> imports = l -> l.contains("method=\"POST\"") && l.contains("uri=\"/api/admin/import\"");
        double before = requests(metrics(), imports);

        int status = given().contentType("application/x-ndjson")
                .body("not an export\n".getBytes(StandardCharsets.UTF_8))
                .post("/api/admin/import")
                .then()
                .extract()
                .statusCode();

        String after = metrics();
        assertThat(status).isBetween(400, 499);
        assertThat(requests(after, imports) - before).isEqualTo(1.0);
        assertThat(after).contains("status=\"" + status + "\",uri=\"/api/admin/import\"");
    }

    @Test
    void theNonApplicationEndpoints_areNotTimed() {
        // they have no template, so were they timed, they would be filed under UNKNOWN
        Predicate<String> untemplated = l -> l.contains("method=\"GET\"") && l.contains("uri=\"UNKNOWN\"");
        double before = requests(metrics(), untemplated);

        given().get("/q/health/ready").then().statusCode(200);
        given().get("/q/openapi").then().statusCode(200);

        assertThat(requests(metrics(), untemplated)).isEqualTo(before);
    }

    @Test
    void aResourceMethod_isTimedUnderItsTemplate_withItsOutcome() {
        Predicate<String> meta = l -> l.contains("method=\"GET\"")
                && l.contains("outcome=\"CLIENT_ERROR\"")
                && l.contains("status=\"404\"")
                && l.contains("uri=\"/api/artifacts/{artifactId}/meta\"");
        double before = requests(metrics(), meta);

        given().get("/api/artifacts/{id}/meta", "missing-" + UUID.randomUUID())
                .then()
                .statusCode(404);

        assertThat(requests(metrics(), meta) - before).isEqualTo(1.0);
    }
}
