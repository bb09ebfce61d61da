package io.stele.app.apicurio.v2;

import io.stele.app.apicurio.v3.SystemV3Resource;
import io.stele.app.apicurio.v3.SystemV3Resource.Limits;
import io.stele.app.apicurio.v3.SystemV3Resource.SystemInfo;
import io.stele.app.apicurio.v3.SystemV3Resource.UserInfo;
import io.stele.app.artifacts.ApiConfig;
import io.stele.app.security.AuthConfig;
import io.stele.app.security.Needs;
import io.stele.app.security.Open;
import io.stele.app.security.Operation.Api;
import io.stele.app.security.Role;
import jakarta.inject.Inject;
import jakarta.ws.rs.GET;
import jakarta.ws.rs.Path;
import jakarta.ws.rs.Produces;
import jakarta.ws.rs.core.MediaType;

/**
 * {@code /apis/registry/v2/system/info}, {@code .../system/limits} and {@code .../users/me}, as on
 * the v3 API; the limits open to anyone, as in Apicurio 2.x.
 */
@Path(Api.REGISTRY_V2_PATH)
@Produces(MediaType.APPLICATION_JSON)
public class SystemV2Resource {

    @Inject
    AuthConfig auth;

    @Inject
    ApiConfig api;

    @Needs(Role.READ_ONLY)
    @GET
    @Path("system/info")
    public SystemInfo getSystemInfo() {
        return SystemV3Resource.info();
    }

    @Open
    @GET
    @Path("system/limits")
    public Limits getResourceLimits() {
        return SystemV3Resource.limits(api);
    }

    @Needs(Role.READ_ONLY)
    @GET
    @Path("users/me")
    public UserInfo getCurrentUserInfo() {
        return SystemV3Resource.me(auth);
    }
}
