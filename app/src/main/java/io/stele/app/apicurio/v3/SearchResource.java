package io.stele.app.apicurio.v3;

import io.smallrye.mutiny.Uni;
import io.smallrye.mutiny.infrastructure.Infrastructure;
import io.stele.app.artifacts.ArtifactService;
import io.stele.app.artifacts.ArtifactService.Upload;
import io.stele.app.http.QueryChoices;
import io.stele.app.security.Needs;
import io.stele.app.security.Operation.Api;
import io.stele.app.security.Role;
import io.stele.storage.ArtifactType;
import io.stele.storage.InvalidRequestException;
import io.stele.storage.NotFoundException;
import io.vertx.core.http.HttpServerRequest;
import jakarta.inject.Inject;
import jakarta.ws.rs.Consumes;
import jakarta.ws.rs.GET;
import jakarta.ws.rs.POST;
import jakarta.ws.rs.Path;
import jakarta.ws.rs.Produces;
import jakarta.ws.rs.QueryParam;
import jakarta.ws.rs.core.Context;
import jakarta.ws.rs.core.MediaType;
import java.util.List;
import java.util.Optional;

/**
 * {@code /apis/registry/v3/search}: artifacts by the filters {@link ArtifactSearch} serves,
 * versions by those {@link VersionSearch} serves, and the versions of an artifact whose content means the same as the body, which Apicurio 3.x's
 * serializers ask for a schema they do not register. The highest such version is found, as by the
 * v1 API's lookup; the content is always compared by its canonical form, whatever {@code
 * canonical} says, as docs/apicurio-v2-v3.md explains.
 */
@Path(Api.REGISTRY_V3_PATH + "/search")
public class SearchResource {

    @Inject
    ArtifactSearch search;

    @Inject
    VersionSearch versions;

    @Inject
    DefaultGroup group;

    @Inject
    ArtifactService artifacts;

    @Needs(Role.READ_ONLY)
    @GET
    @Path("artifacts")
    @Produces(MediaType.APPLICATION_JSON)
    public GroupArtifactsResource.ArtifactSearchResults searchArtifacts(
            @QueryParam("name") String name,
            @QueryParam("offset") String offset,
            @QueryParam("limit") String limit,
            @QueryParam("order") String order,
            @QueryParam("orderby") String orderby,
            @QueryParam("labels") List<String> labels,
            @QueryParam("description") String description,
            @QueryParam("groupId") String groupId,
            @QueryParam("globalId") String globalId,
            @QueryParam("contentId") String contentId,
            @QueryParam("artifactId") String artifactId,
            @QueryParam("artifactType") String artifactType,
            @Context HttpServerRequest request) {
        return GroupArtifactsResource.ArtifactSearchResults.of(search.search(request));
    }

    @Needs(Role.READ_ONLY)
    @GET
    @Path("groups")
    @Produces(MediaType.APPLICATION_JSON)
    public GroupsResource.GroupSearchResults searchGroups(
            @QueryParam("offset") String offset,
            @QueryParam("limit") String limit,
            @QueryParam("order") String order,
            @QueryParam("orderby") String orderby,
            @QueryParam("labels") List<String> labels,
            @QueryParam("description") String description,
            @QueryParam("groupId") String groupId,
            @Context HttpServerRequest request) {
        return GroupsResource.none(request);
    }

    @Needs(Role.READ_ONLY)
    @GET
    @Path("versions")
    @Produces(MediaType.APPLICATION_JSON)
    public VersionMetaData.SearchResults searchVersions(
            @QueryParam("version") String version,
            @QueryParam("offset") String offset,
            @QueryParam("limit") String limit,
            @QueryParam("order") String order,
            @QueryParam("orderby") String orderby,
            @QueryParam("labels") List<String> labels,
            @QueryParam("description") String description,
            @QueryParam("groupId") String groupId,
            @QueryParam("globalId") String globalId,
            @QueryParam("contentId") String contentId,
            @QueryParam("artifactId") String artifactId,
            @QueryParam("name") String name,
            @QueryParam("state") String state,
            @QueryParam("artifactType") String artifactType,
            @Context HttpServerRequest request) {
        return versions.search(request);
    }

    @Needs(Role.READ_ONLY)
    @POST
    @Path("versions")
    @Consumes(MediaType.WILDCARD)
    @Produces(MediaType.APPLICATION_JSON)
    public Uni<VersionMetaData.SearchResults> searchVersionsByContent(
            byte[] body,
            @QueryParam("groupId") String groupId,
            @QueryParam("artifactId") String artifactId,
            @QueryParam("artifactType") String artifactType,
            @QueryParam("canonical") String canonical,
            @Context HttpServerRequest request) {
        if (artifactId == null || artifactId.isEmpty()) {
            throw new InvalidRequestException(
                    "Searching versions by content needs an artifactId: the versions of one artifact are searched.");
        }
        QueryChoices.flag(request, "canonical", false); // content is always compared by its canonical form
        Optional<ArtifactType> declared = QueryChoices.of(request, "artifactType", ArtifactType.class);
        return Uni.createFrom()
                .item(() -> {
                    try {
                        DefaultGroup.requireDefault(groupId == null ? DefaultGroup.NAME : groupId, artifactId);
                        return found(List.of(VersionMetaData.searched(artifacts.findByContent(
                                artifactId, declared, Upload.of(body == null ? new byte[0] : body)))));
                    } catch (NotFoundException e) {
                        return found(List.of()); // no such group or artifact, or no version of it with this content
                    }
                })
                .runSubscriptionOn(Infrastructure.getDefaultWorkerPool());
    }

    private static VersionMetaData.SearchResults found(List<VersionMetaData> versions) {
        return new VersionMetaData.SearchResults(versions.size(), versions);
    }
}
