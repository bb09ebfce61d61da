package io.stele.app.apicurio.v2;

import io.stele.app.apicurio.v3.ArtifactTypesV3Resource;
import io.stele.app.security.Operation.Api;
import jakarta.ws.rs.Path;
import jakarta.ws.rs.Produces;
import jakarta.ws.rs.core.MediaType;

/** {@code /apis/registry/v2/admin/artifactTypes}: the v3 resource's list, where Apicurio 2.x serves it. */
@Path(Api.REGISTRY_V2_PATH + "/admin/artifactTypes")
@Produces(MediaType.APPLICATION_JSON)
public class ArtifactTypesV2Resource extends ArtifactTypesV3Resource {}
