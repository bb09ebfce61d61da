package io.stele.app.artifacts;

import com.fasterxml.jackson.core.JsonFactory;
import com.fasterxml.jackson.core.JsonGenerator;
import io.stele.storage.PageRequest;
import jakarta.ws.rs.core.StreamingOutput;
import java.util.List;
import java.util.function.Function;
import java.util.function.Predicate;

/**
 * Every artifact id, ascending, as one JSON array of strings, read a page at a time, each page after
 * the last id of the one before: memory stays the same at any count. Both APIs list artifacts
 * (Confluent's subjects) with it.
 */
public final class AllArtifactIds {

    private static final JsonFactory JSON = new JsonFactory();

    private AllArtifactIds() {}

    /**
     * Reads the first page now, so that a backend that is down fails the request before its answer
     * starts (503); one that fails later cuts the stream, which a client sees as JSON that does not
     * end.
     *
     * @param ids one page of the ids to list, such as {@code ArtifactStore::ids}
     * @param pageSize ids per read, within {@link PageRequest}'s limits
     */
    public static StreamingOutput asJsonArray(Function<PageRequest, List<String>> ids, int pageSize) {
        return asJsonArray(ids, id -> true, 0, -1, pageSize);
    }

    /**
     * The ids that pass {@code filter}, read as {@link #asJsonArray(Function, int)} reads them all:
     * {@code skip} of them left out, then at most {@code limit} given (every one for a negative
     * limit). Reading stops once the limit is reached.
     */
    public static StreamingOutput asJsonArray(
            Function<PageRequest, List<String>> ids, Predicate<String> filter, long skip, long limit, int pageSize) {
        int size = Math.max(1, Math.min(pageSize, PageRequest.MAX_LIMIT));
        List<String> first = ids.apply(new PageRequest(0, size));
        long end = limit < 0 ? Long.MAX_VALUE : Math.max(0, skip) + limit;
        return out -> {
            try (JsonGenerator json = JSON.createGenerator(out)) {
                json.writeStartArray();
                long passed = 0;
                for (List<String> page = first; !page.isEmpty() && passed < end; ) {
                    for (String id : page) {
                        if (passed < end && filter.test(id) && passed++ >= skip) {
                            json.writeString(id);
                        }
                    }
                    json.flush();
                    page = page.size() < size || passed >= end
                            ? List.of()
                            : ids.apply(PageRequest.after(page.get(page.size() - 1), size));
                }
                json.writeEndArray();
            }
        };
    }
}
