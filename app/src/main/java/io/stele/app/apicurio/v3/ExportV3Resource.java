package io.stele.app.apicurio.v3;

import io.stele.app.apicurio.zip.ApicurioDialect;
import io.stele.app.apicurio.zip.ApicurioExports;
import io.stele.app.http.QueryChoices;
import io.stele.app.security.Needs;
import io.stele.app.security.Operation.Api;
import io.stele.app.security.Role;
import io.vertx.core.http.HttpServerRequest;
import jakarta.inject.Inject;
import jakarta.ws.rs.GET;
import jakarta.ws.rs.HeaderParam;
import jakarta.ws.rs.Path;
import jakarta.ws.rs.Produces;
import jakarta.ws.rs.QueryParam;
import jakarta.ws.rs.core.Context;
import jakarta.ws.rs.core.HttpHeaders;
import jakarta.ws.rs.core.MediaType;
import jakarta.ws.rs.core.Response;

/**
 * {@code GET /apis/registry/v3/admin/export}: the registry as Apicurio 3.x's zip, or a one-time
 * link to it ({@link ApicurioExports}); the v2 API mounts it for 2.x's zip ({@link
 * io.stele.app.apicurio.v2.ExportV2Resource}). The import is a route of its own ({@link
 * io.stele.app.apicurio.zip.ApicurioImportRoute}).
 */
@Path(Api.REGISTRY_V3_PATH + "/admin/export")
public class ExportV3Resource {

    @Inject
    ApicurioExports exports;

    /** The zip this API exports: Apicurio 3.x's. */
    protected ApicurioDialect dialect() {
        return ApicurioDialect.V3;
    }

    @Needs(Role.ADMIN)
    @GET
    @Produces({ApicurioExports.ZIP, MediaType.APPLICATION_JSON})
    public Response exportData(
            @QueryParam("forBrowser") String forBrowser,
            @HeaderParam(HttpHeaders.ACCEPT) String accept,
            @Context HttpServerRequest request) {
        return exports.export(dialect(), QueryChoices.flag(request, "forBrowser", false), accept);
    }
}
