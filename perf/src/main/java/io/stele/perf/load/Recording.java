package io.stele.perf.load;

import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicLong;
import java.util.concurrent.atomic.AtomicLongArray;
import java.util.concurrent.atomic.LongAdder;
import org.HdrHistogram.AbstractHistogram;
import org.HdrHistogram.ConcurrentHistogram;
import org.HdrHistogram.Histogram;
import org.HdrHistogram.Recorder;

/**
 * What one phase of a flood measures, written by Hyperfoil's event-loop threads at once: the
 * moment each request counts from, the latency and status of each answer, answers per second.
 *
 * <p>For an open loop, the n-th request of the phase counts from the moment it was due, as wrk2
 * does, not from when it was sent, so that a request held back by a stalled registry, a busy
 * connection or a late generator counts its wait (no coordinated omission). Hyperfoil's metronome
 * (0.25) starts the n-th session at the first whole millisecond of its clock at or after
 * {@code n / rate} seconds from the phase's start, never before. So the n-th request is due at
 * {@code origin + due(n)}, where {@code origin} is the phase's start on {@link System#nanoTime()}:
 * the earliest {@code start - due(n)} over the requests started so far, which the first request
 * pins. Since the metronome ticks in milliseconds, a request sent less than {@link #TICK} after it
 * was due counts from when it was sent; one sent later counts from when it was due.
 *
 * <p>An open loop measures the {@code requestsPerSecond * seconds} requests due within the phase;
 * any started after those (while the phase runs on for {@link Flood}'s grace, so that requests due
 * at its very end are sent even if the generator's timer is late) are neither timed nor counted.
 */
final class Recording {

    private static final long UNSET = Long.MIN_VALUE;
    /** What {@link #start()} returns for a request beyond the measured ones. */
    private static final long UNMEASURED = Long.MIN_VALUE;
    /** One tick of Hyperfoil's metronome: lateness below it is the metronome's, not the registry's. */
    static final long TICK = TimeUnit.MILLISECONDS.toNanos(1);

    private final int rate;
    /** How many requests an open loop measures; unbounded for a closed loop. */
    private final long measurable;

    private final AtomicLong first = new AtomicLong(UNSET);
    private final AtomicLong origin = new AtomicLong(Long.MAX_VALUE);
    private final AtomicLong started = new AtomicLong();
    private final Recorder latency = new Recorder(3);
    private final LongAdder answers = new LongAdder();
    private final LongAdder statusErrors = new LongAdder();
    private final ConcurrentHashMap<Integer, LongAdder> byStatus = new ConcurrentHashMap<>();
    private final AtomicLongArray perSecond;
    /** The longest latency of the answers in each second, in nanoseconds. */
    private final AtomicLongArray perSecondMax;
    /** The latencies of the answers in each second, for each second's percentiles. */
    private final ConcurrentHistogram[] perSecondLatency;

    /**
     * @param seconds how long the phase lasts, for the per-second series
     * @param requestsPerSecond the open loop's rate, or 0 for a closed loop
     */
    Recording(int seconds, int requestsPerSecond) {
        this.rate = requestsPerSecond;
        this.measurable = requestsPerSecond == 0 ? Long.MAX_VALUE : (long) requestsPerSecond * seconds;
        this.perSecond = new AtomicLongArray(seconds);
        this.perSecondMax = new AtomicLongArray(seconds);
        this.perSecondLatency = new ConcurrentHistogram[seconds];
        for (int i = 0; i < seconds; i++) {
            perSecondLatency[i] = new ConcurrentHistogram(3);
        }
    }

    /**
     * Called as a request is about to be sent; returns the moment its latency counts from, or a
     * value that {@link #answered} ignores for a request beyond the measured ones.
     */
    long start() {
        long now = System.nanoTime();
        long n = started.getAndIncrement();
        if (n >= measurable) {
            return UNMEASURED;
        }
        first.compareAndSet(UNSET, now);
        if (rate == 0) {
            return now;
        }
        long due = origin.accumulateAndGet(now - due(n), Math::min) + due(n);
        return now - due < TICK ? now : due;
    }

