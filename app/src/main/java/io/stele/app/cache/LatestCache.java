package io.stele.app.cache;

import io.micrometer.core.instrument.MeterRegistry;
import io.micrometer.core.instrument.Tags;
import io.micrometer.core.instrument.binder.cache.CacheMeterBinder;
import java.lang.invoke.MethodHandles;
import java.lang.invoke.VarHandle;
import java.time.Duration;
import java.util.concurrent.Executor;
import java.util.concurrent.ForkJoinPool;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.concurrent.atomic.LongAdder;
import java.util.function.ObjIntConsumer;

/**
 * The latest version of each artifact, and once known the answer to {@code GET latest}, bounded by
 * memory. This is the registry's hottest structure, and at a million artifacts its largest: each
 * entry is one {@link AnswerRecord} kept off the heap in {@link Pages}, found through an index of
 * plain {@code long}s, so the garbage collector traces a few hundred objects however many artifacts
 * are cached (ADR 0020). A read is a probe of the index and one copy of the record; it writes
 * nothing shared but, once, the entry's used mark.
 *
 * <p>The index is split into segments by hash. Each is an open-addressing table of slots, each
 * slot the record's location with a few bits of its hash and the used mark. Reads take no lock;
 * changes to a segment synchronize on it, and never call anything but {@link Pages}.
 *
 * <p>Eviction reclaims a page at a time, oldest first (FIFO with a second chance): an entry in the
 * page that was read since it was written there is copied to the newest page while it has room,
 * the others are dropped. Entries also expire a fixed time after they were loaded; an expired entry
 * is a miss, and stays until a load replaces it or its page is reclaimed. Reclaiming runs on an
 * executor of its own, one at a time, started when the last free page comes into use; a put never
 * waits for it, and one that finds no room is not kept.
 */
final class LatestCache {

    private static final int SEGMENT_BITS = 6;
    private static final long USED = 1L << 63;
    private static final int TAG_SHIFT = Pages.LOCATION_BITS;
    private static final long TAG_MASK = 0xFFL << TAG_SHIFT;
    private static final long LOCATION_MASK = (1L << Pages.LOCATION_BITS) - 1;
    /** A slot whose entry was dropped; no location is this small. */
    private static final long TOMBSTONE = 1;

    private static final VarHandle SLOTS = MethodHandles.arrayElementVarHandle(long[].class);

    private static final class Segment {
        volatile long[] slots = new long[16];
        /** Slots neither empty nor reusable by a probe that ends early: entries and tombstones. */
        int taken;
    }

    private final Pages pages;
    private final Segment[] segments = new Segment[1 << SEGMENT_BITS];
    private final long ttlNanos;
    private final LongAdder size = new LongAdder();
    private final LongAdder hits = new LongAdder();
    private final LongAdder misses = new LongAdder();
    private final LongAdder puts = new LongAdder();
    private final LongAdder evictions = new LongAdder();
    private final Executor sweeper;
    /** Set while a sweep is scheduled or running: at most one at a time. */
    private final AtomicBoolean sweeping = new AtomicBoolean();

    LatestCache(long maxBytes, Duration ttl) {
        this(maxBytes, Pages.pageSizeFor(maxBytes), ttl, ForkJoinPool.commonPool());
    }

    /**
     * @param pageSize the unit memory is taken and reclaimed in; no record larger is kept
     * @param sweeper runs the sweeps that reclaim pages
     */
    LatestCache(long maxBytes, int pageSize, Duration ttl, Executor sweeper) {
        this.pages = new Pages(maxBytes, pageSize);
        this.ttlNanos = ttl.toNanos();
        this.sweeper = sweeper;
        for (int i = 0; i < segments.length; i++) {
            segments[i] = new Segment();
        }
    }

    /** The memory its pages take off the heap, in bytes. */
    long heldBytes() {
        return pages.allocatedBytes();
    }

    /** The live entry of an artifact, or null; counted as a hit or a miss in the metrics. */
    LatestEntry lookup(String artifactId) {
        LatestEntry entry = get(artifactId);
        (entry == null ? misses : hits).increment();
        return entry;
    }

    /** The live entry of an artifact, or null if it has none or it expired; not counted. */
    LatestEntry get(String artifactId) {
        int hash = AnswerRecord.hash(artifactId);
        long[] slots = segment(hash).slots;
        int mask = slots.length - 1;
        for (int i = hash & mask, probes = 0; probes <= mask; i = (i + 1) & mask, probes++) {
            long slot = (long) SLOTS.getAcquire(slots, i);
            if (slot == 0) {
                return null;
            }
            if (slot == TOMBSTONE || (slot & TAG_MASK) != tag(hash)) {
                continue;
            }
            byte[] record = pages.read(slot & LOCATION_MASK);
            if (record == null || !AnswerRecord.isOf(record, artifactId)) {
                continue;
            }
            if (expired(record, System.nanoTime())) {
                return null;
            }
            if ((slot & USED) == 0) {
                SLOTS.compareAndSet(slots, i, slot, slot | USED);
            }
            return new LatestEntry(record, slot & LOCATION_MASK, this);
        }
        return null;
    }

