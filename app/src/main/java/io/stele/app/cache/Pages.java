package io.stele.app.cache;

import java.lang.invoke.VarHandle;
import java.nio.ByteBuffer;
import java.util.ArrayDeque;
import java.util.concurrent.atomic.AtomicIntegerArray;
import java.util.function.ObjLongConsumer;
import org.jboss.logging.Logger;

/**
 * Records ({@link AnswerRecord}) in pages of memory off the Java heap: appended one after another
 * to the newest page, read by copying them out, and reclaimed a page at a time, oldest first, once
 * the caller has moved or dropped what the page holds. The garbage collector sees one object per
 * page, not a dozen per record.
 *
 * <p>A record is found by its location: the page, the page's generation when the record was
 * written and its offset. A page gets a new generation each time it is reused, so a location into
 * a page's past is recognised as gone. Reads take no lock: a read checks the generation before and
 * after it copies, so a copy that a reuse overwrote under it is never returned. Appends and
 * reclaiming synchronize on this object, briefly; nothing here blocks otherwise, and a page is
 * allocated only when needed, up to the bound.
 */
final class Pages {

    private static final Logger LOG = Logger.getLogger(Pages.class);

    static final int PAGE_BITS = 13;
    static final int GENERATION_BITS = 22;
    static final int OFFSET_BITS = 20;
    /** Records start at multiples of this, so an offset takes {@value #OFFSET_BITS} bits. */
    private static final int ALIGN = 8;

    static final int MAX_PAGES = 1 << PAGE_BITS;
    static final int MAX_PAGE_SIZE = ALIGN << OFFSET_BITS;
    /** The bits a location takes: {@value #PAGE_BITS} + {@value #GENERATION_BITS} + {@value #OFFSET_BITS}. */
    static final int LOCATION_BITS = PAGE_BITS + GENERATION_BITS + OFFSET_BITS;

    private static final int GENERATION_MASK = (1 << GENERATION_BITS) - 1;

    private final int pageSize;
    private final int maxPages;
    private final ByteBuffer[] pages;
    /** The current generation of each page, never 0, so that no location is 0. */
    private final AtomicIntegerArray generations;

    // guarded by this
    private final int[] fill;
    private final ArrayDeque<Integer> free = new ArrayDeque<>();
    /** Pages holding records, oldest first; the last is the one appended to. */
    private final ArrayDeque<Integer> written = new ArrayDeque<>();

    private int allocated;
    private boolean warned;

    /**
     * @param maxBytes the bound: as many pages as fit, at least two
     * @param pageSize at most {@link #MAX_PAGE_SIZE}; a record larger than a page is not kept
     */
    Pages(long maxBytes, int pageSize) {
        if (pageSize > MAX_PAGE_SIZE || pageSize % ALIGN != 0) {
            throw new IllegalArgumentException("pageSize must be a multiple of 8 up to " + MAX_PAGE_SIZE);
        }
        this.pageSize = pageSize;
        this.maxPages = (int) Math.max(2, Math.min(MAX_PAGES, maxBytes / pageSize));
        this.pages = new ByteBuffer[maxPages];
        this.generations = new AtomicIntegerArray(maxPages);
        this.fill = new int[maxPages];
    }

    /** The page size to split a bound into: about 1/64 of it, from 4 KiB to 8 MiB. */
    static int pageSizeFor(long maxBytes) {
        long size = Long.highestOneBit(Math.max(1, maxBytes / 64));
        return (int) Math.max(4096, Math.min(MAX_PAGE_SIZE, size));
    }

    long maxBytes() {
        return (long) maxPages * pageSize;
    }

    /** The memory the pages allocated so far take, in bytes: never more than {@link #maxBytes}. */
    synchronized long allocatedBytes() {
        return (long) allocated * pageSize;
    }

    /** Whether a record of this length can be kept at all. */
    boolean fits(int length) {
        return length <= pageSize;
    }

    /**
     * Copies a record into the newest page, or into a free one when it is full.
     *
     * @return its location, or 0 when no page has room: the caller then starts {@link #oldest}'s
     *     reclaiming, elsewhere
     */
    synchronized long append(byte[] record) {
        int length = record.length;
        if (length > pageSize) {
            return 0;
        }
        Integer newest = written.peekLast();
        if (newest == null || fill[newest] + length > pageSize) {
            newest = nextPage();
            if (newest == null) {
                return 0;
            }
            written.addLast(newest);
        }
        int page = newest;
        int offset = fill[page];
        pages[page].put(offset, record);
        fill[page] = (offset + length + ALIGN - 1) & -ALIGN;
        return location(page, generations.get(page), offset);
    }

