package io.stele.app.security;

import static io.stele.app.security.SecuredRegistry.AVRO;
import static io.stele.app.security.SecuredRegistry.AVRO_2;
import static io.stele.app.security.SecuredRegistry.asBasic;
import static io.stele.app.security.SecuredRegistry.asBearer;
import static io.stele.app.security.SecuredRegistry.bearer;
import static org.assertj.core.api.Assertions.assertThat;

import io.stele.testservers.KeycloakServer;
import io.stele.testservers.Local;
import io.stele.testservers.RegistryProcess;
import java.net.http.HttpResponse;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

/**
 * The optional rules on top of the roles, each on a registry of its own against the real Keycloak
 * (anonymous reads, and writes by an artifact's owner only, on both APIs), and a registry whose
 * identity provider cannot be reached.
 */
class AuthorizationIT {

    private static final String JSON = "application/json";
    private static final String CONFLUENT = "application/vnd.schemaregistry.v1+json";

    @Test
    void anonymousReads_letConsumersReadWithoutCredentials_whileWritesStillNeedThem() {
        try (RegistryProcess registry = SecuredRegistry.start(
                "anonymous-reads", Map.of("stele.auth.anonymous-reads", "true", "stele.auth.audience", "account"))) {
            HttpResponse<String> created =
                    SecuredRegistry.create(registry, KeycloakServer.basic("stele-developer"), "open");
            assertThat(created.statusCode()).isEqualTo(200);
            for (int i = 0; i < 3; i++) { // loaded, then answered from memory
                assertThat(registry.send("GET", "/api/artifacts/open", null).body())
                        .isEqualTo(AVRO);
                assertThat(registry.send("GET", "/subjects/open/versions/latest", null)
                                .statusCode())
                        .isEqualTo(200);
            }
            assertThat(registry.send("GET", "/apis/ccompat/v7/subjects", null).body())
                    .contains("\"open\"");
            assertThat(registry.send("PUT", "/api/artifacts/open/test", AVRO_2, "Content-Type", JSON)
                            .statusCode())
                    .as("a check stores nothing: a read")
                    .isEqualTo(204);
            HttpResponse<String> write = registry.send("PUT", "/api/artifacts/open", AVRO_2, "Content-Type", JSON);
            assertThat(write.statusCode()).isEqualTo(401);
            HttpResponse<String> register = registry.send(
                    "POST", "/subjects/open/versions", "{\"schema\":\"\\\"string\\\"\"}", "Content-Type", CONFLUENT);
            assertThat(register.statusCode()).isEqualTo(401);
            assertThat(register.body()).contains("\"error_code\":40101");
            // credentials sent with a read are checked all the same
            HttpResponse<String> badToken =
                    registry.send("GET", "/api/artifacts/open", null, "Authorization", "Bearer forged");
            assertThat(badToken.statusCode()).isEqualTo(401);
        }
    }

    /** Changes another developer may not make to an artifact it did not create: method, path, body, type. */
    private static final List<List<String>> CHANGES = List.of(
            List.of("PUT", "/api/artifacts/owned", AVRO_2, JSON),
            List.of("POST", "/subjects/owned/versions", "{\"schema\":" + quoted(AVRO_2) + "}", CONFLUENT),
            List.of("PUT", "/api/artifacts/owned/meta", "{\"name\":\"x\"}", JSON),
            List.of("PUT", "/api/artifacts/owned/state", "{\"state\":\"DEPRECATED\"}", JSON),
            List.of("POST", "/api/artifacts/owned/rules", "{\"type\":\"VALIDITY\",\"config\":\"FULL\"}", JSON),
            List.of("PUT", "/config/owned", "{\"compatibility\":\"NONE\"}", CONFLUENT),
            List.of("DELETE", "/subjects/owned", "", JSON),
            List.of("DELETE", "/api/artifacts/owned", "", JSON));

