package io.stele.app.apicurio.v2;

import io.smallrye.mutiny.Uni;
import io.stele.app.apicurio.v1.ContentResponses;
import io.stele.app.apicurio.v1.EditableMetaData;
import io.stele.app.apicurio.v2.ArtifactMetaDataV2.SearchedVersionV2;
import io.stele.app.apicurio.v2.ArtifactMetaDataV2.VersionMetaDataV2;
import io.stele.app.apicurio.v2.V2Bodies.ArtifactContent;
import io.stele.app.apicurio.v3.DefaultGroup;
import io.stele.app.apicurio.v3.IdLookups;
import io.stele.app.apicurio.v3.ReferencedContent;
import io.stele.app.apicurio.v3.Registrations;
import io.stele.app.apicurio.v3.RegistryDocument;
import io.stele.app.artifacts.ApiConfig;
import io.stele.app.artifacts.ArtifactService;
import io.stele.app.artifacts.ArtifactService.Upload;
import io.stele.app.artifacts.ArtifactService.Written;
import io.stele.app.artifacts.VersionStates;
import io.stele.app.http.Paging;
import io.stele.app.http.QueryChoices;
import io.stele.app.security.Needs;
import io.stele.app.security.Operation.Api;
import io.stele.app.security.Role;
import io.stele.app.storage.StorageProvider;
import io.stele.storage.InvalidRequestException;
import io.stele.storage.Page;
import io.stele.storage.StoredVersion;
import io.vertx.core.http.HttpServerRequest;
import jakarta.inject.Inject;
import jakarta.ws.rs.Consumes;
import jakarta.ws.rs.DELETE;
import jakarta.ws.rs.GET;
import jakarta.ws.rs.HeaderParam;
import jakarta.ws.rs.POST;
import jakarta.ws.rs.PUT;
import jakarta.ws.rs.Path;
import jakarta.ws.rs.PathParam;
import jakarta.ws.rs.Produces;
import jakarta.ws.rs.QueryParam;
import jakarta.ws.rs.core.Context;
import jakarta.ws.rs.core.HttpHeaders;
import jakarta.ws.rs.core.MediaType;
import jakarta.ws.rs.core.Response;
import java.nio.charset.StandardCharsets;
import java.util.List;
import java.util.Optional;
import org.eclipse.microprofile.openapi.annotations.media.Schema;
import org.eclipse.microprofile.openapi.annotations.responses.APIResponse;

/**
 * {@code /apis/registry/v2/groups/{groupId}/artifacts/{artifactId}}: one artifact as Apicurio 2.x
 * serves it: its latest content, a new version by {@code PUT} or {@code POST .../versions}, its
 * metadata, its state, its versions listed, deletion, and a version tested against its rules.
 */
@Path(Api.REGISTRY_V2_PATH + "/groups/{groupId}/artifacts/{artifactId}")
public class ArtifactV2Resource {

    /** Apicurio v2 {@code UpdateState}: a state by name. */
    public record UpdateState(
            @Schema(
                            required = true,
                            enumeration = {"ENABLED", "DISABLED", "DEPRECATED"})
                    String state) {

        /** The state asked for: one of Apicurio 2.x's {@code ArtifactState}, exactly. */
        static VersionStates.Requested requested(UpdateState body) {
            return VersionStates.Requested.settable(body == null ? null : body.state());
        }
    }

    /** Apicurio v2 {@code VersionSearchResults}. */
    public record VersionSearchResults(int count, List<SearchedVersionV2> versions) {}

    @Inject
    Registrations registrations;

    @Inject
    ArtifactService artifacts;

    @Inject
    IdLookups ids;

    @Inject
    ContentResponses responses;

    @Inject
    DefaultGroup group;

    @Inject
    V2Bodies bodies;

    @Inject
    StorageProvider provider;

    @Inject
    VersionStates states;

    @Inject
    ApiConfig config;

