package io.stele.app.apicurio.zip;

import io.stele.app.storage.StorageProvider;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.inject.Inject;
import jakarta.ws.rs.core.MediaType;
import jakarta.ws.rs.core.Response;
import jakarta.ws.rs.core.StreamingOutput;
import org.eclipse.microprofile.openapi.annotations.media.Schema;

/**
 * The answers of Apicurio's {@code GET /admin/export} and {@code GET /downloads/{downloadId}}, for
 * the v2 and v3 APIs' resources: the whole registry as Apicurio's zip ({@link ApicurioZipExport}),
 * streamed as it is read, or, as in Apicurio, for {@code forBrowser=true} or an {@code Accept} of
 * JSON alone, a {@code DownloadRef} to a one-time link ({@link ExportDownloads}).
 */
@ApplicationScoped
public class ApicurioExports {

    /** The zip's media type. */
    public static final String ZIP = "application/zip";

    /** Apicurio's {@code DownloadRef}, in both APIs. */
    public record DownloadRef(@Schema(required = true) String downloadId, String href) {}

    @Inject
    StorageProvider provider;

    @Inject
    ExportDownloads downloads;

    /** The export, or a link to it when the caller asks for one as Apicurio's console does. */
    public Response export(ApicurioDialect dialect, boolean forBrowser, String accept) {
        if (forBrowser || MediaType.APPLICATION_JSON.equals(accept)) {
            String id = downloads.create(dialect);
            return Response.ok(new DownloadRef(id, dialect.root + "/downloads/" + id), MediaType.APPLICATION_JSON_TYPE)
                    .build();
        }
        return zip(dialect);
    }

    /**
     * The export a link is for, once.
     *
     * @throws io.stele.storage.NotFoundException when the link was never given, was used, or is
     *     past its time
     */
    public Response download(String downloadId) {
        return zip(downloads.take(downloadId));
    }

    private Response zip(ApicurioDialect dialect) {
        var storage = provider.storage();
        StreamingOutput body = out -> ApicurioZipExport.write(storage.transfer(), out, dialect);
        return Response.ok(body, ZIP)
                .header("Content-Disposition", "attachment; filename=registry-export.zip")
                .build();
    }
}