    @Test
    void ownerOnly_letsOnlyTheCreatorOrAnAdminChangeAnArtifact_onBothApis() {
        try (RegistryProcess registry = SecuredRegistry.start("owner-only", Map.of("stele.auth.owner-only", "true"))) {
            assertThat(SecuredRegistry.create(registry, bearer("stele-developer"), "owned")
                            .statusCode())
                    .isEqualTo(200);
            for (List<String> change : CHANGES) {
                HttpResponse<String> refused = asBearer(
                        registry,
                        "stele-developer-2",
                        change.get(0),
                        change.get(1),
                        change.get(2).isEmpty() ? null : change.get(2),
                        "Content-Type",
                        change.get(3));
                assertThat(refused.statusCode())
                        .as("%s by another developer", change)
                        .isEqualTo(403);
                assertThat(refused.body())
                        .as("%s by another developer", change)
                        .contains(
                                change.get(3).equals(CONFLUENT) || change.get(1).startsWith("/subjects")
                                        ? "\"error_code\":40301"
                                        : "\"error_code\":403")
                        .contains("'service-account-stele-developer-2' may not change artifact 'owned'")
                        .contains("stele.auth.owner-only");
            }
            assertThat(asBearer(registry, "stele-readonly", "GET", "/api/artifacts/owned/versions", null)
                            .body())
                    .as("nothing the other developer sent was written")
                    .isEqualTo("[1]");
            // a developer may still create artifacts of their own
            assertThat(SecuredRegistry.create(registry, bearer("stele-developer-2"), "theirs")
                            .statusCode())
                    .isEqualTo(200);
            // the owner, and an admin, may change it
            assertThat(asBearer(
                                    registry,
                                    "stele-developer",
                                    "PUT",
                                    "/api/artifacts/owned",
                                    AVRO_2,
                                    "Content-Type",
                                    JSON)
                            .statusCode())
                    .isEqualTo(200);
            HttpResponse<String> byAdmin = asBearer(
                    registry,
                    "stele-admin",
                    "PUT",
                    "/api/artifacts/owned/meta",
                    "{\"name\":\"renamed\"}",
                    "Content-Type",
                    JSON);
            assertThat(byAdmin.statusCode()).isEqualTo(204);
            assertThat(asBearer(registry, "stele-readonly", "GET", "/api/artifacts/owned/meta", null)
                            .body())
                    .contains("\"createdBy\":\"service-account-stele-developer\"")
                    .contains("\"modifiedBy\":\"service-account-stele-admin\"")
                    .contains("\"name\":\"renamed\"");
            assertThat(asBearer(registry, "stele-admin", "DELETE", "/api/artifacts/owned", null)
                            .statusCode())
                    .isEqualTo(204);
        }
    }

    @Test
    void aTokenForAnotherAudience_isRefused() {
        try (RegistryProcess registry =
                SecuredRegistry.start("audience", Map.of("stele.auth.audience", "stele-registry"))) {
            // Keycloak's client-credentials tokens name the audience "account", not this registry
            HttpResponse<String> answer = asBearer(registry, "stele-admin", "GET", "/api/artifacts/any", null);
            assertThat(answer.statusCode()).isEqualTo(401);
            assertThat(answer.body()).contains("bearer token is not valid");
        }
    }

    @Test
    void anUnreachableIdentityProvider_letsNobodyIn_andSaysSoWith503() {
        String nowhere = "http://127.0.0.1:" + Local.freePort() + "/realms/stele";
        try (RegistryProcess registry =
                SecuredRegistry.start("provider-gone", Map.of("stele.auth.server-url", nowhere))) {
            HttpResponse<String> basic = asBasic(registry, "stele-developer", "GET", "/api/artifacts/any", null);
            assertThat(basic.statusCode()).isEqualTo(503);
            assertThat(basic.body()).contains("\"error_code\":503").contains("identity provider could not be reached");
            assertThat(basic.headers().firstValue("Retry-After")).isPresent();
            HttpResponse<String> confluent = asBasic(registry, "stele-developer", "GET", "/subjects", null);
            assertThat(confluent.body()).contains("\"error_code\":50301");
            // a token of another issuer's, which the registry cannot check against its own provider's keys
            HttpResponse<String> bearer = asBearer(registry, "stele-developer", "GET", "/api/artifacts/any", null);
            assertThat(bearer.statusCode()).isIn(401, 503);
            assertThat(registry.send("GET", "/q/health/ready", null).statusCode())
                    .as("the registry itself is ready: only sign-in waits for the provider")
                    .isEqualTo(200);
        }
    }

    private static String quoted(String json) {
        return "\"" + json.replace("\\", "\\\\").replace("\"", "\\\"") + "\"";
    }
}
