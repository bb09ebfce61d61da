package io.stele.storage;

import java.util.Objects;
import java.util.Optional;

/**
 * A window over an ordered listing.
 *
 * @param offset how many entries to skip, 0 or more
 * @param limit how many entries at most, 1 to {@value #MAX_LIMIT}
 * @param after for a listing ordered by a unique key ({@link ArtifactStore#ids(PageRequest)}): only
 *     the entries whose key comes after this one, so that a reader pages on from the last key it
 *     read and every page costs the same however deep it is; empty to start at the first entry.
 *     Listings ordered otherwise page by offset only and refuse a request that has one.
 */
public record PageRequest(int offset, int limit, Optional<String> after) {

    public static final int MAX_LIMIT = 100_000;

    public PageRequest {
        if (offset < 0) {
            throw new InvalidRequestException("offset must be 0 or more, was " + offset + ".");
        }
        if (limit < 1 || limit > MAX_LIMIT) {
            throw new InvalidRequestException("limit must be between 1 and " + MAX_LIMIT + ", was " + limit + ".");
        }
        Objects.requireNonNull(after, "after");
    }

    /** A window by offset, from the first entry. */
    public PageRequest(int offset, int limit) {
        this(offset, limit, Optional.empty());
    }

    /** The first {@code limit} entries whose key comes after {@code key}. */
    public static PageRequest after(String key, int limit) {
        return new PageRequest(0, limit, Optional.of(key));
    }

    /**
     * This request, for a listing that pages by offset only.
     *
     * @throws IllegalArgumentException when it names a key to start after
     */
    public PageRequest byOffset() {
        if (after.isPresent()) {
            throw new IllegalArgumentException("This listing pages by offset; it has no key to start after.");
        }
        return this;
    }
}