    private Integer nextPage() {
        Integer page = free.pollFirst();
        if (page != null || allocated == maxPages) {
            return page;
        }
        try {
            pages[allocated] = ByteBuffer.allocateDirect(pageSize);
        } catch (OutOfMemoryError e) {
            if (!warned) {
                warned = true;
                LOG.warnf(
                        "The read cache keeps %d MiB off the heap but the JVM allows less direct memory:"
                                + " raise -XX:MaxDirectMemorySize or lower stele.cache.max-memory."
                                + " Until then the cache holds what fits.",
                        maxBytes() >> 20);
            }
            return null;
        }
        generations.set(allocated, 1);
        return allocated++;
    }

    /** Whether every page is allocated and none is free: time to reclaim the oldest. */
    synchronized boolean full() {
        return free.isEmpty() && (allocated == maxPages || warned);
    }

    /**
     * Takes the oldest page out of those appended to, for the caller to empty and then give back
     * with {@link #reuse}; -1 when there is none but the newest.
     */
    synchronized int oldest() {
        return written.size() < 2 ? -1 : written.pollFirst();
    }

    /** Calls {@code action} with the location and a copy of each record of a page from {@link #oldest}. */
    void forEach(int page, ObjLongConsumer<byte[]> action) {
        int end;
        synchronized (this) {
            end = fill[page];
        }
        int generation = generations.get(page);
        ByteBuffer buffer = pages[page];
        for (int offset = 0; offset < end; ) {
            int length = buffer.getInt(offset + AnswerRecord.LENGTH);
            byte[] record = new byte[length];
            buffer.get(offset, record);
            action.accept(record, location(page, generation, offset));
            offset = (offset + length + ALIGN - 1) & -ALIGN;
        }
    }

    /** Makes every location into a page from {@link #oldest} stale, and the page free. */
    synchronized void reuse(int page) {
        int next = (generations.get(page) + 1) & GENERATION_MASK;
        generations.set(page, next == 0 ? 1 : next);
        VarHandle.fullFence(); // a read that copies after this sees the new generation afterwards
        fill[page] = 0;
        free.addLast(page);
    }

    /**
     * A copy of the record at a location, or null when the location is stale: its page was reused
     * since, even while copying.
     */
    byte[] read(long location) {
        int page = page(location);
        int generation = generation(location);
        if (generations.get(page) != generation) {
            return null;
        }
        ByteBuffer buffer = pages[page];
        int offset = offset(location);
        int length = buffer.getInt(offset + AnswerRecord.LENGTH);
        if (length < AnswerRecord.KEY || length > pageSize - offset) {
            return null; // overwritten since the generation was read
        }
        byte[] record = new byte[length];
        buffer.get(offset, record);
        VarHandle.acquireFence();
        return generations.get(page) == generation ? record : null;
    }

    /** The artifact id's hash of the record at a location, as an unsigned int; -1 when the location is stale. */
    long hash(long location) {
        int page = page(location);
        int generation = generation(location);
        int hash = pages[page].getInt(offset(location) + AnswerRecord.HASH);
        VarHandle.acquireFence();
        return generations.get(page) == generation ? Integer.toUnsignedLong(hash) : -1;
    }

    /** Whether a location is not stale. */
    boolean live(long location) {
        return generations.get(page(location)) == generation(location);
    }

    private static long location(int page, int generation, int offset) {
        return ((long) page << (GENERATION_BITS + OFFSET_BITS)) | ((long) generation << OFFSET_BITS) | (offset / ALIGN);
    }

    private static int page(long location) {
        return (int) (location >>> (GENERATION_BITS + OFFSET_BITS)) & (MAX_PAGES - 1);
    }

    private static int generation(long location) {
        return (int) (location >>> OFFSET_BITS) & GENERATION_MASK;
    }

    private static int offset(long location) {
        return (int) (location & ((1 << OFFSET_BITS) - 1)) * ALIGN;
    }
}
