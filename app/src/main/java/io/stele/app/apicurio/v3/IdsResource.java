package io.stele.app.apicurio.v3;

import io.smallrye.mutiny.Uni;
import io.stele.app.apicurio.v3.IdLookups.ArtifactReference;
import io.stele.app.security.Needs;
import io.stele.app.security.Operation.Api;
import io.stele.app.security.Role;
import io.vertx.core.http.HttpServerRequest;
import jakarta.inject.Inject;
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
import java.util.List;

/**
 * {@code /apis/registry/v3/ids}: what Apicurio Registry 3.x's deserializers ask for each id they
 * meet. A version's content is served with its references as {@code references} asks ({@link
 * ReferencedContent}); content by its id or hash is served as stored ({@code references=PRESERVE},
 * Apicurio's default). The v2 API's resource is this one at its own path, with the v2 API's query
 * parameters.
 */
@Path(Api.REGISTRY_V3_PATH + "/ids")
public class IdsResource {

    @Inject
    protected IdLookups ids;

    @Needs(Role.READ_ONLY)
    @GET
    @Path("globalIds/{globalId}")
    @Produces(MediaType.WILDCARD)
    public Uni<Response> getContentByGlobalId(
            @PathParam("globalId") String globalId,
            @QueryParam("references") String references,
            @HeaderParam(HttpHeaders.IF_NONE_MATCH) String ifNoneMatch,
            @Context HttpServerRequest request) {
        return ids.byGlobalId(globalId, ReferencedContent.v3(request), ifNoneMatch, request);
    }

    @Needs(Role.READ_ONLY)
    @GET
    @Path("globalIds/{globalId}/references")
    @Produces(MediaType.APPLICATION_JSON)
    public Uni<List<ArtifactReference>> referencesByGlobalId(
            @PathParam("globalId") String globalId,
            @QueryParam("refType") String refType,
            @Context HttpServerRequest request) {
        return ids.referencesByGlobalId(globalId, request);
    }

    @Needs(Role.READ_ONLY)
    @GET
    @Path("contentIds/{contentId}")
    @Produces(MediaType.WILDCARD)
    public Uni<Response> getContentById(
            @PathParam("contentId") String contentId,
            @QueryParam("references") String references,
            @Context HttpServerRequest request) {
        preserved(request);
        return ids.byContentId(contentId);
    }

    @Needs(Role.READ_ONLY)
    @GET
    @Path("contentIds/{contentId}/references")
    @Produces(MediaType.APPLICATION_JSON)
    public Uni<List<ArtifactReference>> referencesByContentId(@PathParam("contentId") String contentId) {
        return ids.referencesByContentId(contentId);
    }

    @Needs(Role.READ_ONLY)
    @GET
    @Path("contentHashes/{contentHash}")
    @Produces(MediaType.WILDCARD)
    public Uni<Response> getContentByHash(@PathParam("contentHash") String contentHash) {
        return ids.byContentHash(contentHash);
    }

    @Needs(Role.READ_ONLY)
    @GET
    @Path("contentHashes/{contentHash}/references")
    @Produces(MediaType.APPLICATION_JSON)
    public Uni<List<ArtifactReference>> referencesByContentHash(@PathParam("contentHash") String contentHash) {
        return ids.referencesByContentHash(contentHash);
    }

    /**
     * Only {@code PRESERVE} (or nothing) is served: content as it was registered, references apart.
     * Read from the request itself, where an empty value is not taken for none.
     */
    private static void preserved(HttpServerRequest request) {
        IdLookups.onlyAsRegistered(request, "references", "PRESERVE");
    }
}
