package io.stele.app.apicurio.v3;

import io.smallrye.mutiny.Uni;
import io.stele.app.apicurio.v3.IdLookups.ArtifactReference;
import io.stele.app.artifacts.VersionStates;
import io.stele.app.security.Needs;
import io.stele.app.security.Operation.Api;
import io.stele.app.security.Role;
import io.stele.app.storage.StorageProvider;
import io.stele.storage.InvalidRequestException;
import io.vertx.core.http.HttpServerRequest;
import jakarta.inject.Inject;
import jakarta.ws.rs.Consumes;
import jakarta.ws.rs.DELETE;
import jakarta.ws.rs.GET;
import jakarta.ws.rs.HeaderParam;
import jakarta.ws.rs.PUT;
import jakarta.ws.rs.Path;
import jakarta.ws.rs.PathParam;
import jakarta.ws.rs.Produces;
import jakarta.ws.rs.QueryParam;
import jakarta.ws.rs.core.Context;
import jakarta.ws.rs.core.HttpHeaders;
import jakarta.ws.rs.core.MediaType;
import jakarta.ws.rs.core.Response;
import java.util.List;
import java.util.Map;
import org.eclipse.microprofile.openapi.annotations.media.Schema;
import org.eclipse.microprofile.openapi.annotations.responses.APIResponse;

/**
 * {@code /apis/registry/v3/groups/{groupId}/artifacts/{artifactId}/versions/{versionExpression}}:
 * a version by number or {@code branch=latest}, its content and its references, which Apicurio
 * 3.x's serdes read to find the latest version and to resolve each reference of a schema.
 */
@Path(Api.REGISTRY_V3_PATH + "/groups/{groupId}/artifacts/{artifactId}/versions/{versionExpression}")
public class VersionsResource {

    @Inject
    DefaultGroup group;

    @Inject
    Registrations registrations;

    @Inject
    StorageProvider provider;

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
        return group.content(
                groupId, artifactId, versionExpression, ReferencedContent.v3(request), ifNoneMatch, request);
    }

    @Needs(Role.READ_ONLY)
    @GET
    @Path("references")
    @Produces(MediaType.APPLICATION_JSON)
    public Uni<List<ArtifactReference>> getArtifactVersionReferences(
            @PathParam("groupId") String groupId,
            @PathParam("artifactId") String artifactId,
            @PathParam("versionExpression") String versionExpression,
            @QueryParam("refType") String refType,
            @Context HttpServerRequest request) {
        return group.references(groupId, artifactId, versionExpression, request);
    }

    /** Apicurio v3 {@code EditableVersionMetaData}: what a client may change; null leaves a field. */
    public record EditableVersionMetaData(String name, String description, Map<String, String> labels) {}

    /** Apicurio v3 {@code WrappedVersionState}: a version's state, by name. */
    public record WrappedVersionState(
            @Schema(
                            required = true,
                            enumeration = {"ENABLED", "DISABLED", "DEPRECATED"})
                    String state) {

        /** The state a client asks for: one it may set. */
        VersionStates.Requested requested() {
            return VersionStates.Requested.settable(state);
        }
    }

    @Needs(Role.DEVELOPER)
    @PUT
    @Consumes(MediaType.APPLICATION_JSON)
    public Response updateArtifactVersionMetaData(
            @PathParam("groupId") String groupId,
            @PathParam("artifactId") String artifactId,
            @PathParam("versionExpression") String versionExpression,
            EditableVersionMetaData body) {
        if (body == null) {
            throw new InvalidRequestException("The request body must be the version's editable metadata.");
        }
        registrations.edit(
                group.version(groupId, artifactId, versionExpression), body.name(), body.description(), body.labels());
        return Response.noContent().build();
    }

    @Needs(Role.DEVELOPER)
    @DELETE
    @APIResponse(responseCode = "204", description = "The version is deleted.")
    @APIResponse(responseCode = "405", description = RegistryDocument.DELETES_OFF)
    public Response deleteArtifactVersion(
            @PathParam("groupId") String groupId,
            @PathParam("artifactId") String artifactId,
            @PathParam("versionExpression") String versionExpression) {
        registrations.requireDeletes("Artifact version");
        group.deleteVersion(groupId, artifactId, versionExpression);
        return Response.noContent().build();
    }

    @Needs(Role.READ_ONLY)
    @GET
    @Path("state")
    @Produces(MediaType.APPLICATION_JSON)
    public Uni<WrappedVersionState> getArtifactVersionState(
            @PathParam("groupId") String groupId,
            @PathParam("artifactId") String artifactId,
            @PathParam("versionExpression") String versionExpression) {
        return group.described(
                groupId,
                artifactId,
                versionExpression,
                v -> new WrappedVersionState(v.state().name()));
    }

    @Needs(Role.DEVELOPER)
    @PUT
    @Path("state")
    @Consumes(MediaType.APPLICATION_JSON)
    public Response updateArtifactVersionState(
            @PathParam("groupId") String groupId,
            @PathParam("artifactId") String artifactId,
            @PathParam("versionExpression") String versionExpression,
            @QueryParam("dryRun") String dryRun,
            @Context HttpServerRequest request,
            WrappedVersionState body) {
        Registrations.refuseDryRun(request);
        if (body == null) {
            throw new InvalidRequestException("The request body must name a state: {\"state\": \"DISABLED\"}.");
        }
        group.changeState(groupId, artifactId, versionExpression, body.requested());
        return Response.noContent().build();
    }
}