    @Needs(Role.READ_ONLY)
    @GET
    @Produces(MediaType.WILDCARD)
    public Uni<Response> getLatestArtifact(
            @PathParam("groupId") String groupId,
            @PathParam("artifactId") String artifactId,
            @QueryParam("dereference") String dereference,
            @HeaderParam(HttpHeaders.IF_NONE_MATCH) String ifNoneMatch,
            @Context HttpServerRequest request) {
        ReferencedContent.Handling handling = ReferencedContent.v2(request);
        DefaultGroup.requireDefault(groupId, artifactId);
        return handling == ReferencedContent.Handling.PRESERVE
                ? responses.latest(artifactId, ifNoneMatch)
                : group.content(
                        groupId, artifactId, DefaultGroup.v2Expression("latest"), handling, ifNoneMatch, request);
    }

    @Needs(Role.READ_ONLY)
    @GET
    @Path("meta")
    @Produces(MediaType.APPLICATION_JSON)
    public ArtifactMetaDataV2 getArtifactMetaData(
            @PathParam("groupId") String groupId, @PathParam("artifactId") String artifactId) {
        DefaultGroup.requireDefault(groupId, artifactId);
        Written written = artifacts.existing(artifactId);
        return ArtifactMetaDataV2.of(written, ids.references(written.version()));
    }

    @Needs(Role.READ_ONLY)
    @POST
    @Path("meta")
    @Consumes(MediaType.WILDCARD)
    @Produces(MediaType.APPLICATION_JSON)
    public VersionMetaDataV2 getArtifactVersionMetaDataByContent(
            @PathParam("groupId") String groupId,
            @PathParam("artifactId") String artifactId,
            @QueryParam("canonical") String canonical,
            @HeaderParam(HttpHeaders.CONTENT_TYPE) String contentType,
            @Context HttpServerRequest request,
            byte[] body) {
        QueryChoices.flag(request, "canonical", false); // content is always compared by its canonical form
        DefaultGroup.requireDefault(groupId, artifactId);
        ArtifactContent content = bodies.content(contentType, body, "get");
        Upload upload = new Upload(
                content.content().getBytes(StandardCharsets.UTF_8),
                Optional.empty(),
                Optional.empty(),
                registrations.references(content.references()));
        return VersionMetaDataV2.of(artifacts.findByContent(artifactId, upload));
    }

    @Needs(Role.DEVELOPER)
    @PUT
    @Consumes(MediaType.WILDCARD)
    @Produces(MediaType.APPLICATION_JSON)
    @APIResponse(responseCode = "200", description = "The new version, with its artifact.")
    @APIResponse(responseCode = "409", description = RegistryDocument.CREATE_CONFLICT)
    public ArtifactMetaDataV2 updateArtifact(
            @PathParam("groupId") String groupId,
            @PathParam("artifactId") String artifactId,
            @HeaderParam(V2Bodies.NAME) String name,
            @HeaderParam(V2Bodies.NAME + V2Bodies.ENCODED) String encodedName,
            @HeaderParam(V2Bodies.DESCRIPTION) String description,
            @HeaderParam(V2Bodies.DESCRIPTION + V2Bodies.ENCODED) String encodedDescription,
            @Context HttpServerRequest request,
            byte[] body) {
        Written written = registrations.addVersion(groupId, artifactId, bodies.sent(request, null, body));
        return ArtifactMetaDataV2.of(written, ids.references(written.version()));
    }

    @Needs(Role.DEVELOPER)
    @DELETE
    public Response deleteArtifact(@PathParam("groupId") String groupId, @PathParam("artifactId") String artifactId) {
        DefaultGroup.requireDefault(groupId, artifactId);
        provider.storage().artifacts().delete(artifactId);
        return Response.noContent().build();
    }

    /** Apicurio v2 {@code ArtifactOwner}: who owns an artifact, which is who created it. */
    public record ArtifactOwner(@Schema(required = true) String owner) {}

    @Needs(Role.READ_ONLY)
    @GET
    @Path("owner")
    @Produces(MediaType.APPLICATION_JSON)
    public ArtifactOwner getArtifactOwner(
            @PathParam("groupId") String groupId, @PathParam("artifactId") String artifactId) {
        DefaultGroup.requireDefault(groupId, artifactId);
        return new ArtifactOwner(artifacts.existing(artifactId).artifactCreatedBy());
    }

