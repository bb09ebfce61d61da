package io.stele.app.security;

import io.smallrye.config.ConfigMapping;
import io.smallrye.config.WithDefault;
import java.time.Duration;
import java.util.Optional;

/**
 * Who may read and write, under {@code stele.auth}. Off by default; {@code stele.auth.enabled=true}
 * with {@code stele.auth.server-url} turns it on. The identity provider's keys, issuer and role
 * claim are handed to Quarkus' OIDC extension (application.properties maps them), which verifies
 * every token. See docs/security.md.
 */
@ConfigMapping(prefix = "stele.auth")
public interface AuthConfig {

    /** Whether requests must carry credentials (bearer tokens, or basic credentials exchanged for one). */
    @WithDefault("false")
    boolean enabled();

    /**
     * The identity provider's issuer URL, as in its tokens' {@code iss} claim; its OpenID discovery
     * document says where its keys and token endpoint are. Required when enabled.
     */
    Optional<String> serverUrl();

    /**
     * Where tokens carry their roles: a claim path with {@code /} between levels (Keycloak's realm
     * roles by default). Quarkus OIDC reads it (application.properties).
     */
    @WithDefault("realm_access/roles")
    String roleClaim();

    /** The claim whose value names the caller; Quarkus OIDC's order of claims when absent. */
    Optional<String> principalClaim();

    /** When present, a token must name it in its {@code aud} claim. */
    Optional<String> audience();

    /** Whether reads need no credentials, so that consumers can read while producers must sign in. */
    @WithDefault("false")
    boolean anonymousReads();

    /** Whether only an artifact's creator, or an admin, may change it. */
    @WithDefault("false")
    boolean ownerOnly();

    /** The role names, as the identity provider puts them in the role claim. */
    Roles roles();

    /** Basic credentials, as Confluent's and Apicurio's clients send them. */
    Basic basic();

    /**
     * The most tokens and credentials whose verified identity is kept, so that a request with the
     * same token or credentials is not verified again until the token expires.
     */
    @WithDefault("10000")
    int identityCacheSize();

    /** The name the identity provider gives {@code role}. */
    default String nameOf(Role role) {
        return switch (role) {
            case READ_ONLY -> roles().readOnly();
            case DEVELOPER -> roles().developer();
            case ADMIN -> roles().admin();
        };
    }

    /** How people sign in to the console. */
    Console console();

    interface Console {
        /**
         * The identity provider's client through which people sign in to the console with the
         * provider's own page (OpenID Connect's authorization-code flow). Without it, the console
         * takes credentials as the APIs do, and a browser asks for basic credentials.
         */
        Optional<String> clientId();

        /** That client's secret, which also keys the encryption of the session cookie. */
        Optional<String> secret();
    }

    interface Roles {
        /** May do everything, global rules, modes, export and import included. */
        @WithDefault("sr-admin")
        String admin();

        /** May create and change artifacts, their versions and their rules. */
        @WithDefault("sr-developer")
        String developer();

        /** May read. */
        @WithDefault("sr-readonly")
        String readOnly();
    }

    interface Basic {
        /**
         * Whether HTTP basic credentials are taken: the user name and password are a client id and
         * secret of the identity provider, exchanged for a token with the client-credentials grant.
         */
        @WithDefault("true")
        boolean enabled();

        /** The token endpoint; by default the one the provider's discovery document names. */
        Optional<String> tokenEndpoint();

        /** How long a token exchange may take before the request is refused with 503. */
        @WithDefault("10s")
        Duration timeout();
    }
}
