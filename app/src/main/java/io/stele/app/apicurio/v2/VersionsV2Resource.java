package io.stele.app.apicurio.v2;

import io.smallrye.mutiny.Uni;
import io.stele.app.apicurio.v1.EditableMetaData;
import io.stele.app.apicurio.v2.ArtifactMetaDataV2.VersionMetaDataV2;
import io.stele.app.apicurio.v3.DefaultGroup;
import io.stele.app.apicurio.v3.IdLookups.ArtifactReference;
import io.stele.app.apicurio.v3.ReferencedContent;
import io.stele.app.apicurio.v3.Registrations;
import io.stele.app.apicurio.v3.RegistryDocument;
import io.stele.app.artifacts.ArtifactService;
import io.stele.app.artifacts.VersionStates;
import io.stele.app.security.Needs;
import io.stele.app.security.Operation.Api;
import io.stele.app.security.Role;
import io.stele.app.storage.StorageProvider;
import io.stele.storage.EditableMeta;
import io.stele.storage.InvalidRequestException;
import io.stele.storage.StoredVersion;
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
import org.eclipse.microprofile.openapi.annotations.responses.APIResponse;

/**
 * {@code /apis/registry/v2/groups/{groupId}/artifacts/{artifactId}/versions/{version}}: a version's
 * content, its references and its metadata, which Apicurio 2.x's serdes read to resolve each
 * reference of a schema and to find a version they are told to use. In the v2 API a version's path
 * answers its content; a version is a number or {@code latest}.
 */
@Path(Api.REGISTRY_V2_PATH + "/groups/{groupId}/artifacts/{artifactId}/versions/{version}")
public class VersionsV2Resource {

    @Inject
    DefaultGroup group;

    @Inject
    StorageProvider provider;

    @Inject
    Registrations registrations;

    @Needs(Role.READ_ONLY)
    @GET
    @Produces(MediaType.WILDCARD)
    public Uni<Response> getArtifactVersion(
            @PathParam("groupId") String groupId,
            @PathParam("artifactId") String artifactId,
            @PathParam("version") String version,
            @QueryParam("dereference") String dereference,
            @HeaderParam(HttpHeaders.IF_NONE_MATCH) String ifNoneMatch,
            @Context HttpServerRequest request) {
        return group.content(
                groupId,
                artifactId,
                DefaultGroup.v2Expression(version),
                ReferencedContent.v2(request),
                ifNoneMatch,
                request);
    }

    @Needs(Role.READ_ONLY)
    @GET
    @Path("references")
    @Produces(MediaType.APPLICATION_JSON)
    public Uni<List<ArtifactReference>> getArtifactVersionReferences(
            @PathParam("groupId") String groupId,
            @PathParam("artifactId") String artifactId,
            @PathParam("version") String version,
            @QueryParam("refType") String refType,
            @Context HttpServerRequest request) {
        return group.references(groupId, artifactId, DefaultGroup.v2Expression(version), request);
    }

    @Needs(Role.READ_ONLY)
    @GET
    @Path("meta")
    @Produces(MediaType.APPLICATION_JSON)
    public Uni<VersionMetaDataV2> getArtifactVersionMetaData(
            @PathParam("groupId") String groupId,
            @PathParam("artifactId") String artifactId,
            @PathParam("version") String version) {
        return group.described(groupId, artifactId, DefaultGroup.v2Expression(version), VersionMetaDataV2::of);
    }

    @Needs(Role.DEVELOPER)
    @PUT
    @Path("meta")
    @Consumes(MediaType.APPLICATION_JSON)
    public Response updateArtifactVersionMetaData(
            @PathParam("groupId") String groupId,
            @PathParam("artifactId") String artifactId,
            @PathParam("version") String version,
            EditableMetaData meta) {
        if (meta == null) {
            throw new InvalidRequestException("The request body must be a JSON object of editable metadata.");
        }
        return edit(groupId, artifactId, version, meta.toMeta());
    }

    @Needs(Role.DEVELOPER)
    @DELETE
    @Path("meta")
    public Response deleteArtifactVersionMetaData(
            @PathParam("groupId") String groupId,
            @PathParam("artifactId") String artifactId,
            @PathParam("version") String version) {
        return edit(groupId, artifactId, version, EditableMeta.EMPTY);
    }

    @Needs(Role.DEVELOPER)
    @PUT
    @Path("state")
    @Consumes(MediaType.APPLICATION_JSON)
    public Response updateArtifactVersionState(
            @PathParam("groupId") String groupId,
            @PathParam("artifactId") String artifactId,
            @PathParam("version") String version,
            ArtifactV2Resource.UpdateState body) {
        VersionStates.Requested state = ArtifactV2Resource.UpdateState.requested(body);
        group.changeState(groupId, artifactId, DefaultGroup.v2Expression(version), state);
        return Response.noContent().build();
    }

    /** Deletes one version when {@code stele.api.v2-version-deletes} is on, as Apicurio 2.x does; else 405. */
    @Needs(Role.DEVELOPER)
    @DELETE
    @APIResponse(responseCode = "204", description = "The version is deleted.")
    @APIResponse(responseCode = "405", description = RegistryDocument.V2_VERSION_DELETES_OFF)
    public Response deleteArtifactVersion(
            @PathParam("groupId") String groupId,
            @PathParam("artifactId") String artifactId,
            @PathParam("version") String version) {
        registrations.requireV2VersionDeletes();
        group.deleteVersion(groupId, artifactId, DefaultGroup.v2Expression(version));
        return Response.noContent().build();
    }

    /** Replaces a version's metadata, as Apicurio 2.x does: what the body leaves out is cleared. */
    private Response edit(String groupId, String artifactId, String version, EditableMeta meta) {
        StoredVersion stored = group.version(groupId, artifactId, DefaultGroup.v2Expression(version));
        provider.storage().versions().updateMeta(artifactId, stored.version(), meta, ArtifactService.ANONYMOUS);
        return Response.noContent().build();
    }
}
