package io.stele.app.ccompat;

import static io.stele.app.ccompat.ConfluentRequests.flag;
import static io.stele.app.ccompat.ConfluentRequests.number;

import jakarta.ws.rs.QueryParam;

/**
 * The query parameters Confluent's listings share: {@code deleted=true} adds soft-deleted
 * entries, {@code deletedOnly=true} (or {@code deleted_only}, as Python's client sends it) gives
 * only them, and {@code offset} and {@code limit} take a window of the list.
 */
public class Listing {
    @QueryParam("deleted")
    String deleted;

    @QueryParam("deletedOnly")
    String deletedOnly;

    @QueryParam("deleted_only")
    String deletedOnlyAsPythonSends;

    @QueryParam("offset")
    String offset;

    @QueryParam("limit")
    String limit;

    boolean onlyDeleted() {
        return flag(deletedOnly) || flag(deletedOnlyAsPythonSends);
    }

    boolean withDeleted() {
        return onlyDeleted() || flag(deleted);
    }

    /** Whether an entry, soft-deleted or not, is listed. */
    boolean lists(boolean softDeleted) {
        return onlyDeleted() ? softDeleted : withDeleted() || !softDeleted;
    }

    long skip() {
        return Math.max(0, number(offset, "offset", 0));
    }

    /** At most how many to list; negative for all. */
    long most() {
        return number(limit, "limit", -1);
    }
}
