package io.stele.app.apicurio.v3;

import io.stele.app.apicurio.v3.ArtifactMetaData.CreateArtifactResponse;
import io.stele.app.apicurio.v3.CreateArtifact.CreateVersion;
import io.stele.app.apicurio.v3.CreateArtifact.VersionContent;
import io.stele.app.apicurio.v3.Registrations.Sent;
import io.stele.app.artifacts.IfExists;
import io.stele.app.http.QueryChoices;
import io.stele.app.security.Needs;
import io.stele.app.security.Operation.Api;
import io.stele.app.security.Role;
import io.stele.storage.InvalidRequestException;
import io.vertx.core.http.HttpServerRequest;
import jakarta.inject.Inject;
import jakarta.ws.rs.Consumes;
import jakarta.ws.rs.POST;
import jakarta.ws.rs.Path;
import jakarta.ws.rs.PathParam;
import jakarta.ws.rs.Produces;
import jakarta.ws.rs.QueryParam;
import jakarta.ws.rs.core.Context;
import jakarta.ws.rs.core.MediaType;
import java.util.Arrays;
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

        static List<String> names() {
            return Arrays.stream(values()).map(Enum::name).toList();
        }
    }

    @Inject
    Registrations registrations;

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
            CreateArtifact body) {
        IfExists onExisting = QueryChoices.of(request, "ifExists", IfArtifactExists.names())
                .map(name -> IfArtifactExists.valueOf(name).meaning)
                .orElse(IfExists.FAIL);
        QueryChoices.flag(request, "canonical", false); // content is always compared by its canonical form
        if (QueryChoices.flag(request, "dryRun", false)) {
            throw new InvalidRequestException("dryRun=true is not served: test a version with the v1 API's"
                    + " PUT /api/artifacts/{artifactId}/test.");
        }
        if (body == null || body.firstVersion() == null || body.firstVersion().content() == null) {
            throw new InvalidRequestException(
                    "The artifact needs a firstVersion with its content: an artifact without versions is not kept.");
        }
        CreateVersion first = body.firstVersion();
        if (first.version() != null) {
            throw new InvalidRequestException("firstVersion.version '" + first.version()
                    + "' cannot be kept: versions are numbered 1, 2, 3 and so on by the registry; omit it.");
        }
        if (Boolean.TRUE.equals(first.isDraft())) {
            throw new InvalidRequestException("Draft versions are not served; omit isDraft.");
        }
        if (first.branches() != null && first.branches().stream().anyMatch(b -> !"latest".equals(b))) {
            throw new InvalidRequestException("The branch served is 'latest', which every new version joins.");
        }
        VersionContent content = first.content();
        Sent sent = new Sent(
                content.content(),
                Optional.ofNullable(body.artifactType()),
                Optional.ofNullable(content.contentType()),
                content.references(),
                Registrations.meta(
                        first.name() != null ? first.name() : body.name(),
                        first.description() != null ? first.description() : body.description(),
                        first.labels() != null ? first.labels() : body.labels()));
        return CreateArtifactResponse.of(
                registrations.create(groupId, Optional.ofNullable(body.artifactId()), sent, onExisting));
    }
}
