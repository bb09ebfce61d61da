package io.stele.storage;

import java.util.List;
import java.util.Objects;

/**
 * One page of an ordered listing, with how many entries the whole listing has.
 *
 * @param total how many entries match, over all pages
 * @param items the entries of this page, in order
 */
public record Page<T>(long total, List<T> items) {

    public Page {
        Objects.requireNonNull(items, "items");
        if (total < items.size()) {
            throw new IllegalArgumentException("total must be at least the number of items");
        }
        items = List.copyOf(items);
    }
}
