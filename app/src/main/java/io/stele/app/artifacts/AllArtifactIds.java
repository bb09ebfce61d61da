package io.stele.app.artifacts;

import com.fasterxml.jackson.core.JsonFactory;
import com.fasterxml.jackson.core.JsonGenerator;
import io.stele.storage.PageRequest;
import io.stele.storage.RegistryStorage;
import jakarta.ws.rs.core.StreamingOutput;
import java.util.List;

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
     * @param pageSize ids per read, within {@link PageRequest}'s limits
     */
    public static StreamingOutput asJsonArray(RegistryStorage storage, int pageSize) {
        int size = Math.max(1, Math.min(pageSize, PageRequest.MAX_LIMIT));
        List<String> first = storage.artifacts().ids(new PageRequest(0, size));
        return out -> {
            try (JsonGenerator json = JSON.createGenerator(out)) {
                json.writeStartArray();
                for (List<String> page = first; !page.isEmpty(); ) {
                    for (String id : page) {
                        json.writeString(id);
                    }
                    json.flush();
                    page = page.size() < size
                            ? List.of()
                            : storage.artifacts().ids(PageRequest.after(page.get(page.size() - 1), size));
                }
                json.writeEndArray();
            }
        };
    }
}
