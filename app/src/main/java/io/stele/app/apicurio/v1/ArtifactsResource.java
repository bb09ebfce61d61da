package io.stele.app.apicurio.v1;

import io.smallrye.mutiny.Uni;
import io.stele.app.artifacts.AllArtifactIds;
import io.stele.app.artifacts.ApiConfig;
import io.stele.app.artifacts.ArtifactService;
import io.stele.app.artifacts.ArtifactService.Upload;
import io.stele.app.artifacts.ArtifactService.Written;
import io.stele.app.artifacts.IfExists;
import io.stele.app.artifacts.VersionStates;
import io.stele.app.http.WholeNumbers;
import io.stele.app.security.Needs;
import io.stele.app.security.Role;
import io.stele.app.storage.StorageProvider;
import io.stele.storage.EditableMeta;
import io.stele.storage.InvalidRequestException;
import io.stele.storage.NotFoundException;
import io.stele.storage.RegistryStorage;
import io.stele.storage.StoredVersion;
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
import jakarta.ws.rs.core.HttpHeaders;
import jakarta.ws.rs.core.MediaType;
import jakarta.ws.rs.core.Response;
import java.util.List;
import java.util.Optional;
import org.eclipse.microprofile.openapi.annotations.enums.SchemaType;
import org.eclipse.microprofile.openapi.annotations.media.Content;
import org.eclipse.microprofile.openapi.annotations.media.Schema;
import org.eclipse.microprofile.openapi.annotations.responses.APIResponse;

/** {@code /api/artifacts}: Apicurio Registry v1 artifacts, versions and their metadata. */
@Path("/api/artifacts")
@Produces(MediaType.APPLICATION_JSON)
public class ArtifactsResource {

    static final String ARTIFACT_TYPE = "X-Registry-ArtifactType";
    static final String ARTIFACT_ID = "X-Registry-ArtifactId";

    @Inject
    StorageProvider provider;

    @Inject
    ArtifactService artifacts;

    @Inject
    ApiConfig config;

    @Inject
    ContentResponses responses;

    @Inject
    VersionStates states;

    private RegistryStorage storage() {
        return provider.storage();
    }

    /** Every artifact id, ascending, streamed as one JSON array ({@link AllArtifactIds}). */
    @Needs(Role.READ_ONLY)
    @GET
    @APIResponse(
            responseCode = "200",
            description = "Every artifact id, ascending.",
            content =
                    @Content(
                            mediaType = MediaType.APPLICATION_JSON,
                            schema = @Schema(type = SchemaType.ARRAY, implementation = String.class)))
    public Response listArtifacts() {
        return Response.ok(
                        AllArtifactIds.asJsonArray(storage().artifacts()::ids, config.listPageSize()),
                        MediaType.APPLICATION_JSON_TYPE)
                .build();
    }

    @Needs(Role.DEVELOPER)
    @POST
    @Consumes(MediaType.WILDCARD)
    public ArtifactMetaData createArtifact(
            @HeaderParam(ARTIFACT_TYPE) String type,
            @HeaderParam(ARTIFACT_ID) String artifactId,
            @QueryParam("ifExists") String ifExists,
            @HeaderParam(HttpHeaders.CONTENT_TYPE) String contentType,
            byte[] body) {
        Written w = artifacts.create(
                Optional.ofNullable(artifactId), upload(body, type, contentType), IfExists.parse(ifExists));
        return ArtifactMetaData.of(w.version(), w.artifactCreatedBy(), w.artifactCreatedOn());
    }

    @Needs(Role.READ_ONLY)
    @GET
    @Path("{artifactId}")
    @Produces(MediaType.WILDCARD)
    public Uni<Response> getLatestArtifact(
            @PathParam("artifactId") String artifactId, @HeaderParam(HttpHeaders.IF_NONE_MATCH) String ifNoneMatch) {
        return responses.latest(artifactId, ifNoneMatch);
    }

    @Needs(Role.DEVELOPER)
    @PUT
    @Path("{artifactId}")
    @Consumes(MediaType.WILDCARD)
    public ArtifactMetaData updateArtifact(
            @PathParam("artifactId") String artifactId,
            @HeaderParam(ARTIFACT_TYPE) String type,
            @HeaderParam(HttpHeaders.CONTENT_TYPE) String contentType,
            byte[] body) {
        Written w = artifacts.addVersion(artifactId, upload(body, type, contentType));
        return ArtifactMetaData.of(w.version(), w.artifactCreatedBy(), w.artifactCreatedOn());
    }

    @Needs(Role.DEVELOPER)
    @DELETE
    @Path("{artifactId}")
    public Response deleteArtifact(@PathParam("artifactId") String artifactId) {
        storage().artifacts().delete(artifactId);
        return Response.noContent().build();
    }

    @Needs(Role.DEVELOPER)
    @PUT
    @Path("{artifactId}/state")
    @Consumes(MediaType.WILDCARD)
    public Response updateArtifactState(@PathParam("artifactId") String artifactId, UpdateState body) {
        states.change(artifactId, Optional.empty(), requestedState(body));
        return Response.noContent().build();
    }

    @Needs(Role.DEVELOPER)
    @PUT
    @Path("{artifactId}/versions/{version}/state")
    @Consumes(MediaType.WILDCARD)
    public Response updateArtifactVersionState(
            @PathParam("artifactId") String artifactId, @PathParam("version") String version, UpdateState body) {
        states.change(artifactId, Optional.of(parseVersion(version)), requestedState(body));
        return Response.noContent().build();
    }