    /** Called when an answer has arrived, with the moment {@link #start()} returned for it. */
    void answered(long from, int status) {
        if (from == UNMEASURED) {
            return;
        }
        long now = System.nanoTime();
        long took = Math.max(0, now - from);
        latency.recordValue(took);
        answers.increment();
        if (status != 200) {
            statusErrors.increment();
            byStatus.computeIfAbsent(status, s -> new LongAdder()).increment();
        }
        long second = (now - first.get()) / TimeUnit.SECONDS.toNanos(1);
        if (second >= 0 && second < perSecond.length()) {
            perSecond.incrementAndGet((int) second);
            perSecondLatency[(int) second].recordValue(took);
            if (took > perSecondMax.get((int) second)) {
                perSecondMax.accumulateAndGet((int) second, took, Math::max);
            }
        }
    }

    /** How long after the phase's start Hyperfoil starts its n-th request, in nanoseconds. */
    private long due(long n) {
        return (n * 1000 + rate - 1) / rate * 1_000_000;
    }

    /** Measured requests started so far. */
    long started() {
        return Math.min(started.get(), measurable);
    }

    /**
     * The result, once the phase is over.
     *
     * @param failed requests that got no answer (connection failures, timeouts)
     * @param unsent requests due but never sent
     */
    Result result(long failed, long unsent) {
        Histogram h = latency.getIntervalHistogram();
        List<Long> series = new ArrayList<>(perSecond.length());
        List<Double> maxSeries = new ArrayList<>(perSecond.length());
        List<Double> p99Series = new ArrayList<>(perSecond.length());
        for (int i = 0; i < perSecond.length(); i++) {
            series.add(perSecond.get(i));
            maxSeries.add(ms(perSecondMax.get(i)));
            p99Series.add(ms(perSecondLatency[i].getValueAtPercentile(99)));
        }
        long answered = answers.sum();
        Result.Latency l = new Result.Latency(
                ms(h.getValueAtPercentile(50)),
                ms(h.getValueAtPercentile(90)),
                ms(h.getValueAtPercentile(99)),
                ms(h.getValueAtPercentile(99.9)),
                ms(h.getMaxValue()));
        Map<String, Long> kinds = new TreeMap<>();
        byStatus.forEach((status, count) -> kinds.put(status == 0 ? "no status" : "status " + status, count.sum()));
        if (failed > 0) {
            kinds.put("no answer", failed);
        }
        if (unsent > 0) {
            kinds.put("unsent", unsent);
        }
        return new Result(
                answered + failed,
                statusErrors.sum() + failed + unsent,
                kinds,
                answered / (double) perSecond.length(),
                series,
                maxSeries,
                p99Series,
                p99FromEach(perSecondLatency),
                l,
                measuredFrom());
    }

    /**
     * For each second, the 99th percentile in milliseconds of every latency recorded from that
     * second to the last, from each second's histogram of nanoseconds.
     */
    static List<Double> p99FromEach(AbstractHistogram[] perSecondNanos) {
        Double[] p99 = new Double[perSecondNanos.length];
        Histogram rest = new Histogram(3);
        for (int i = perSecondNanos.length - 1; i >= 0; i--) {
            rest.add(perSecondNanos[i]);
            p99[i] = ms(rest.getValueAtPercentile(99));
        }
        return List.of(p99);
    }

    /** When the first request was sent, by the wall clock; now if none was. */
    private Instant measuredFrom() {
        long sent = first.get();
        return sent == UNSET ? Instant.now() : Instant.now().minusNanos(System.nanoTime() - sent);
    }

    private static double ms(long nanos) {
        return nanos / 1_000_000.0;
    }
}
