package io.stele.app.apicurio.v3;

import io.stele.app.lifecycle.Release;
import io.stele.app.security.AuthConfig;
import io.stele.app.security.Caller;
import io.stele.app.security.Needs;
import io.stele.app.security.Operation.Api;
import io.stele.app.security.Role;
import jakarta.inject.Inject;
import jakarta.ws.rs.GET;
import jakarta.ws.rs.Path;
import jakarta.ws.rs.Produces;
import jakarta.ws.rs.core.MediaType;

/**
 * {@code /apis/registry/v3/system/info} and {@code .../users/me}: what the registry is and who the
 * caller is to it, as Apicurio's clients and consoles ask on start. Apicurio's v2 API answers both in
 * the same shape ({@link io.stele.app.apicurio.v2.SystemV2Resource}).
 */
@Path(Api.REGISTRY_V3_PATH)
@Produces(MediaType.APPLICATION_JSON)
public class SystemV3Resource {

    /** Apicurio's {@code SystemInfo}, in both APIs. */
    public record SystemInfo(String name, String description, String version) {}

    /**
     * Apicurio's {@code UserInfo}, in both APIs: the caller, and which of Apicurio's roles its
     * Stele role amounts to. With authentication off, everyone may do everything.
     */
    public record UserInfo(String username, String displayName, boolean admin, boolean developer, boolean viewer) {}

    @Inject
    AuthConfig auth;

    @Needs(Role.READ_ONLY)
    @GET
    @Path("system/info")
    public SystemInfo getSystemInfo() {
        return info();
    }

    @Needs(Role.READ_ONLY)
    @GET
    @Path("users/me")
    public UserInfo getCurrentUserInfo() {
        return me(auth);
    }

    /** What the registry says of itself: its name and the release that runs. */
    public static SystemInfo info() {
        return new SystemInfo(
                "Stele",
                "A schema and API artifact registry.",
                Release.current().version());
    }

    /** Who the caller of the request being served is, to Apicurio's clients. */
    public static UserInfo me(AuthConfig auth) {
        Caller caller = Caller.current();
        boolean all = !auth.enabled();
        return new UserInfo(
                caller.name(),
                caller.name(),
                all || caller.allows(Role.ADMIN),
                all || caller.allows(Role.DEVELOPER),
                all || caller.allows(Role.READ_ONLY));
    }
}
