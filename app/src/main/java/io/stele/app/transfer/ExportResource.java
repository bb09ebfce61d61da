package io.stele.app.transfer;

import com.fasterxml.jackson.core.JsonEncoding;
import com.fasterxml.jackson.core.JsonFactory;
import com.fasterxml.jackson.core.JsonGenerator;
import io.stele.app.storage.StorageProvider;
import io.stele.storage.TransferFormat;
import jakarta.inject.Inject;
import jakarta.ws.rs.GET;
import jakarta.ws.rs.Path;
import jakarta.ws.rs.Produces;
import jakarta.ws.rs.core.StreamingOutput;
import java.io.IOException;
import java.io.UncheckedIOException;

/**
 * {@code GET /api/admin/export}: the whole registry as newline-delimited JSON, streamed as it is
 * read, for backups, restores and moves to another backend through {@code POST /api/admin/import}.
 */
@Path("/api/admin/export")
public class ExportResource {

    static final String NDJSON = "application/x-ndjson";
    private static final JsonFactory JSON = new JsonFactory();

    @Inject
    StorageProvider provider;

    @GET
    @Produces(NDJSON)
    public StreamingOutput export() {
        var storage = provider.storage();
        return out -> {
            try (JsonGenerator json = JSON.createGenerator(out, JsonEncoding.UTF8)) {
                json.setRootValueSeparator(null);
                TransferFormat.writeHeader(json);
                json.writeRaw('\n');
                storage.transfer().export(record -> {
                    try {
                        TransferFormat.write(json, record);
                        json.writeRaw('\n');
                    } catch (IOException e) {
                        throw new UncheckedIOException(e);
                    }
                });
            }
        };
    }
}
