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
 * {@code /apis/registry/v3/groups/{groupId}/artifacts/{artifactId}/versions/{versionExpression}}:
 * a version by number or {@code branch=latest}, its content and its references, which Apicurio
 * 3.x's serdes read to find the latest version and to resolve each reference of a schema.
 */
@Path(Api.REGISTRY_V3_PATH + "/groups/{groupId}/artifacts/{artifactId}/versions/{versionExpression}")
public class VersionsResource {

    @Inject
    DefaultGroup group;

    @Needs(Role.READ_ONLY)
    @GET
    @Produces(MediaType.APPLICATION_JSON)
    public Uni<VersionMetaData> getArtifactVersionMetaData(
            @PathParam("groupId") String groupId,
            @PathParam("artifactId") String artifactId,
            @PathParam("versionExpression") String versionExpression) {
        return group.described(groupId, artifactId, versionExpression, VersionMetaData::of);
    }

    @Needs(Role.READ_ONLY)
    @GET
    @Path("content")
    @Produces(MediaType.WILDCARD)
    public Uni<Response> getArtifactVersionContent(
            @PathParam("groupId") String groupId,
            @PathParam("artifactId") String artifactId,
            @PathParam("versionExpression") String versionExpression,
            @QueryParam("references") String references,
            @HeaderParam(HttpHeaders.IF_NONE_MATCH) String ifNoneMatch,
            @Context HttpServerRequest request) {
        IdLookups.onlyAsRegistered(request, "references", "PRESERVE");
        return group.content(groupId, artifactId, versionExpression, ifNoneMatch);
    }

    @Needs(Role.READ_ONLY)
    @GET
    @Path("references")
    @Produces(MediaType.APPLICATION_JSON)
    public Uni<List<ArtifactReference>> getArtifactVersionReferences(
            @PathParam("groupId") String groupId,
            @PathParam("artifactId") String artifactId,
            @PathParam("versionExpression") String versionExpression) {
        return group.references(groupId, artifactId, versionExpression);
    }
}