    /**
     * Keeps an entry in place of none, of an expired one, or of one from before the given reset
     * count; a live entry stays.
     *
     * @return the entry as kept, or null when it was not
     */
    LatestEntry publish(LatestEntry entry, long resets) {
        String artifactId = entry.artifactId();
        int hash = AnswerRecord.hash(artifactId);
        Segment segment = segment(hash);
        long location;
        synchronized (segment) {
            int i = find(segment, hash, artifactId);
            if (i >= 0) {
                byte[] old = pages.read((long) SLOTS.getVolatile(segment.slots, i) & LOCATION_MASK);
                if (old != null && AnswerRecord.resets(old) == resets && !expired(old, System.nanoTime())) {
                    return null;
                }
            }
            location = pages.append(entry.record);
            if (location != 0) {
                put(segment, i, hash, location);
            }
        }
        sweepIfFull();
        return location == 0 ? null : new LatestEntry(entry.record, location, this);
    }

    /** Replaces a kept entry with another of the same artifact, only if it is still there. */
    void replace(LatestEntry old, LatestEntry fresh) {
        int hash = AnswerRecord.hash(old.record);
        atSlot(hash, old.location, (segment, i) -> {
            long location = pages.append(fresh.record);
            if (location != 0) {
                put(segment, i, hash, location);
            }
        });
        sweepIfFull();
    }

    /** Keeps an answer's form in another API with it, if it is still the entry kept. */
    void keepRendered(CachedAnswer answer, long location, byte[] rendered) {
        replace(
                new LatestEntry(answer.record(), location, this),
                new LatestEntry(answer.withRendered(rendered), 0, null));
    }

    /** Whether the cache holds all it may: one more entry would evict the oldest. */
    boolean full() {
        return pages.full();
    }

    /** Whether an entry of this many bytes could be kept at all. */
    boolean fits(LatestEntry entry) {
        return pages.fits(entry.record.length);
    }

    void invalidate(String artifactId) {
        int hash = AnswerRecord.hash(artifactId);
        Segment segment = segment(hash);
        synchronized (segment) {
            int i = find(segment, hash, artifactId);
            if (i >= 0) {
                drop(segment.slots, i);
            }
        }
    }

    void invalidateAll() {
        for (Segment segment : segments) {
            synchronized (segment) {
                long[] slots = segment.slots;
                for (int i = 0; i < slots.length; i++) {
                    long slot = (long) SLOTS.getVolatile(slots, i);
                    if (slot != 0 && slot != TOMBSTONE) {
                        drop(slots, i);
                    }
                }
            }
        }
    }

    /** Drops this very entry, not one that replaced it. */
    void remove(LatestEntry entry) {
        atSlot(AnswerRecord.hash(entry.record), entry.location, (segment, i) -> drop(segment.slots, i));
    }

    private Segment segment(int hash) {
        return segments[hash >>> (Integer.SIZE - SEGMENT_BITS)];
    }

    private static long tag(int hash) {
        return ((long) (hash >>> 18) & 0xFF) << TAG_SHIFT;
    }

    private boolean expired(byte[] record, long now) {
        return now - AnswerRecord.loadedAt(record) > ttlNanos;
    }

    /** The slot of an artifact's entry, or -1; drops stale slots it meets. Holds the segment's lock. */
    private int find(Segment segment, int hash, String artifactId) {
        long[] slots = segment.slots;
        int mask = slots.length - 1;
        for (int i = hash & mask, probes = 0; probes <= mask; i = (i + 1) & mask, probes++) {
            long slot = (long) SLOTS.getVolatile(slots, i);
            if (slot == 0) {
                return -1;
            }
            if (slot == TOMBSTONE) {
                continue;
            }
            if (!pages.live(slot & LOCATION_MASK)) {
                drop(slots, i); // its record's page was reclaimed under a put that was slow to publish
                continue;
            }
            if ((slot & TAG_MASK) == tag(hash)) {
                byte[] record = pages.read(slot & LOCATION_MASK);
                if (record != null && AnswerRecord.isOf(record, artifactId)) {
                    return i;
                }
            }
        }
        return -1;
    }

    /**
     * Runs {@code action} with the slot that holds a location, under its segment's lock; does
     * nothing when no slot does (the entry was replaced or dropped) or the location is 0 (an entry
     * never kept).
     */
    private void atSlot(int hash, long location, ObjIntConsumer<Segment> action) {
        if (location == 0) {
            return;
        }
        Segment segment = segment(hash);
        synchronized (segment) {
            int i = indexOf(segment.slots, hash, location);
            if (i >= 0) {
                action.accept(segment, i);
            }
        }
    }

