package io.stele.storage.infinispan;

import java.time.Duration;
import java.util.concurrent.ConcurrentHashMap;
import java.util.function.LongSupplier;

/**
 * The events the servers will send back for this registry's own appends, so that the change feed
 * does not report those appends a second time.
 *
 * <p>An append reports its change itself before it returns: this registry's read cache drops what
 * went stale and then keeps the version the append wrote as the artifact's latest. The servers'
 * event for the same write arrives milliseconds later; reported, it would drop that version again,
 * with the artifact's rules, and the next append to the artifact would read both back.
 *
 * <p>An append expects its echo before it sends its compare-and-set, since the event may arrive
 * before the answer, and withdraws it when the compare-and-set fails or its outcome is unknown. The
 * feed takes each event of an artifact's entry for an expected echo while one is expected. Taking
 * another event for the echo hides nothing: the servers send one key's events in the order they
 * applied the writes, so an event that comes while an echo is expected is of a write older than the
 * append, which the append read before it wrote, or of the write that made the append's
 * compare-and-set fail, and an append that fails reports a change itself. An expectation lapses
 * after {@code lapse}, in case an event never comes. Thread-safe; never waits.
 */
final class OwnEchoes {

    private record Expected(int count, long untilNanos) {

        boolean lapsed(long now) {
            return now - untilNanos > 0;
        }
    }

    private final ConcurrentHashMap<String, Expected> expected = new ConcurrentHashMap<>();
    private final long lapseNanos;
    private final LongSupplier clock;

    OwnEchoes(Duration lapse) {
        this(lapse, System::nanoTime);
    }

    /** @param clock nanoseconds, as {@link System#nanoTime} */
    OwnEchoes(Duration lapse, LongSupplier clock) {
        this.lapseNanos = lapse.toNanos();
        this.clock = clock;
    }

    /** One more event of this artifact's entry is the echo of a write of this registry's. */
    void expect(String artifactId) {
        long now = clock.getAsLong();
        Expected fresh = new Expected(1, now + lapseNanos);
        expected.merge(
                artifactId,
                fresh,
                (had, one) -> had.lapsed(now) ? one : new Expected(had.count() + 1, one.untilNanos()));
    }

    /** Withdraws one expected echo: its write failed, or may not have been applied. */
    void withdraw(String artifactId) {
        expected.computeIfPresent(artifactId, (id, had) -> less(had));
    }

    /**
     * Whether an event of this artifact's entry is an expected echo; if it is, it is no longer
     * expected.
     */
    boolean absorb(String artifactId) {
        long now = clock.getAsLong();
        boolean[] absorbed = {false};
        expected.computeIfPresent(artifactId, (id, had) -> {
            if (had.lapsed(now)) {
                return null;
            }
            absorbed[0] = true;
            return less(had);
        });
        return absorbed[0];
    }

    /** Expects nothing more: after a failover, events may have been lost. */
    void clear() {
        expected.clear();
    }

    private static Expected less(Expected had) {
        return had.count() <= 1 ? null : new Expected(had.count() - 1, had.untilNanos());
    }
}
