package io.stele.app.apicurio.v2;

import io.smallrye.mutiny.Uni;
import io.stele.app.apicurio.v3.ReferencedContent;
import io.stele.app.security.Needs;
import io.stele.app.security.Operation.Api;
import io.stele.app.security.Role;
import io.vertx.core.http.HttpServerRequest;
import jakarta.ws.rs.GET;
import jakarta.ws.rs.HeaderParam;
import jakarta.ws.rs.Path;
import jakarta.ws.rs.PathParam;
import jakarta.ws.rs.Produces;
import jakarta.ws.rs.QueryParam;
import jakarta.ws.rs.core.Context;
import jakarta.ws.rs.core.HttpHeaders;
import jakarta.ws.rs.core.MediaType;
import jakarta.ws.rs.core.Response;

/**
 * {@code /apis/registry/v2/ids}: what Apicurio Registry 2.x's deserializers ask for each id they
 * meet. The v3 API's resource at the v2 API's path: content by globalId takes the v2 API's {@code
 * dereference} parameter, and {@code dereference=true} is refused with 400, as docs/apicurio-v2-v3.md
 * says; the rest is the v3 API's.
 */
@Path(Api.REGISTRY_V2_PATH + "/ids")
public class IdsV2Resource extends io.stele.app.apicurio.v3.IdsResource {

    @Needs(Role.READ_ONLY)
    @GET
    @Path("globalIds/{globalId}")
    @Produces(MediaType.WILDCARD)
    @Override
    public Uni<Response> getContentByGlobalId(
            @PathParam("globalId") String globalId,
            @QueryParam("dereference") String dereference,
            @HeaderParam(HttpHeaders.IF_NONE_MATCH) String ifNoneMatch,
            @Context HttpServerRequest request) {
        return ids.byGlobalId(globalId, ReferencedContent.v2(request), ifNoneMatch, request);
    }
}
