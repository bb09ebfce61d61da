package io.stele.app.apicurio.v3;

import io.stele.app.security.Needs;
import io.stele.app.security.Operation.Api;
import io.stele.app.security.Role;
import io.stele.storage.ArtifactType;
import jakarta.ws.rs.GET;
import jakarta.ws.rs.Path;
import jakarta.ws.rs.Produces;
import jakarta.ws.rs.core.MediaType;
import java.util.Arrays;
import java.util.List;

/**
 * {@code /apis/registry/v3/admin/config/artifactTypes}: the artifact types the registry takes, each
 * one its clients may name as {@code artifactType}, as Apicurio's console asks for them to offer a
 * choice. The v2 API mounts it at {@code /admin/artifactTypes} ({@link
 * io.stele.app.apicurio.v2.ArtifactTypesV2Resource}).
 */
@Path(Api.REGISTRY_V3_PATH + "/admin/config/artifactTypes")
@Produces(MediaType.APPLICATION_JSON)
public class ArtifactTypesV3Resource {

    /** Apicurio's {@code ArtifactTypeInfo}, in both APIs. */
    public record ArtifactTypeInfo(String name) {}

    private static final List<ArtifactTypeInfo> TYPES = Arrays.stream(ArtifactType.values())
            .map(type -> new ArtifactTypeInfo(type.name()))
            .toList();

    @Needs(Role.READ_ONLY)
    @GET
    public List<ArtifactTypeInfo> listArtifactTypes() {
        return TYPES;
    }
}
