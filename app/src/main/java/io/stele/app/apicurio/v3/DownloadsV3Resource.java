package io.stele.app.apicurio.v3;

import io.stele.app.apicurio.zip.ApicurioExports;
import io.stele.app.security.Open;
import io.stele.app.security.Operation.Api;
import jakarta.inject.Inject;
import jakarta.ws.rs.GET;
import jakarta.ws.rs.Path;
import jakarta.ws.rs.PathParam;
import jakarta.ws.rs.Produces;
import jakarta.ws.rs.core.MediaType;
import jakarta.ws.rs.core.Response;

/**
 * {@code GET /apis/registry/v3/downloads/{downloadId}}: the export a one-time link is for, once.
 * Open to anyone, as in Apicurio: the link is what a browser follows without the admin's token, and
 * its random id is the secret. The v2 API mounts the same links ({@link
 * io.stele.app.apicurio.v2.DownloadsV2Resource}).
 */
@Path(Api.REGISTRY_V3_PATH + "/downloads")
public class DownloadsV3Resource {

    @Inject
    ApicurioExports exports;

    @Open
    @GET
    @Path("{downloadId}")
    @Produces({ApicurioExports.ZIP, MediaType.APPLICATION_JSON})
    public Response download(@PathParam("downloadId") String downloadId) {
        return exports.download(downloadId);
    }
}
