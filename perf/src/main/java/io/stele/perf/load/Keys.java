package io.stele.perf.load;

import java.util.List;
import java.util.Objects;
import java.util.SplittableRandom;
import java.util.stream.IntStream;

/**
 * The artifact ids a flood reads, and how often each: every request reads
 * {@code GET /api/artifacts/{id}} for one id drawn from {@code ids} by {@code distribution}.
 */
public record Keys(List<String> ids, Distribution distribution) {

    /** Validates and copies the ids. */
    public Keys {
        Objects.requireNonNull(distribution, "distribution");
        ids = List.copyOf(ids);
        if (ids.isEmpty()) {
            throw new IllegalArgumentException("ids must not be empty");
        }
    }

    /**
     * {@code count} ids made from a pattern, such as {@code perf-%d} for perf-0 .. perf-(count - 1).
     */
    public static Keys numbered(String pattern, int count, Distribution distribution) {
        if (count < 1) {
            throw new IllegalArgumentException("count must be at least 1, was " + count);
        }
        return new Keys(
                IntStream.range(0, count)
                        .mapToObj(i -> String.format(pattern, i))
                        .toList(),
                distribution);
    }

    /** Which ids the requests read. */
    public sealed interface Distribution {

        /** Every id equally often. */
        record Uniform() implements Distribution {}

        /**
         * A share of the requests goes to a share of the ids, the first ones in {@link Keys#ids()};
         * the rest is spread evenly over the other ids. {@code HotKeys(0.01, 0.8)} sends 80% of the
         * requests to 1% of the ids (at least one id).
         */
        record HotKeys(double keyShare, double requestShare) implements Distribution {

            /** Validates both shares. */
            public HotKeys {
                if (!(keyShare > 0 && keyShare <= 1)) {
                    throw new IllegalArgumentException("keyShare must be in (0, 1], was " + keyShare);
                }
                if (!(requestShare >= 0 && requestShare <= 1)) {
                    throw new IllegalArgumentException("requestShare must be in [0, 1], was " + requestShare);
                }
            }
        }

        /** Every id equally often. */
        static Distribution uniform() {
            return new Uniform();
        }

        /** {@code requestShare} of the requests to the first {@code keyShare} of the ids. */
        static Distribution hotKeys(double keyShare, double requestShare) {
            return new HotKeys(keyShare, requestShare);
        }
    }

    /** Draws indexes into {@link #ids()}; thread-safe, each thread drawing from its own generator. */
    IndexPicker picker() {
        int count = ids.size();
        if (distribution instanceof Distribution.HotKeys hot) {
            int hotCount = (int) Math.max(1, Math.min(count, Math.round(count * hot.keyShare())));
            return new IndexPicker(count, hotCount, hot.requestShare());
        }
        return new IndexPicker(count, count, 1.0);
    }

    /** Picks an index: below {@code hotCount} with probability {@code hotShare}, else above it. */
    static final class IndexPicker {
        private final int count;
        private final int hotCount;
        private final double hotShare;
        private final ThreadLocal<SplittableRandom> random;

        IndexPicker(int count, int hotCount, double hotShare) {
            this.count = count;
            this.hotCount = hotCount;
            this.hotShare = hotCount == count ? 1.0 : hotShare;
            SplittableRandom seeds = new SplittableRandom();
            this.random = ThreadLocal.withInitial(() -> {
                synchronized (seeds) {
                    return seeds.split();
                }
            });
        }

        int next() {
            SplittableRandom r = random.get();
            return r.nextDouble() < hotShare ? r.nextInt(hotCount) : hotCount + r.nextInt(count - hotCount);
        }
    }
}
