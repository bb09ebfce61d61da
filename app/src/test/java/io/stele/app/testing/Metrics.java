package io.stele.app.testing;

import static io.restassured.RestAssured.given;

import java.util.stream.Stream;

/** The registry's own metrics, as {@code /q/metrics} shows them to a scraper. */
public final class Metrics {

    private Metrics() {}

    private static Stream<String> lines() {
        return given().get("/q/metrics")
                .then()
                .statusCode(200)
                .extract()
                .asString()
                .lines();
    }

    /**
     * The sum of the series of one metric (its name, before its tags) whose tags do not contain
     * {@code except}, 0 while there is none.
     */
    public static double sum(String metric, String except) {
        return lines().filter(l -> l.startsWith(metric + "{") || l.startsWith(metric + " "))
                .filter(l -> !l.substring(0, l.lastIndexOf(' ')).contains(except))
                .mapToDouble(l -> Double.parseDouble(l.substring(l.lastIndexOf(' ') + 1)))
                .sum();
    }

    /** The value of one series (its name with its tags, as written in /q/metrics), 0 while it is not there. */
    public static double value(String series) {
        return lines().filter(l -> l.startsWith(series + " "))
                .mapToDouble(l -> Double.parseDouble(l.substring(series.length() + 1)))
                .findFirst()
                .orElse(0);
    }
}
