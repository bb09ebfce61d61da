package io.stele.app.apicurio.v3;

import io.stele.app.security.Needs;
import io.stele.app.security.Operation.Api;
import io.stele.app.security.Role;
import io.stele.storage.NotFoundException;
import jakarta.ws.rs.Consumes;
import jakarta.ws.rs.DELETE;
import jakarta.ws.rs.GET;
import jakarta.ws.rs.PUT;
import jakarta.ws.rs.Path;
import jakarta.ws.rs.PathParam;
import jakarta.ws.rs.Produces;
import jakarta.ws.rs.core.MediaType;
import java.util.List;
import org.eclipse.microprofile.openapi.annotations.media.Schema;

/**
 * {@code /apis/registry/v3/admin/config/properties}: the settings an admin may change while the
 * registry runs, as Apicurio lists its dynamic properties. Stele has none: every setting is read at
 * start, the same on every replica, so the list is empty and any name answers 404 {@code
 * ConfigPropertyNotFoundException}, as Apicurio answers a property that is not dynamic. The v2 API
 * mounts the same operations ({@link io.stele.app.apicurio.v2.ConfigPropertiesV2Resource}).
 */
@Path(Api.REGISTRY_V3_PATH + "/admin/config/properties")
@Produces(MediaType.APPLICATION_JSON)
public class ConfigPropertiesV3Resource {

    /** Apicurio's {@code ConfigurationProperty}, in both APIs. */
    public record ConfigurationProperty(
            @Schema(required = true) String name,
            @Schema(required = true) String value,
            @Schema(required = true) String type,
            @Schema(required = true) String label,
            @Schema(required = true) String description) {}

    /** Apicurio's {@code UpdateConfigurationProperty}, in both APIs. */
    public record UpdateConfigurationProperty(@Schema(required = true) String value) {}

    @Needs(Role.ADMIN)
    @GET
    public List<ConfigurationProperty> listConfigProperties() {
        return List.of();
    }

    @Needs(Role.ADMIN)
    @GET
    @Path("{propertyName}")
    public ConfigurationProperty getConfigProperty(@PathParam("propertyName") String propertyName) {
        throw notDynamic(propertyName);
    }

    @Needs(Role.ADMIN)
    @PUT
    @Path("{propertyName}")
    @Consumes(MediaType.WILDCARD)
    public void updateConfigProperty(@PathParam("propertyName") String propertyName, UpdateConfigurationProperty body) {
        throw notDynamic(propertyName);
    }

    @Needs(Role.ADMIN)
    @DELETE
    @Path("{propertyName}")
    public void resetConfigProperty(@PathParam("propertyName") String propertyName) {
        throw notDynamic(propertyName);
    }

    private static NotFoundException notDynamic(String name) {
        return new NotFoundException(
                NotFoundException.Missing.SETTING,
                "No configuration property named '" + name + "' can be changed while the registry runs: Stele"
                        + " reads every setting at start, and a change takes a restart.");
    }
}
