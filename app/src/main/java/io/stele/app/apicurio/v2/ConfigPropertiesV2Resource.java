package io.stele.app.apicurio.v2;

import io.stele.app.apicurio.v3.ConfigPropertiesV3Resource;
import io.stele.app.security.Operation.Api;
import jakarta.ws.rs.Path;
import jakarta.ws.rs.Produces;
import jakarta.ws.rs.core.MediaType;

/** {@code /apis/registry/v2/admin/config/properties}: the v3 resource's operations, mounted here. */
@Path(Api.REGISTRY_V2_PATH + "/admin/config/properties")
@Produces(MediaType.APPLICATION_JSON)
public class ConfigPropertiesV2Resource extends ConfigPropertiesV3Resource {}
