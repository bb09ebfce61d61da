package io.stele.perf.load;

import java.time.Instant;
import java.util.List;
import java.util.Map;

/**
 * What the measured part of a {@link Plan} saw; the warm-up is left out.
 *
 * @param requests requests that got an answer or failed, during the measured part
 * @param errors answers other than 200, failed connections and timeouts; for an
 *     {@link Load.OpenLoop}, also the requests that were due within the measured part but never
 *     sent
 * @param errorsByKind the errors by kind ({@code status 503}, {@code no answer}, {@code unsent}),
 *     each kind present with its count when there was one
 * @param throughput answers a second over the measured part (requests less failed connections and
 *     timeouts, divided by its seconds)
 * @param perSecond answers received in each second of the measured part, in order
 * @param perSecondMaxMs the longest latency of the answers received in each second, in milliseconds
 * @param perSecondP99Ms the 99th percentile of the latencies of the answers received in each
 *     second, in milliseconds (0 for a second without answers)
 * @param p99FromSecondMs for each second, the 99th percentile of the latencies of every answer
 *     received from that second to the end, in milliseconds (0 when there are none)
 * @param latency how long the answers took; see {@link Load} for the moment each is counted from
 * @param measuredFrom when the measured part's first request was sent, by the wall clock
 */
public record Result(
        long requests,
        long errors,
        Map<String, Long> errorsByKind,
        double throughput,
        List<Long> perSecond,
        List<Double> perSecondMaxMs,
        List<Double> perSecondP99Ms,
        List<Double> p99FromSecondMs,
        Latency latency,
        Instant measuredFrom) {

    /** Copies the series. */
    public Result {
        errorsByKind = Map.copyOf(errorsByKind);
        perSecond = List.copyOf(perSecond);
        perSecondMaxMs = List.copyOf(perSecondMaxMs);
        perSecondP99Ms = List.copyOf(perSecondP99Ms);
        p99FromSecondMs = List.copyOf(p99FromSecondMs);
    }

    /**
     * Latency percentiles and maximum, in milliseconds, from a histogram with three significant
     * digits; all zero when nothing was answered.
     */
    public record Latency(double p50, double p90, double p99, double p999, double max) {}
}
