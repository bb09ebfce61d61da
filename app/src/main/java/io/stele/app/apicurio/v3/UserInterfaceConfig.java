package io.stele.app.apicurio.v3;

import com.fasterxml.jackson.annotation.JsonInclude;
import io.stele.app.artifacts.ApiConfig;
import io.stele.app.security.AuthConfig;
import java.util.LinkedHashMap;
import java.util.Map;
import org.eclipse.microprofile.openapi.annotations.media.Schema;

/**
 * Apicurio's {@code UserInterfaceConfig} ({@code GET /apis/registry/v3/system/uiConfig}): what
 * Apicurio's console reads from the registry before anyone signs in, to know how to sign in and
 * which of its pages and buttons to show. The paths are Apicurio's defaults, for its console
 * deployed as Apicurio deploys it; what Stele decides (sign-in, roles, deletion) is Stele's own.
 *
 * @param ui where the console and its companions are served
 * @param auth how the console signs in
 * @param features which of the console's features the registry serves
 */
public record UserInterfaceConfig(Ui ui, @Schema(required = true) Auth auth, Features features) {

    /** Apicurio's {@code UserInterfaceConfigUi}, at Apicurio's defaults. */
    @Schema(name = "UserInterfaceConfigUi")
    public record Ui(String contextPath, String navPrefixPath, String oaiDocsUrl, String editorsUrl) {}

    /**
     * Apicurio's {@code UserInterfaceConfigAuth}: {@code none} with authentication off; {@code oidc}
     * with it on, Stele taking tokens from its identity provider, whose issuer {@code options.url}
     * names, with the client id and scopes of Apicurio's console at their defaults.
     *
     * @param type {@code none} or {@code oidc}
     * @param rbacEnabled whether roles decide who may do what: whenever authentication is on
     * @param obacEnabled whether only an artifact's creator, or an admin, may change it
     * @param options the identity provider, with {@code oidc}
     */
    @JsonInclude(JsonInclude.Include.NON_NULL)
    @Schema(name = "UserInterfaceConfigAuth")
    public record Auth(
            @Schema(enumeration = {"none", "basic", "oidc"}) String type,
            @Schema(required = true) boolean rbacEnabled,
            @Schema(required = true) boolean obacEnabled,
            Map<String, String> options) {}

    /**
     * Apicurio's {@code UserInterfaceConfigFeatures}: deletion as Stele's v3 API serves it ({@code
     * stele.api.v3-deletes}); none of the features Stele does not serve (groups of one's own, draft
     * content, the settings page, role management in the registry, agents, a search index).
     */
    @Schema(name = "UserInterfaceConfigFeatures")
    public record Features(
            boolean readOnly,
            boolean breadcrumbs,
            boolean roleManagement,
            boolean settings,
            boolean deleteGroup,
            boolean deleteArtifact,
            boolean deleteVersion,
            boolean draftMutability,
            boolean agents,
            boolean searchIndex) {}

    /** What the registry running with these settings answers. */
    public static UserInterfaceConfig of(AuthConfig auth, ApiConfig api) {
        Map<String, String> options = null;
        if (auth.enabled()) {
            options = new LinkedHashMap<>();
            options.put("url", auth.serverUrl().orElse(""));
            options.put("clientId", "apicurio-registry-ui");
            options.put("scope", "openid profile email");
        }
        boolean deletes = api.v3Deletes();
        return new UserInterfaceConfig(
                new Ui("/", "/", "/docs/", "/editors/"),
                new Auth(auth.enabled() ? "oidc" : "none", auth.enabled(), auth.enabled() && auth.ownerOnly(), options),
                new Features(false, true, false, false, false, deletes, deletes, false, false, false));
    }
}