    @Needs(Role.READ_ONLY)
    @PUT
    @Path("{artifactId}/test")
    @Consumes(MediaType.WILDCARD)
    public Response testUpdateArtifact(
            @PathParam("artifactId") String artifactId,
            @HeaderParam(ARTIFACT_TYPE) String type,
            @HeaderParam(HttpHeaders.CONTENT_TYPE) String contentType,
            byte[] body) {
        artifacts.testVersion(artifactId, upload(body, type, contentType));
        return Response.noContent().build();
    }

    @Needs(Role.READ_ONLY)
    @GET
    @Path("{artifactId}/meta")
    public ArtifactMetaData getArtifactMetaData(@PathParam("artifactId") String artifactId) {
        Written w = artifacts.existing(artifactId);
        return ArtifactMetaData.of(w.version(), w.artifactCreatedBy(), w.artifactCreatedOn());
    }

    @Needs(Role.DEVELOPER)
    @PUT
    @Path("{artifactId}/meta")
    @Consumes(MediaType.WILDCARD)
    public Response updateArtifactMetaData(@PathParam("artifactId") String artifactId, EditableMetaData meta) {
        StoredVersion latest = artifacts.existing(artifactId).version();
        storage()
                .versions()
                .updateMeta(artifactId, latest.version(), requireBody(meta).toMeta(), ArtifactService.ANONYMOUS);
        return Response.noContent().build();
    }

    @Needs(Role.DEVELOPER)
    @POST
    @Path("{artifactId}/meta")
    @Consumes(MediaType.WILDCARD)
    public ArtifactMetaData getArtifactMetaDataByContent(@PathParam("artifactId") String artifactId, byte[] body) {
        Written w = artifacts.withArtifact(
                artifacts.findByContent(artifactId, Upload.of(body == null ? new byte[0] : body)));
        return ArtifactMetaData.of(w.version(), w.artifactCreatedBy(), w.artifactCreatedOn());
    }

    @Needs(Role.READ_ONLY)
    @GET
    @Path("{artifactId}/versions")
    public List<Integer> listArtifactVersions(@PathParam("artifactId") String artifactId) {
        return storage().versions().list(artifactId);
    }

    @Needs(Role.DEVELOPER)
    @POST
    @Path("{artifactId}/versions")
    @Consumes(MediaType.WILDCARD)
    public VersionMetaData createArtifactVersion(
            @PathParam("artifactId") String artifactId,
            @HeaderParam(ARTIFACT_TYPE) String type,
            @HeaderParam(HttpHeaders.CONTENT_TYPE) String contentType,
            byte[] body) {
        return VersionMetaData.of(artifacts
                .addVersion(artifactId, upload(body, type, contentType))
                .version());
    }

    @Needs(Role.READ_ONLY)
    @GET
    @Path("{artifactId}/versions/{version}")
    @Produces(MediaType.WILDCARD)
    public Uni<Response> getArtifactVersion(
            @PathParam("artifactId") String artifactId,
            @PathParam("version") String version,
            @HeaderParam(HttpHeaders.IF_NONE_MATCH) String ifNoneMatch) {
        return responses.version(() -> requireVersion(artifactId, version), ifNoneMatch);
    }

    @Needs(Role.READ_ONLY)
    @GET
    @Path("{artifactId}/versions/{version}/meta")
    public VersionMetaData getArtifactVersionMetaData(
            @PathParam("artifactId") String artifactId, @PathParam("version") String version) {
        return VersionMetaData.of(requireVersion(artifactId, version));
    }

    @Needs(Role.DEVELOPER)
    @PUT
    @Path("{artifactId}/versions/{version}/meta")
    @Consumes(MediaType.WILDCARD)
    public Response updateArtifactVersionMetaData(
            @PathParam("artifactId") String artifactId, @PathParam("version") String version, EditableMetaData meta) {
        storage()
                .versions()
                .updateMeta(artifactId, parseVersion(version), requireBody(meta).toMeta(), ArtifactService.ANONYMOUS);
        return Response.noContent().build();
    }

    @Needs(Role.DEVELOPER)
    @DELETE
    @Path("{artifactId}/versions/{version}/meta")
    public Response deleteArtifactVersionMetaData(
            @PathParam("artifactId") String artifactId, @PathParam("version") String version) {
        storage()
                .versions()
                .updateMeta(artifactId, parseVersion(version), EditableMeta.EMPTY, ArtifactService.ANONYMOUS);
        return Response.noContent().build();
    }

    private StoredVersion requireVersion(String artifactId, String version) {
        int number = parseVersion(version);
        return storage()
                .versions()
                .get(artifactId, number)
                .orElseThrow(() -> storage().artifacts().get(artifactId).isEmpty()
                        ? NotFoundException.artifact(artifactId)
                        : NotFoundException.version(artifactId, number));
    }

    static int parseVersion(String version) {
        try {
            int number = WholeNumbers.parseInt(version);
            if (number >= 1) {
                return number;
            }
        } catch (NumberFormatException e) {
            // answered below
        }
        throw new InvalidRequestException("The version must be a whole number of 1 or more, was '" + version + "'.");
    }

    private static VersionStates.Requested requestedState(UpdateState body) {
        if (body == null) {
            throw new InvalidRequestException(
                    "The request body must be a JSON object such as {\"state\": \"DISABLED\"}.");
        }
        return VersionStates.Requested.parse(body.state());
    }

    private static EditableMetaData requireBody(EditableMetaData meta) {
        if (meta == null) {
            throw new InvalidRequestException("The request body must be a JSON object of editable metadata.");
        }
        return meta;
    }

    private static Upload upload(byte[] body, String type, String contentType) {
        return new Upload(
                body == null ? new byte[0] : body,
                Optional.ofNullable(type).filter(t -> !t.isBlank()),
                Optional.ofNullable(contentType));
    }
}
