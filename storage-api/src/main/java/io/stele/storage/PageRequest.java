package io.stele.storage;

/**
 * A window over an ordered listing.
 *
 * @param offset how many entries to skip, 0 or more
 * @param limit how many entries at most, 1 to {@value #MAX_LIMIT}
 */
public record PageRequest(int offset, int limit) {

    public static final int MAX_LIMIT = 100_000;

    public PageRequest {
        if (offset < 0) {
            throw new InvalidRequestException("offset must be 0 or more, was " + offset + ".");
        }
        if (limit < 1 || limit > MAX_LIMIT) {
            throw new InvalidRequestException("limit must be between 1 and " + MAX_LIMIT + ", was " + limit + ".");
        }
    }
}
