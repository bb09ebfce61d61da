package io.stele.operator.api;

import com.fasterxml.jackson.annotation.JsonPropertyDescription;
import io.fabric8.generator.annotation.Default;
import io.fabric8.generator.annotation.Pattern;
import io.fabric8.generator.annotation.Required;

/** Who may reach the registry, and over what: sign-in at an identity provider, and HTTPS. */
public final class Access {

    private Access() {}

    /** Authentication and authorization (docs/security.md): present means on. */
    public static class Auth {
        @JsonPropertyDescription("The identity provider's issuer URL, as in its tokens' iss claim, for example"
                + " https://keycloak.example.com/realms/stele.")
        @Required
        @Pattern("^https?://.+")
        public String serverUrl;

        @JsonPropertyDescription("Where tokens carry their roles, a claim path with / between levels;"
                + " realm_access/roles (Keycloak's realm roles) when absent.")
        public String roleClaim;

        @JsonPropertyDescription("The role names that grant each of the registry's roles.")
        public Roles roles;

        @JsonPropertyDescription("Whether reads need no credentials.")
        @Default("false")
        public Boolean anonymousReads = false;

        @JsonPropertyDescription("Whether only an artifact's creator, or an admin, may change it.")
        @Default("false")
        public Boolean ownerOnly = false;

        @JsonPropertyDescription("When set, a token must name it in its aud claim.")
        public String audience;

        @JsonPropertyDescription("Whether basic credentials (a client id and secret of the provider, as"
                + " Confluent's clients send them) are exchanged for tokens.")
        @Default("true")
        public Boolean basicCredentials = true;
    }

    /** The role names of the identity provider; each defaults to the registry's own default. */
    public static class Roles {
        @JsonPropertyDescription("Admin: sr-admin when absent.")
        public String admin;

        @JsonPropertyDescription("Developer: sr-developer when absent.")
        public String developer;

        @JsonPropertyDescription("Read-only: sr-readonly when absent.")
        public String readOnly;
    }

    /** HTTPS served by the registry itself; plain HTTP is then closed. */
    public static class Tls {
        @JsonPropertyDescription("A Secret of type kubernetes.io/tls (keys tls.crt and tls.key) holding the"
                + " registry's certificate chain and key; a change to it rolls the pods.")
        @Required
        public String secretName;
    }
}
