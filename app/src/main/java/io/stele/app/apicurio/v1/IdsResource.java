package io.stele.app.apicurio.v1;

import io.smallrye.mutiny.Uni;
import io.stele.app.artifacts.ArtifactService;
import io.stele.app.artifacts.ArtifactService.Written;
import io.stele.app.http.WholeNumbers;
import io.stele.app.security.Needs;
import io.stele.app.security.Role;
import io.stele.app.storage.StorageProvider;
import io.stele.storage.InvalidRequestException;
import io.stele.storage.NotFoundException;
import io.stele.storage.StoredVersion;
import jakarta.inject.Inject;
import jakarta.ws.rs.GET;
import jakarta.ws.rs.HeaderParam;
import jakarta.ws.rs.Path;
import jakarta.ws.rs.PathParam;
import jakarta.ws.rs.Produces;
import jakarta.ws.rs.core.HttpHeaders;
import jakarta.ws.rs.core.MediaType;
import jakarta.ws.rs.core.Response;

/** {@code /api/ids}: versions by their globalId, as serializers look them up. */
@Path("/api/ids/{globalId}")
public class IdsResource {

    @Inject
    StorageProvider provider;

    @Inject
    ArtifactService artifacts;

    @Inject
    ContentResponses responses;

    @Needs(Role.READ_ONLY)
    @GET
    @Produces(MediaType.WILDCARD)
    public Uni<Response> getArtifactByGlobalId(
            @PathParam("globalId") String globalId, @HeaderParam(HttpHeaders.IF_NONE_MATCH) String ifNoneMatch) {
        return responses.version(() -> require(globalId), ifNoneMatch);
    }

    @Needs(Role.READ_ONLY)
    @GET
    @Path("meta")
    @Produces(MediaType.APPLICATION_JSON)
    public ArtifactMetaData getArtifactMetaDataByGlobalId(@PathParam("globalId") String globalId) {
        Written w = artifacts.withArtifact(require(globalId));
        return ArtifactMetaData.of(w.version(), w.artifactCreatedBy(), w.artifactCreatedOn());
    }

    private StoredVersion require(String globalId) {
        long id = parse(globalId);
        return provider.storage().versions().byGlobalId(id).orElseThrow(() -> NotFoundException.globalId(id));
    }

    private static long parse(String globalId) {
        try {
            return WholeNumbers.parse(globalId);
        } catch (NumberFormatException e) {
            throw new InvalidRequestException("The global id must be a whole number, was '" + globalId + "'.");
        }
    }
}
