package io.stele.app.apicurio.v2;

import io.stele.app.apicurio.v1.ContentResponses;
import io.stele.app.apicurio.v2.ArtifactMetaDataV2.SearchedArtifactV2;
import io.stele.app.apicurio.v3.DefaultGroup;
import io.stele.app.apicurio.v3.IdLookups;
import io.stele.app.apicurio.v3.Registrations;
import io.stele.app.apicurio.v3.Registrations.Sent;
import io.stele.app.apicurio.v3.RegistryDocument;
import io.stele.app.apicurio.v3.RememberedRegistrations;
import io.stele.app.artifacts.ArtifactService;
import io.stele.app.artifacts.ArtifactService.Written;
import io.stele.app.artifacts.IfExists;
import io.stele.app.http.QueryChoices;
import io.stele.app.security.Needs;
import io.stele.app.security.Operation.Api;
import io.stele.app.security.Role;
import io.stele.storage.Page;
import io.stele.storage.StoredArtifact;
import io.vertx.core.http.HttpServerRequest;
import io.vertx.ext.web.RoutingContext;
import jakarta.inject.Inject;
import jakarta.ws.rs.Consumes;
import jakarta.ws.rs.GET;
import jakarta.ws.rs.HeaderParam;
import jakarta.ws.rs.POST;
import jakarta.ws.rs.Path;
import jakarta.ws.rs.PathParam;
import jakarta.ws.rs.Produces;
import jakarta.ws.rs.QueryParam;
import jakarta.ws.rs.core.Context;
import jakarta.ws.rs.core.HttpHeaders;
import jakarta.ws.rs.core.MediaType;
import java.util.Arrays;
import java.util.List;
import java.util.Optional;
import org.eclipse.microprofile.openapi.annotations.responses.APIResponse;

/**
 * {@code /apis/registry/v2/groups/{groupId}/artifacts}: the calls Apicurio 2.x's serializers make
 * to register a schema ({@code POST}, with {@code ifExists=RETURN_OR_UPDATE}), to find one by its
 * content ({@code POST .../meta}) and to find an artifact's latest version ({@code GET .../meta}),
 * with the latest version's content.
 *
 * <p>A body is the content itself, or, sent as {@code application/create.extended+json} (or {@code
 * get.extended}, with or without {@code vnd.}), Apicurio's {@code ArtifactContent}: the content and
 * its references.
 */
@Path(Api.REGISTRY_V2_PATH + "/groups/{groupId}/artifacts")
public class ArtifactsV2Resource {

    private static final String NAME = V2Bodies.NAME;
    private static final String DESCRIPTION = V2Bodies.DESCRIPTION;
    private static final String ENCODED = V2Bodies.ENCODED;

    @Inject
    Registrations registrations;

    @Inject
    ArtifactService artifacts;

    @Inject
    DefaultGroup group;

    @Inject
    IdLookups ids;

    @Inject
    ContentResponses responses;

    @Inject
    V2Bodies bodies;

    @Inject
    RememberedRegistrations remembered;

    @Needs(Role.DEVELOPER)
    @POST
    @Consumes(MediaType.WILDCARD)
    @Produces(MediaType.APPLICATION_JSON)
    @APIResponse(responseCode = "200", description = "The version created or found, with its artifact.")
    @APIResponse(responseCode = "409", description = RegistryDocument.CREATE_CONFLICT)
    public ArtifactMetaDataV2 createArtifact(
            @PathParam("groupId") String groupId,
            @HeaderParam("X-Registry-ArtifactType") String artifactType,
            @HeaderParam("X-Registry-ArtifactId") String artifactId,
            @HeaderParam(NAME) String name,
            @HeaderParam(NAME + ENCODED) String encodedName,
            @HeaderParam(DESCRIPTION) String description,
            @HeaderParam(DESCRIPTION + ENCODED) String encodedDescription,
            @QueryParam("ifExists") String ifExists,
            @QueryParam("canonical") String canonical,
            @HeaderParam(HttpHeaders.CONTENT_TYPE) String contentType,
            @Context HttpServerRequest request,
            @Context RoutingContext context,
            byte[] body) {
        IfExists onExisting = QueryChoices.of(
                        request,
                        "ifExists",
                        Arrays.stream(IfExists.values()).map(Enum::name).toList())
                .map(IfExists::valueOf)
                .orElse(IfExists.FAIL);
        QueryChoices.flag(request, "canonical", false); // content is always compared by its canonical form
        Sent sent = bodies.sent(request, artifactType, body);
        RememberedRegistrations.Pending pending = onExisting == IfExists.RETURN_OR_UPDATE
                ? remembered.pending(context, Optional.ofNullable(artifactId))
                : null;
        Written written = registrations.create(groupId, Optional.ofNullable(artifactId), sent, onExisting);
        return remembered.remember(pending, ArtifactMetaDataV2.of(written, ids.references(written.version())));
    }

    /** Apicurio v2 {@code ArtifactSearchResults}. */
    public record ArtifactSearchResults(List<SearchedArtifactV2> artifacts, int count) {

        /** A page of artifacts, each named by its latest version. */
        static ArtifactSearchResults of(Page<StoredArtifact> found) {
            return new ArtifactSearchResults(
                    found.items().stream().map(SearchedArtifactV2::of).toList(), (int) found.total());
        }
    }

    @Needs(Role.READ_ONLY)
    @GET
    @Produces(MediaType.APPLICATION_JSON)
    public ArtifactSearchResults listArtifactsInGroup(
            @PathParam("groupId") String groupId,
            @QueryParam("offset") String offset,
            @QueryParam("limit") String limit,
            @QueryParam("order") String order,
            @QueryParam("orderby") String orderby,
            @Context HttpServerRequest request) {
        return ArtifactSearchResults.of(group.artifacts(groupId, request, SearchV2Resource.ORDERS));
    }
}
