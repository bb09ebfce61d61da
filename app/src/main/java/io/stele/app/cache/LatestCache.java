package io.stele.app.cache;

import io.micrometer.core.instrument.MeterRegistry;
import io.micrometer.core.instrument.Tags;
import io.micrometer.core.instrument.binder.cache.CacheMeterBinder;
import io.stele.storage.StoredVersion;
import java.time.Duration;
import java.util.Iterator;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.Executor;
import java.util.concurrent.ForkJoinPool;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.concurrent.atomic.AtomicLong;
import java.util.concurrent.atomic.LongAdder;

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
 * loaded; an expired entry is a miss, and stays until a load replaces it or a sweep evicts it. The
 * sweep runs on an executor of its own, never in the thread whose put went over the bound, and one
 * at a time: a put only starts it. Thread-safe; look-ups and puts never block, and nothing here
 * calls a backend.
 */
final class LatestCache {

    /** One artifact's latest version, as loaded; immutable but for the mark its reads set. */
    static final class Entry {

        final StoredVersion version;
        /** What GET latest answers, or null until the content is known or while the version is DISABLED. */
        final CachedAnswer answer;
        /** The cache-wide reset count when the version was read: a later reset makes the entry stale. */
        final long resets;

        final long loadedAt;
        final int weight;
        /** Set by reads, cleared by the sweep; races only make the sweep a little less exact. */
        boolean used;

        Entry(StoredVersion version, CachedAnswer answer, long resets, long loadedAt) {
            this.version = version;
            this.answer = answer;
            this.resets = resets;
            this.loadedAt = loadedAt;
            this.weight = CachingStorage.ENTRY_OVERHEAD
                    + 2 * version.artifactId().length()
                    + (answer == null ? 0 : answer.weight());
        }

        Entry(StoredVersion version, long resets) {
            this(SharedParts.of(version), null, resets, System.nanoTime());
        }

        /** The same version with its answer, keeping the time it was loaded. */
        Entry withAnswer(CachedAnswer answer) {
            return new Entry(version, answer, resets, loadedAt);
        }

        boolean expired(long now, long ttlNanos) {
            return now - loadedAt > ttlNanos;
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
    private final Executor sweeper;
    /** Set while a sweep is scheduled or running: at most one at a time. */
    private final AtomicBoolean sweeping = new AtomicBoolean();
    /** Where the sweep goes on from; used only by the one sweep that runs. */
    private Iterator<Entry> hand;

    LatestCache(long maxWeight, Duration ttl) {
        this(maxWeight, ttl, ForkJoinPool.commonPool());
    }

    /** @param sweeper runs the sweeps that evict entries past the bound */
    LatestCache(long maxWeight, Duration ttl, Executor sweeper) {
        this.maxWeight = maxWeight;
        this.ttlNanos = ttl.toNanos();
        this.sweeper = sweeper;
    }

    /** The live entry of an artifact, or null; counted as a hit or a miss in the metrics. */
    Entry lookup(String artifactId) {
        Entry entry = get(artifactId);
        (entry == null ? misses : hits).increment();
        return entry;
    }

    /** The live entry of an artifact, or null if it has none or it expired; not counted. */
    Entry get(String artifactId) {
        Entry entry = entries.get(artifactId);
        if (entry == null || entry.expired(System.nanoTime(), ttlNanos)) {
            return null;
        }
        if (!entry.used) {
            entry.used = true;
        }
        return entry;
    }

    /** Keeps an entry unless the artifact has one. */
    void putIfAbsent(Entry entry) {
        if (entries.putIfAbsent(entry.version.artifactId(), entry) == null) {
            puts.increment();
            added(entry.weight);
        }
    }

    /**
     * Keeps an entry in place of none, of an expired one, or of one from before the given reset
     * count; a live entry stays.
     *
     * @return whether the entry was kept
     */
    boolean publish(Entry entry, long resets) {
        String artifactId = entry.version.artifactId();
        while (true) {
            Entry old = entries.putIfAbsent(artifactId, entry);
            if (old == null) {
                puts.increment();
                added(entry.weight);
                return true;
            }
            if (old.resets == resets && !old.expired(System.nanoTime(), ttlNanos)) {
                return false;
            }
            if (entries.replace(artifactId, old, entry)) {
                puts.increment();
                added(entry.weight - old.weight);
                return true;
            }
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

    /** Drops this very entry, not one that replaced it. */
    boolean remove(Entry entry) {
        if (entries.remove(entry.version.artifactId(), entry)) {
            weight.addAndGet(-entry.weight);
            return true;
        }
        return false;
    }

    private void added(long delta) {
        if (weight.addAndGet(delta) > maxWeight) {
            startSweep();
        }
    }

    private void startSweep() {
        if (sweeping.compareAndSet(false, true)) {
            sweeper.execute(this::sweep);
        }
    }

    private void sweep() {
        try {
            evict();
        } finally {
            sweeping.set(false);
        }
        if (weight.get() > maxWeight) {
            startSweep(); // a put went over the bound while this sweep was ending
        }
    }

    private void evict() {
        // Reads may mark entries again as fast as the sweep clears them: past two passes' worth
        // of entries looked at, the sweep evicts whatever it meets. Expired entries go first.
        long secondChances = 2L * entries.size();
        long now = System.nanoTime();
        while (weight.get() > maxWeight) {
            if (hand == null || !hand.hasNext()) {
                hand = entries.values().iterator();
                if (!hand.hasNext()) {
                    return;
                }
            }
            Entry entry = hand.next();
            if (entry.used && !entry.expired(now, ttlNanos) && secondChances-- > 0) {
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
