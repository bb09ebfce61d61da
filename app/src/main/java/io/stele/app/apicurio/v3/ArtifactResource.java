package io.stele.app.apicurio.v3;

import io.stele.app.apicurio.v3.CreateArtifact.CreateVersion;
import io.stele.app.artifacts.ApiConfig;
import io.stele.app.artifacts.ArtifactService;
import io.stele.app.artifacts.ArtifactService.Written;
import io.stele.app.http.Paging;
import io.stele.app.http.QueryChoices;
import io.stele.app.security.Needs;
import io.stele.app.security.Operation.Api;
import io.stele.app.security.Role;
import io.stele.app.storage.StorageProvider;
import io.stele.storage.InvalidRequestException;
import io.stele.storage.Page;
import io.stele.storage.PageRequest;
import io.stele.storage.StoredVersion;
import io.vertx.core.http.HttpServerRequest;
import jakarta.inject.Inject;
import jakarta.ws.rs.Consumes;
import jakarta.ws.rs.DELETE;
import jakarta.ws.rs.GET;
import jakarta.ws.rs.POST;
import jakarta.ws.rs.PUT;
import jakarta.ws.rs.Path;
import jakarta.ws.rs.PathParam;
import jakarta.ws.rs.Produces;
import jakarta.ws.rs.QueryParam;
import jakarta.ws.rs.core.Context;
import jakarta.ws.rs.core.MediaType;
import jakarta.ws.rs.core.Response;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import org.eclipse.microprofile.openapi.annotations.responses.APIResponse;

/**
 * {@code /apis/registry/v3/groups/{groupId}/artifacts/{artifactId}}: an artifact's metadata, its
 * deletion, and its versions listed and added. An artifact's metadata is its latest version's, as
 * on the v1 API (docs/apicurio-v2-v3.md).
 */
@Path(Api.REGISTRY_V3_PATH + "/groups/{groupId}/artifacts/{artifactId}")
@Produces(MediaType.APPLICATION_JSON)
public class ArtifactResource {

    /** Apicurio v3 {@code EditableArtifactMetaData}: what a client may change; null leaves a field. */
    public record EditableArtifactMetaData(String name, String description, Map<String, String> labels, String owner) {}

    /** The orders of Apicurio's {@code VersionSortBy} that list one artifact's versions by number. */
    static final List<String> VERSION_ORDERS = List.of("version", "createdOn", "globalId", "groupId", "artifactId");

    @Inject
    StorageProvider provider;

    @Inject
    ArtifactService artifacts;

    @Inject
    DryRuns dryRuns;

    @Inject
    Registrations registrations;

    @Inject
    ApiConfig config;

    @Needs(Role.READ_ONLY)
    @GET
    public ArtifactMetaData getArtifactMetaData(
            @PathParam("groupId") String groupId, @PathParam("artifactId") String artifactId) {
        DefaultGroup.requireDefault(groupId, artifactId);
        return ArtifactMetaData.of(artifacts.existing(artifactId));
    }

    @Needs(Role.DEVELOPER)
    @PUT
    @Consumes(MediaType.APPLICATION_JSON)
    public Response updateArtifactMetaData(
            @PathParam("groupId") String groupId,
            @PathParam("artifactId") String artifactId,
            EditableArtifactMetaData body) {
        DefaultGroup.requireDefault(groupId, artifactId);
        if (body == null) {
            throw new InvalidRequestException("The request body must be the artifact's editable metadata.");
        }
        Written artifact = artifacts.existing(artifactId);
        Registrations.requireOwnerUnchanged(artifact, body.owner());
        registrations.edit(artifact.version(), body.name(), body.description(), body.labels());
        return Response.noContent().build();
    }

    @Needs(Role.DEVELOPER)
    @DELETE
    @APIResponse(responseCode = "204", description = "The artifact and its versions are deleted.")
    @APIResponse(responseCode = "405", description = RegistryDocument.DELETES_OFF)
    public Response deleteArtifact(@PathParam("groupId") String groupId, @PathParam("artifactId") String artifactId) {
        registrations.requireDeletes("Artifact");
        DefaultGroup.requireDefault(groupId, artifactId);
        provider.storage().artifacts().delete(artifactId);
        return Response.noContent().build();
    }

    @Needs(Role.READ_ONLY)
    @GET
    @Path("versions")
    public VersionMetaData.SearchResults listArtifactVersions(
            @PathParam("groupId") String groupId,
            @PathParam("artifactId") String artifactId,
            @QueryParam("offset") String offset,
            @QueryParam("limit") String limit,
            @QueryParam("order") String order,
            @QueryParam("orderby") String orderby,
            @Context HttpServerRequest request) {
        DefaultGroup.requireDefault(groupId, artifactId);
        QueryChoices.of(
                request,
                "orderby",
                VERSION_ORDERS,
                value -> "orderby must be one of " + String.join(", ", VERSION_ORDERS) + " (an artifact's versions"
                        + " are listed by number), was '" + value + "'.");
        boolean descending = Paging.descending(request);
        PageRequest page = Paging.page(request, config.maxListedIds());
        return descending ? newestFirst(provider, artifactId, page) : listed(versions(provider, artifactId, page));
    }

    @Needs(Role.DEVELOPER)
    @POST
    @Path("versions")
    @Consumes(MediaType.APPLICATION_JSON)
    public VersionMetaData createArtifactVersion(
            @PathParam("groupId") String groupId,
            @PathParam("artifactId") String artifactId,
            @QueryParam("dryRun") String dryRun,
            @Context HttpServerRequest request,
            CreateVersion body) {
        boolean dry = DryRuns.asked(request);
        if (body == null) {
            throw new InvalidRequestException("The request body must be the version to create, with its content.");
        }
        Registrations.Sent sent = body.sent(Optional.empty(), null, null, null);
        Written written = dry
                ? dryRuns.addVersion(groupId, artifactId, sent)
                : registrations.addVersion(groupId, artifactId, sent);
        return VersionMetaData.of(written.version());
    }

    private static Page<StoredVersion> versions(StorageProvider provider, String artifactId, PageRequest page) {
        return provider.storage().search().versions(artifactId, page);
    }

    private static VersionMetaData.SearchResults listed(Page<StoredVersion> found) {
        return new VersionMetaData.SearchResults(
                (int) found.total(),
                found.items().stream().map(VersionMetaData::searched).toList());
    }

    /**
     * A page of an artifact's versions from the highest down, as its versions listed in descending
     * order and its {@code latest} branch list them: the same window, counted from the other end.
     */
    static VersionMetaData.SearchResults newestFirst(StorageProvider provider, String artifactId, PageRequest page) {
        long total = versions(provider, artifactId, new PageRequest(0, 1)).total();
        long end = total - page.offset();
        if (end <= 0) {
            return listed(new Page<>(total, List.of()));
        }
        int start = (int) Math.max(0, end - page.limit());
        List<StoredVersion> items =
                new ArrayList<>(versions(provider, artifactId, new PageRequest(start, (int) (end - start)))
                        .items());
        Collections.reverse(items);
        return listed(new Page<>(total, items));
    }
}
