package io.stele.app.apicurio.v2;

import com.fasterxml.jackson.databind.ObjectMapper;
import io.smallrye.mutiny.Uni;
import io.stele.app.apicurio.v1.ContentResponses;
import io.stele.app.apicurio.v2.ArtifactMetaDataV2.VersionMetaDataV2;
import io.stele.app.apicurio.v3.DefaultGroup;
import io.stele.app.apicurio.v3.IdLookups;
import io.stele.app.apicurio.v3.IdLookups.ArtifactReference;
import io.stele.app.apicurio.v3.Registrations;
import io.stele.app.apicurio.v3.Registrations.Sent;
import io.stele.app.apicurio.v3.RegistryDocument;
import io.stele.app.artifacts.ArtifactService;
import io.stele.app.artifacts.ArtifactService.Upload;
import io.stele.app.artifacts.ArtifactService.Written;
import io.stele.app.artifacts.IfExists;
import io.stele.app.http.QueryChoices;
import io.stele.app.security.Needs;
import io.stele.app.security.Operation.Api;
import io.stele.app.security.Role;
import io.stele.storage.EditableMeta;
import io.stele.storage.InvalidRequestException;
import io.vertx.core.http.HttpServerRequest;
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
import jakarta.ws.rs.core.Response;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.util.Arrays;
import java.util.Base64;
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

    private static final String NAME = "X-Registry-Name";
    private static final String DESCRIPTION = "X-Registry-Description";
    private static final String ENCODED = "-Encoded";

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
    ObjectMapper json;

    /**
     * Apicurio v2 {@code ArtifactContent}: content with its references.
     *
     * @param content the content's text
     * @param references the versions it references, in the default group
     */
    public record ArtifactContent(String content, List<ArtifactReference> references) {}

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
            byte[] body) {
        IfExists onExisting = QueryChoices.of(
                        request,
                        "ifExists",
                        Arrays.stream(IfExists.values()).map(Enum::name).toList())
                .map(IfExists::valueOf)
                .orElse(IfExists.FAIL);
        QueryChoices.flag(request, "canonical", false); // content is always compared by its canonical form
        String version = request.getHeader("X-Registry-Version"); // undocumented: refused when sent
        if (version != null) {
            throw new InvalidRequestException("X-Registry-Version '" + version
                    + "' cannot be kept: versions are numbered 1, 2, 3 and so on by the registry; omit it.");
        }
        ArtifactContent content = content(contentType, body, "create");
        EditableMeta meta = Registrations.meta(
                header(NAME, name, encodedName), header(DESCRIPTION, description, encodedDescription), null);
        Sent sent = new Sent(
                content.content(),
                Optional.ofNullable(artifactType),
                Optional.ofNullable(contentType).filter(type -> !extended(type)),
                content.references(),
                meta);
        Written written = registrations.create(groupId, Optional.ofNullable(artifactId), sent, onExisting);
        return ArtifactMetaDataV2.of(written, ids.references(written.version()));
    }

    @Needs(Role.READ_ONLY)
    @GET
    @Path("{artifactId}")
    @Produces(MediaType.WILDCARD)
    public Uni<Response> getLatestArtifact(
            @PathParam("groupId") String groupId,
            @PathParam("artifactId") String artifactId,
            @QueryParam("dereference") String dereference,
            @HeaderParam(HttpHeaders.IF_NONE_MATCH) String ifNoneMatch,
            @Context HttpServerRequest request) {
        IdLookups.onlyAsRegistered(request, "dereference", "false");
        group.requireDefault(groupId, artifactId);
        return responses.latest(artifactId, ifNoneMatch);
    }

    @Needs(Role.READ_ONLY)
    @GET
    @Path("{artifactId}/meta")
    @Produces(MediaType.APPLICATION_JSON)
    public ArtifactMetaDataV2 getArtifactMetaData(
            @PathParam("groupId") String groupId, @PathParam("artifactId") String artifactId) {
        group.requireDefault(groupId, artifactId);
        Written written = artifacts.existing(artifactId);
        return ArtifactMetaDataV2.of(written, ids.references(written.version()));
    }

    @Needs(Role.READ_ONLY)
    @POST
    @Path("{artifactId}/meta")
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
        group.requireDefault(groupId, artifactId);
        ArtifactContent content = content(contentType, body, "get");
        Upload upload = new Upload(
                content.content().getBytes(StandardCharsets.UTF_8),
                Optional.empty(),
                Optional.empty(),
                registrations.references(content.references()));
        return VersionMetaDataV2.of(artifacts.findByContent(artifactId, upload));
    }

    /** The body as content with references: parsed from Apicurio's JSON when the media type says so. */
    private ArtifactContent content(String contentType, byte[] body, String purpose) {
        byte[] bytes = body == null ? new byte[0] : body;
        if (contentType == null || !extended(contentType)) {
            return new ArtifactContent(new String(bytes, StandardCharsets.UTF_8), List.of());
        }
        if (!contentType.contains(purpose + ".extended+json")) {
            throw new InvalidRequestException(
                    "Content-Type '" + contentType + "' is not for this request: send " + purpose + ".extended+json.");
        }
        try {
            ArtifactContent content = json.readValue(bytes, ArtifactContent.class);
            if (content == null || content.content() == null) {
                throw new InvalidRequestException("The body must give the content, as {\"content\": ...}.");
            }
            return content;
        } catch (IOException e) {
            throw new InvalidRequestException(
                    "The body is not an ArtifactContent JSON object: {\"content\": ...," + " \"references\": [...]}.");
        }
    }

    private static boolean extended(String contentType) {
        return contentType.contains(".extended+json");
    }

    /** A metadata header's value: as sent, or from its base64-encoded twin. */
    private static String header(String name, String plain, String encoded) {
        if (encoded == null) {
            return plain;
        }
        try {
            return new String(Base64.getDecoder().decode(encoded.trim()), StandardCharsets.UTF_8);
        } catch (IllegalArgumentException e) {
            throw new InvalidRequestException(name + ENCODED + " must be base64, was '" + encoded + "'.");
        }
    }
}