    /** The slot holding this location, or -1. Holds the segment's lock. */
    private static int indexOf(long[] slots, int hash, long location) {
        int mask = slots.length - 1;
        for (int i = hash & mask, probes = 0; probes <= mask; i = (i + 1) & mask, probes++) {
            long slot = (long) SLOTS.getVolatile(slots, i);
            if (slot == 0) {
                return -1;
            }
            if (slot != TOMBSTONE && (slot & LOCATION_MASK) == location) {
                return i;
            }
        }
        return -1;
    }

    private void drop(long[] slots, int i) {
        SLOTS.setRelease(slots, i, TOMBSTONE);
        size.decrement();
    }

    /** Sets slot i to a location, or when i is -1 adds a slot for it. Holds the segment's lock. */
    private void put(Segment segment, int i, int hash, long location) {
        puts.increment();
        long slot = location | tag(hash);
        if (i >= 0) {
            SLOTS.setRelease(segment.slots, i, slot);
            return;
        }
        if ((segment.taken + 1) * 3 > segment.slots.length * 2) {
            segment.slots = rehash(segment.slots);
            segment.taken = countTaken(segment.slots);
        }
        long[] slots = segment.slots;
        int mask = slots.length - 1;
        int at = hash & mask;
        while (true) {
            long old = (long) SLOTS.getVolatile(slots, at);
            if (old == 0 || old == TOMBSTONE) {
                if (old == 0) {
                    segment.taken++;
                }
                SLOTS.setRelease(slots, at, slot);
                size.increment();
                return;
            }
            at = (at + 1) & mask;
        }
    }

    /** A table three times the live slots, with them placed anew; the old one stays readable. */
    private long[] rehash(long[] slots) {
        int live = 0;
        for (long slot : slots) {
            if (slot != 0 && slot != TOMBSTONE && pages.live(slot & LOCATION_MASK)) {
                live++;
            }
        }
        long[] table = new long[Math.max(16, Integer.highestOneBit(Math.max(1, live * 3)) << 1)];
        int mask = table.length - 1;
        for (int i = 0; i < slots.length; i++) {
            long slot = (long) SLOTS.getVolatile(slots, i);
            if (slot == 0 || slot == TOMBSTONE) {
                continue;
            }
            long hash = pages.hash(slot & LOCATION_MASK);
            if (hash < 0) {
                size.decrement(); // its page was reclaimed under a put that was slow to publish
                continue;
            }
            int at = (int) hash & mask;
            while (table[at] != 0) {
                at = (at + 1) & mask;
            }
            table[at] = slot;
        }
        return table;
    }

    private static int countTaken(long[] slots) {
        int taken = 0;
        for (long slot : slots) {
            if (slot != 0) {
                taken++;
            }
        }
        return taken;
    }

    private void sweepIfFull() {
        if (pages.full() && sweeping.compareAndSet(false, true)) {
            sweeper.execute(this::sweep);
        }
    }

    private void sweep() {
        boolean stuck = false;
        try {
            long now = System.nanoTime();
            while (pages.full() && !stuck) {
                int page = pages.oldest();
                stuck = page < 0; // only the newest page is written: the direct memory limit allowed one
                if (!stuck) {
                    pages.forEach(page, (record, location) -> moveOrEvict(record, location, now));
                    pages.reuse(page);
                }
            }
        } finally {
            sweeping.set(false);
        }
        if (!stuck) {
            sweepIfFull(); // a put took the last free page while this sweep was ending
        }
    }

    /** Copies an entry read since it was written to the newest page, or drops it. */
    private void moveOrEvict(byte[] record, long location, long now) {
        int hash = AnswerRecord.hash(record);
        atSlot(hash, location, (segment, i) -> { // no slot: replaced or dropped since
            long[] slots = segment.slots;
            long slot = (long) SLOTS.getVolatile(slots, i);
            long moved = (slot & USED) != 0 && !expired(record, now) ? pages.append(record) : 0;
            if (moved != 0) {
                SLOTS.setRelease(slots, i, moved | tag(hash));
            } else {
                drop(slots, i);
                evictions.increment();
            }
        });
    }

    /** The entries kept, expired ones included. */
    long size() {
        return size.sum();
    }

    /** Registers the cache's size, gets, puts and evictions, named as Micrometer names Caffeine's. */
    void bindMetrics(MeterRegistry meters, String name) {
        new CacheMeterBinder<>(this, name, Tags.empty()) {
            @Override
            protected Long size() {
                return LatestCache.this.size();
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
