package io.stele.app.cache;

import io.micrometer.core.instrument.MeterRegistry;
import io.micrometer.core.instrument.Tags;
import io.micrometer.core.instrument.binder.cache.CacheMeterBinder;
import io.stele.storage.StoredVersion;
import java.time.Duration;
import java.util.Iterator;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.atomic.AtomicLong;
import java.util.concurrent.atomic.LongAdder;
import java.util.function.UnaryOperator;

/**
 * The latest version of each artifact, and once known the answer to {@code GET latest}, bounded by
 * weight. This is the registry's hottest structure, so a read is one hash-map look-up that writes
 * nothing shared: no access queue, no frequency sketch, no reordering of entries. At a million
 * artifacts such bookkeeping touched several cache lines scattered over the heap per read, which
 * cost more than the look-up itself (ADR 0010).
 *
 * <p>Eviction is CLOCK (second chance): a read marks its entry used, unless it already is; when
 * the entries outweigh the bound, a sweep over the map evicts the first entries not used since its
 * last pass and clears the mark of the others. Entries also expire a fixed time after they were
 * loaded. Thread-safe; look-ups never block.
 */
final class LatestCache {

    /** One artifact's latest version, as loaded; immutable but for the mark its reads set. */
    static final class Entry {

        final StoredVersion version;
        /** What GET latest answers, or null until the content is known or while the version is DISABLED. */
        final LatestAnswer answer;
        /** The cache-wide reset count when the version was read: a later reset makes the entry stale. */
        final long resets;
        final long loadedAt;
        final int weight;
        /** Set by reads, cleared by the sweep; races only make the sweep a little less exact. */
        boolean used;

        Entry(StoredVersion version, LatestAnswer answer, long resets, long loadedAt) {
            this.version = version;
            this.answer = answer;
            this.resets = resets;
            this.loadedAt = loadedAt;
            this.weight = CachingStorage.ENTRY_OVERHEAD + 2 * version.artifactId().length()
                    + (answer == null ? 0 : answer.weight());
        }

        Entry(StoredVersion version, long resets) {
            this(version, null, resets, System.nanoTime());
        }

        /** The same version with its answer, keeping the time it was loaded. */
        Entry withAnswer(LatestAnswer answer) {
            return new Entry(version, answer, resets, loadedAt);
        }
    }

    private final ConcurrentHashMap<String, Entry> entries = new ConcurrentHashMap<>(1024);
    private final long maxWeight;
    private final long ttlNanos;
    private final AtomicLong weight = new AtomicLong();
    private final LongAdder hits = new LongAdder();
    private final LongAdder misses = new LongAdder();
    private final LongAdder puts = new LongAdder();
    private final LongAdder evictions = new LongAdder();
    /** Where the sweep goes on from; guarded by {@code this}. */
    private Iterator<Entry> hand;

    LatestCache(long maxWeight, Duration ttl) {
        this.maxWeight = maxWeight;
        this.ttlNanos = ttl.toNanos();
    }

    /** The live entry of an artifact, or null; counted as a hit or a miss in the metrics. */
    Entry lookup(String artifactId) {
        Entry entry = get(artifactId);
        (entry == null ? misses : hits).increment();
        return entry;
    }

    /** The live entry of an artifact, or null; not counted. */
    Entry get(String artifactId) {
        Entry entry = entries.get(artifactId);
        if (entry == null) {
            return null;
        }
        if (System.nanoTime() - entry.loadedAt > ttlNanos) {
            remove(entry);
            return null;
        }
        if (!entry.used) {
            entry.used = true;
        }
        return entry;
    }

    /**
     * Computes an artifact's entry atomically, as {@link ConcurrentHashMap#compute} does: other
     * computations of the same artifact wait, look-ups do not.
     *
     * @param remap from the current entry (null if none) to the new one (null to remove it)
     */
    Entry compute(String artifactId, UnaryOperator<Entry> remap) {
        long[] delta = {0};
        Entry result = entries.compute(artifactId, (id, old) -> {
            Entry fresh = remap.apply(old);
            if (fresh != old) {
                delta[0] = (fresh == null ? 0 : fresh.weight) - (old == null ? 0 : old.weight);
                if (fresh != null) {
                    puts.increment();
                }
            }
            return fresh;
        });
        added(delta[0]);
        return result;
    }

    /** Keeps an entry unless the artifact has one. */
    void putIfAbsent(Entry entry) {
        if (entries.putIfAbsent(entry.version.artifactId(), entry) == null) {
            puts.increment();
            added(entry.weight);
        }
    }

    /** Replaces an entry with another of the same artifact, only if it is still there. */
    void replace(Entry old, Entry fresh) {
        if (entries.replace(old.version.artifactId(), old, fresh)) {
            puts.increment();
            added(fresh.weight - old.weight);
        }
    }

    void invalidate(String artifactId) {
        Entry old = entries.remove(artifactId);
        if (old != null) {
            weight.addAndGet(-old.weight);
        }
    }

    void invalidateAll() {
        for (String artifactId : entries.keySet()) {
            invalidate(artifactId);
        }
    }

    private boolean remove(Entry entry) {
        if (entries.remove(entry.version.artifactId(), entry)) {
            weight.addAndGet(-entry.weight);
            return true;
        }
        return false;
    }

    private void added(long delta) {
        if (weight.addAndGet(delta) > maxWeight) {
            evict();
        }
    }

    private synchronized void evict() {
        // Reads may mark entries again as fast as the sweep clears them: past two passes' worth
        // of entries looked at, the sweep evicts whatever it meets.
        long secondChances = 2L * entries.size();
        while (weight.get() > maxWeight) {
            if (hand == null || !hand.hasNext()) {
                hand = entries.values().iterator();
                if (!hand.hasNext()) {
                    return;
                }
            }
            Entry entry = hand.next();
            if (entry.used && secondChances-- > 0) {
                entry.used = false;
            } else if (remove(entry)) {
                evictions.increment();
            }
        }
    }

    /** Registers the cache's size, gets, puts and evictions, named as Micrometer names Caffeine's. */
    void bindMetrics(MeterRegistry meters, String name) {
        new CacheMeterBinder<>(this, name, Tags.empty()) {
            @Override
            protected Long size() {
                return (long) entries.size();
            }

            @Override
            protected long hitCount() {
                return hits.sum();
            }

            @Override
            protected Long missCount() {
                return misses.sum();
            }

            @Override
            protected Long evictionCount() {
                return evictions.sum();
            }

            @Override
            protected long putCount() {
                return puts.sum();
            }

            @Override
            protected void bindImplementationSpecificMetrics(MeterRegistry registry) {
                // size, gets, puts and evictions say what an operator needs
            }
        }.bindTo(meters);
    }
}
