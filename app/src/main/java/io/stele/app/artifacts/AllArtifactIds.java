package io.stele.app.artifacts;

import com.fasterxml.jackson.core.JsonFactory;
import com.fasterxml.jackson.core.JsonGenerator;
import io.stele.storage.PageRequest;
import jakarta.ws.rs.core.StreamingOutput;
import java.io.IOException;
import java.util.List;
import java.util.function.Function;
import java.util.function.Predicate;

/**
 * Every artifact id, ascending, read a page at a time, each page after the last id of the one
 * before: memory stays the same at any count. Both APIs list artifacts (Confluent's subjects) with
 * it.
 */
public final class AllArtifactIds {

    private static final JsonFactory JSON = new JsonFactory();

    /** What is done with each id; answers whether to go on. */
    @FunctionalInterface
    public interface Visitor {
        boolean visit(String id) throws IOException;
    }

    private final Function<PageRequest, List<String>> ids;
    private final int size;
    private final List<String> first;

    private AllArtifactIds(Function<PageRequest, List<String>> ids, int pageSize) {
        this.ids = ids;
        this.size = Math.max(1, Math.min(pageSize, PageRequest.MAX_LIMIT));
        this.first = ids.apply(new PageRequest(0, size));
    }

    /**
     * Reads the first page now, so that a backend that is down fails the request before its answer
     * starts (503); one that fails later cuts the stream, which a client sees as JSON that does not
     * end.
     *
     * @param ids one page of the ids to list, such as {@code ArtifactStore::ids}
     * @param pageSize ids per read, within {@link PageRequest}'s limits
     */
    public static AllArtifactIds of(Function<PageRequest, List<String>> ids, int pageSize) {
        return new AllArtifactIds(ids, pageSize);
    }

    /** Gives each id to {@code visitor}, ascending, until it answers false or none is left. */
    public void forEach(Visitor visitor) throws IOException {
        for (List<String> page = first; !page.isEmpty(); ) {
            for (String id : page) {
                if (!visitor.visit(id)) {
                    return;
                }
            }
            page = page.size() < size ? List.of() : ids.apply(PageRequest.after(page.get(page.size() - 1), size));
        }
    }

    /** Every id as one JSON array of strings; see {@link #of}. */
    public static StreamingOutput asJsonArray(Function<PageRequest, List<String>> ids, int pageSize) {
        return asJsonArray(ids, id -> true, 0, -1, pageSize);
    }

    /**
     * The ids that pass {@code filter} as one JSON array of strings: {@code skip} of them left out,
     * then at most {@code limit} given (every one for a negative limit). Reading stops once the limit
     * is reached.
     */
    public static StreamingOutput asJsonArray(
            Function<PageRequest, List<String>> ids, Predicate<String> filter, long skip, long limit, int pageSize) {
        AllArtifactIds all = of(ids, pageSize);
        long end = limit < 0 ? Long.MAX_VALUE : Math.max(0, skip) + limit;
        return out -> {
            try (JsonGenerator json = JSON.createGenerator(out)) {
                json.writeStartArray();
                long[] passed = {0};
                all.forEach(id -> {
                    if (passed[0] >= end) {
                        return false;
                    }
                    if (filter.test(id) && passed[0]++ >= skip) {
                        json.writeString(id);
                    }
                    return true;
                });
                json.writeEndArray();
            }
        };
    }
}
