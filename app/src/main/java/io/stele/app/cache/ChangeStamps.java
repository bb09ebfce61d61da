package io.stele.app.cache;

import java.util.concurrent.atomic.AtomicLong;
import java.util.concurrent.atomic.AtomicLongArray;

/**
 * Counts the backend's change reports, so that a value loaded across a change is not kept: a
 * loader takes a {@link Stamp} before it reads the backend and keeps what it read only while the
 * stamp still stands. Artifacts are counted in stripes (a change to one artifact makes the others
 * of its stripe look changed too, which costs a reload, never a stale read). A reset (a report that
 * changes may have been lost) makes every stamp taken before it stale. Thread-safe, lock-free.
 */
final class ChangeStamps {

    private static final int STRIPES = 4096;

    /** The counts an artifact's value was read under. */
    record Stamp(long stripe, long resets) {

        /** The stamp that stands once the caller's own write has reported its one change. */
        Stamp afterOwnChange() {
            return new Stamp(stripe + 1, resets);
        }
    }

    /** Every change report: a value whose artifact is not known before it is read is stamped with it. */
    private final AtomicLong changes = new AtomicLong();

    private final AtomicLongArray stripes = new AtomicLongArray(STRIPES);
    private final AtomicLong resets = new AtomicLong();

    void artifactChanged(String artifactId) {
        stripes.incrementAndGet(stripe(artifactId));
        changes.incrementAndGet();
    }

    void reset() {
        changes.incrementAndGet();
        resets.incrementAndGet();
    }

    Stamp of(String artifactId) {
        long r = resets.get();
        return new Stamp(stripes.get(stripe(artifactId)), r);
    }

    /** Every stripe's count now, to stamp values whose artifacts are known only once read ({@link #of(long[], long, String)}). */
    long[] stripes() {
        long[] counts = new long[STRIPES];
        for (int i = 0; i < STRIPES; i++) {
            counts[i] = stripes.get(i);
        }
        return counts;
    }

    /** The stamp an artifact had when {@code counts} and {@code resets} were taken. */
    Stamp of(long[] counts, long resets, String artifactId) {
        return new Stamp(counts[stripe(artifactId)], resets);
    }

    boolean stands(String artifactId, Stamp stamp) {
        return stripes.get(stripe(artifactId)) == stamp.stripe() && resets.get() == stamp.resets();
    }

    long changes() {
        return changes.get();
    }

    long resets() {
        return resets.get();
    }

    private static int stripe(String artifactId) {
        return Math.floorMod(artifactId.hashCode(), STRIPES);
    }
}
