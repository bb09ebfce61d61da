package io.stele.app.apicurio.v3;

import io.stele.app.artifacts.ApiConfig;
import io.stele.app.lifecycle.Release;
import io.stele.app.security.AuthConfig;
import io.stele.app.security.Caller;
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
 * {@code /apis/registry/v3/system/info}, {@code .../system/limits}, {@code .../system/uiConfig} and
 * {@code .../users/me}: what the registry is, what it accepts, how a console signs in to it, and who
 * the caller is to it, as Apicurio's clients and consoles ask on start. Apicurio's v2 API answers
 * the info, the limits and the caller in the same shape ({@link
 * io.stele.app.apicurio.v2.SystemV2Resource}); the limits and the console's settings are open to
 * anyone, as in Apicurio, since a console reads them before anyone signs in.
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

    /**
     * Apicurio's {@code Limits}, in both APIs: each limit the registry applies, {@code -1} where it
     * applies none. Stele bounds only the size of one schema ({@code stele.api.max-content-size}).
     */
    public record Limits(
            long maxTotalSchemasCount,
            long maxSchemaSizeBytes,
            long maxArtifactsCount,
            long maxVersionsPerArtifactCount,
            long maxArtifactPropertiesCount,
            long maxPropertyKeySizeBytes,
            long maxPropertyValueSizeBytes,
            long maxArtifactLabelsCount,
            long maxLabelSizeBytes,
            long maxArtifactNameLengthChars,
            long maxArtifactDescriptionLengthChars,
            long maxRequestsPerSecondCount) {}

    @Inject
    AuthConfig auth;

    @Inject
    ApiConfig api;

    @Needs(Role.READ_ONLY)
    @GET
    @Path("system/info")
    public SystemInfo getSystemInfo() {
        return info();
    }

    @Open
    @GET
    @Path("system/limits")
    public Limits getResourceLimits() {
        return limits(api);
    }

    @Open
    @GET
    @Path("system/uiConfig")
    public UserInterfaceConfig getUIConfig() {
        return UserInterfaceConfig.of(auth, api);
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

    /** The limits the registry applies, as Apicurio's clients read them. */
    public static Limits limits(ApiConfig api) {
        long none = -1;
        return new Limits(
                none, api.maxContentSize().asLongValue(), none, none, none, none, none, none, none, none, none, none);
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