    /** Accepts the owner the artifact has, and refuses another: an artifact's owner does not change. */
    @Needs(Role.DEVELOPER)
    @PUT
    @Path("owner")
    @Consumes(MediaType.APPLICATION_JSON)
    public Response updateArtifactOwner(
            @PathParam("groupId") String groupId, @PathParam("artifactId") String artifactId, ArtifactOwner body) {
        DefaultGroup.requireDefault(groupId, artifactId);
        if (body == null || body.owner() == null) {
            throw new InvalidRequestException("The request body must be the artifact's owner: {\"owner\": \"...\"}.");
        }
        Registrations.requireOwnerUnchanged(artifacts.existing(artifactId), body.owner());
        return Response.noContent().build();
    }

    @Needs(Role.DEVELOPER)
    @PUT
    @Path("meta")
    @Consumes(MediaType.APPLICATION_JSON)
    public Response updateArtifactMetaData(
            @PathParam("groupId") String groupId, @PathParam("artifactId") String artifactId, EditableMetaData meta) {
        DefaultGroup.requireDefault(groupId, artifactId);
        if (meta == null) {
            throw new InvalidRequestException("The request body must be a JSON object of editable metadata.");
        }
        StoredVersion latest = artifacts.existing(artifactId).version();
        provider.storage()
                .versions()
                .updateMeta(artifactId, latest.version(), meta.toMeta(), ArtifactService.ANONYMOUS);
        return Response.noContent().build();
    }

    @Needs(Role.DEVELOPER)
    @PUT
    @Path("state")
    @Consumes(MediaType.APPLICATION_JSON)
    public Response updateArtifactState(
            @PathParam("groupId") String groupId, @PathParam("artifactId") String artifactId, UpdateState body) {
        VersionStates.Requested state = UpdateState.requested(body);
        DefaultGroup.requireDefault(groupId, artifactId);
        states.change(artifactId, Optional.empty(), state);
        return Response.noContent().build();
    }

    @Needs(Role.READ_ONLY)
    @GET
    @Path("versions")
    @Produces(MediaType.APPLICATION_JSON)
    public VersionSearchResults listArtifactVersions(
            @PathParam("groupId") String groupId,
            @PathParam("artifactId") String artifactId,
            @QueryParam("offset") String offset,
            @QueryParam("limit") String limit,
            @Context HttpServerRequest request) {
        DefaultGroup.requireDefault(groupId, artifactId);
        Page<StoredVersion> found =
                provider.storage().search().versions(artifactId, Paging.page(request, config.maxListedIds()));
        return new VersionSearchResults(
                (int) found.total(),
                found.items().stream()
                        .map(v -> SearchedVersionV2.of(v, ids.references(v)))
                        .toList());
    }

    @Needs(Role.DEVELOPER)
    @POST
    @Path("versions")
    @Consumes(MediaType.WILDCARD)
    @Produces(MediaType.APPLICATION_JSON)
    @APIResponse(responseCode = "200", description = "The new version.")
    @APIResponse(responseCode = "409", description = RegistryDocument.CREATE_CONFLICT)
    public VersionMetaDataV2 createArtifactVersion(
            @PathParam("groupId") String groupId,
            @PathParam("artifactId") String artifactId,
            @HeaderParam(V2Bodies.NAME) String name,
            @HeaderParam(V2Bodies.NAME + V2Bodies.ENCODED) String encodedName,
            @HeaderParam(V2Bodies.DESCRIPTION) String description,
            @HeaderParam(V2Bodies.DESCRIPTION + V2Bodies.ENCODED) String encodedDescription,
            @Context HttpServerRequest request,
            byte[] body) {
        return VersionMetaDataV2.of(registrations
                .addVersion(groupId, artifactId, bodies.sent(request, null, body))
                .version());
    }

    @Needs(Role.READ_ONLY)
    @PUT
    @Path("test")
    @Consumes(MediaType.WILDCARD)
    @APIResponse(responseCode = "204", description = "The content passes the artifact's rules.")
    @APIResponse(responseCode = "409", description = "The content breaks a rule, or is of another type.")
    public Response testUpdateArtifact(
            @PathParam("groupId") String groupId,
            @PathParam("artifactId") String artifactId,
            @HeaderParam(HttpHeaders.CONTENT_TYPE) String contentType,
            byte[] body) {
        DefaultGroup.requireDefault(groupId, artifactId);
        artifacts.testVersion(
                artifactId,
                new Upload(body == null ? new byte[0] : body, Optional.empty(), Optional.ofNullable(contentType)));
        return Response.noContent().build();
    }
}
