package io.stele.app.apicurio.v3;

import io.stele.app.apicurio.v3.ArtifactMetaData.CreateArtifactResponse;
import io.stele.app.apicurio.v3.Registrations.Sent;
import io.stele.app.artifacts.IfExists;
import io.stele.app.http.QueryChoices;
import io.stele.app.security.Needs;
import io.stele.app.security.Operation.Api;
import io.stele.app.security.Role;
import io.stele.storage.InvalidRequestException;
import io.stele.storage.Page;
import io.stele.storage.StoredArtifact;
import io.vertx.core.http.HttpServerRequest;
import io.vertx.ext.web.RoutingContext;
import jakarta.inject.Inject;
import jakarta.ws.rs.Consumes;
import jakarta.ws.rs.GET;
import jakarta.ws.rs.POST;
import jakarta.ws.rs.Path;
import jakarta.ws.rs.PathParam;
import jakarta.ws.rs.Produces;
import jakarta.ws.rs.QueryParam;
import jakarta.ws.rs.core.Context;
import jakarta.ws.rs.core.MediaType;
import java.util.List;
import java.util.Optional;
import org.eclipse.microprofile.openapi.annotations.responses.APIResponse;

/**
 * {@code POST /apis/registry/v3/groups/{groupId}/artifacts}: creates an artifact with its first
 * version, which Apicurio 3.x's serializers send to register a schema ({@code auto-register}).
 * {@code ifExists} says what an existing artifact makes of it: {@code FAIL} (409), {@code
 * CREATE_VERSION} (a new version, checked against the artifact's rules) or {@code
 * FIND_OR_CREATE_VERSION} (the highest version whose content means the same, else a new one).
 */
@Path(Api.REGISTRY_V3_PATH + "/groups/{groupId}/artifacts")
public class GroupArtifactsResource {

    /** Apicurio v3's {@code IfArtifactExists}: what each asks, as Stele's {@link IfExists}. */
    enum IfArtifactExists {
        FAIL(IfExists.FAIL),
        CREATE_VERSION(IfExists.UPDATE),
        FIND_OR_CREATE_VERSION(IfExists.RETURN_OR_UPDATE);

        final IfExists meaning;

        IfArtifactExists(IfExists meaning) {
            this.meaning = meaning;
        }
    }

    @Inject
    Registrations registrations;

    @Inject
    DryRuns dryRuns;

    @Inject
    RememberedRegistrations remembered;

    @Inject
    DefaultGroup group;

    /** Apicurio v3 {@code ArtifactSearchResults}: how many artifacts were found, and those on this page. */
    public record ArtifactSearchResults(int count, List<ArtifactMetaData> artifacts) {

        /** A page of artifacts, each named by its latest version. */
        static ArtifactSearchResults of(Page<StoredArtifact> found) {
            return new ArtifactSearchResults(
                    (int) found.total(),
                    found.items().stream().map(ArtifactMetaData::of).toList());
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
        return ArtifactSearchResults.of(group.artifacts(groupId, request, ArtifactSearch.ORDERS));
    }

    @Needs(Role.DEVELOPER)
    @POST
    @Consumes(MediaType.APPLICATION_JSON)
    @Produces(MediaType.APPLICATION_JSON)
    @APIResponse(responseCode = "200", description = "The artifact, and the version created or found.")
    @APIResponse(responseCode = "409", description = RegistryDocument.CREATE_CONFLICT)
    public CreateArtifactResponse createArtifact(
            @PathParam("groupId") String groupId,
            @QueryParam("ifExists") String ifExists,
            @QueryParam("canonical") String canonical,
            @QueryParam("dryRun") String dryRun,
            @Context HttpServerRequest request,
            @Context RoutingContext context,
            CreateArtifact body) {
        IfExists onExisting = QueryChoices.of(request, "ifExists", IfArtifactExists.class)
                .map(choice -> choice.meaning)
                .orElse(IfExists.FAIL);
        QueryChoices.flag(request, "canonical", false); // content is always compared by its canonical form
        boolean dry = DryRuns.asked(request);
        if (body == null || body.firstVersion() == null) {
            throw new InvalidRequestException(
                    "The artifact needs a firstVersion with its content: an artifact without versions is not kept.");
        }
        Sent sent = body.firstVersion()
                .sent(Optional.ofNullable(body.artifactType()), body.name(), body.description(), body.labels());
        Optional<String> artifactId = Optional.ofNullable(body.artifactId());
        if (dry) {
            return CreateArtifactResponse.of(dryRuns.create(groupId, artifactId, sent, onExisting));
        }
        RememberedRegistrations.Pending pending =
                onExisting == IfExists.RETURN_OR_UPDATE ? remembered.pending(context, artifactId) : null;
        return remembered.remember(
                pending, CreateArtifactResponse.of(registrations.create(groupId, artifactId, sent, onExisting)));
    }
}
