package io.stele.app.apicurio.zip;

import io.stele.app.apicurio.zip.ApicurioZipExport.Dialect;
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

    /** Which API's export: Apicurio 2.x's zip on v2, 3.x's on v3. */
    public enum Format {
        V2(Dialect.V2, "/apis/registry/v2"),
        V3(Dialect.V3, "/apis/registry/v3");

        final Dialect dialect;
        final String root;

        Format(Dialect dialect, String root) {
            this.dialect = dialect;
            this.root = root;
        }
    }

    @Inject
    StorageProvider provider;

    @Inject
    ExportDownloads downloads;

    /** The export, or a link to it when the caller asks for one as Apicurio's console does. */
    public Response export(Format format, boolean forBrowser, String accept) {
        if (forBrowser || MediaType.APPLICATION_JSON.equals(accept)) {
            String id = downloads.create(format.dialect);
            return Response.ok(new DownloadRef(id, format.root + "/downloads/" + id), MediaType.APPLICATION_JSON_TYPE)
                    .build();
        }
        return zip(format.dialect);
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

    private Response zip(Dialect dialect) {
        var storage = provider.storage();
        StreamingOutput body = out -> ApicurioZipExport.write(storage.transfer(), out, dialect);
        return Response.ok(body, ZIP)
                .header("Content-Disposition", "attachment; filename=registry-export.zip")
                .build();
    }
}
