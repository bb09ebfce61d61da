package io.stele.app.transfer;

import com.fasterxml.jackson.core.JsonEncoding;
import com.fasterxml.jackson.core.JsonFactory;
import com.fasterxml.jackson.core.JsonGenerator;
import io.stele.app.security.Needs;
import io.stele.app.security.Role;
import io.stele.app.storage.StorageProvider;
import io.stele.storage.TransferFormat;
import io.stele.storage.TransferFormat.Counts;
import io.stele.storage.TransferStore;
import jakarta.inject.Inject;
import jakarta.ws.rs.GET;
import jakarta.ws.rs.Path;
import jakarta.ws.rs.Produces;
import jakarta.ws.rs.core.StreamingOutput;
import java.io.IOException;
import java.io.OutputStream;
import java.io.UncheckedIOException;

/**
 * {@code GET /api/admin/export}: the whole registry as newline-delimited JSON, streamed as it is
 * read, for backups, restores and moves to another backend through {@code POST /api/admin/import}.
 * The last line is a trailer counting the records, written only when every record was: an export
 * the backend fails in the middle of ends without it, so that an import sees it was cut.
 */
@Path("/api/admin/export")
public class ExportResource {

    static final String NDJSON = "application/x-ndjson";
    private static final JsonFactory JSON = new JsonFactory().disable(JsonGenerator.Feature.AUTO_CLOSE_TARGET);

    @Inject
    StorageProvider provider;

    @Needs(Role.ADMIN)
    @GET
    @Produces(NDJSON)
    public StreamingOutput export() {
        var storage = provider.storage();
        return out -> write(storage.transfer(), out);
    }

    /**
     * Writes the header, every record, then the trailer. When the export fails, the exception
     * goes on without a trailer and without closing {@code out} or flushing what is buffered, so
     * that the server aborts the response rather than ending it as if it were whole.
     */
    static void write(TransferStore store, OutputStream out) throws IOException {
        JsonGenerator json = JSON.createGenerator(out, JsonEncoding.UTF8);
        json.setRootValueSeparator(null);
        TransferFormat.writeHeader(json);
        json.writeRaw('\n');
        Counts[] counts = {Counts.NONE};
        store.export(record -> {
            try {
                TransferFormat.write(json, record);
                json.writeRaw('\n');
                counts[0] = counts[0].plus(record);
            } catch (IOException e) {
                throw new UncheckedIOException(e);
            }
        });
        TransferFormat.writeTrailer(json, counts[0]);
        json.writeRaw('\n');
        json.close();
    }
}
