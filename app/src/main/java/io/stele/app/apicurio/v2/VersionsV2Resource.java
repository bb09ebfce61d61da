package io.stele.app.apicurio.v2;

import io.smallrye.mutiny.Uni;
import io.stele.app.apicurio.v2.ArtifactMetaDataV2.VersionMetaDataV2;
import io.stele.app.apicurio.v3.DefaultGroup;
import io.stele.app.apicurio.v3.IdLookups.ArtifactReference;
import io.stele.app.security.Needs;
import io.stele.app.security.Operation.Api;
import io.stele.app.security.Role;
import jakarta.inject.Inject;
import jakarta.ws.rs.GET;
import jakarta.ws.rs.HeaderParam;
import jakarta.ws.rs.Path;
import jakarta.ws.rs.PathParam;
import jakarta.ws.rs.Produces;
import jakarta.ws.rs.core.HttpHeaders;
import jakarta.ws.rs.core.MediaType;
import jakarta.ws.rs.core.Response;
import java.util.List;

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

    @Needs(Role.READ_ONLY)
    @GET
    @Produces(MediaType.WILDCARD)
    public Uni<Response> getArtifactVersion(
            @PathParam("groupId") String groupId,
            @PathParam("artifactId") String artifactId,
            @PathParam("version") String version,
            @HeaderParam(HttpHeaders.IF_NONE_MATCH) String ifNoneMatch) {
        return group.content(groupId, artifactId, DefaultGroup.v2Expression(version), ifNoneMatch);
    }

    @Needs(Role.READ_ONLY)
    @GET
    @Path("references")
    @Produces(MediaType.APPLICATION_JSON)
    public Uni<List<ArtifactReference>> getArtifactVersionReferences(
            @PathParam("groupId") String groupId,
            @PathParam("artifactId") String artifactId,
            @PathParam("version") String version) {
        return group.references(groupId, artifactId, DefaultGroup.v2Expression(version));
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
}
