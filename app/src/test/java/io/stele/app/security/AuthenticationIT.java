package io.stele.app.security;

import static io.stele.app.security.SecuredRegistry.AVRO;
import static io.stele.app.security.SecuredRegistry.asBasic;
import static io.stele.app.security.SecuredRegistry.asBearer;
import static io.stele.app.security.SecuredRegistry.bearer;
import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

import io.stele.testservers.KeycloakServer;
import io.stele.testservers.RegistryProcess;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.net.http.HttpResponse.BodyHandlers;
import java.nio.charset.StandardCharsets;
import java.security.KeyPairGenerator;
import java.security.Signature;
import java.time.Duration;
import java.time.Instant;
import java.util.Base64;
import java.util.Map;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

/**
 * Authentication against a real Keycloak, on the packaged registry: who is let in, with which
 * credentials, and how the others are turned away, on both APIs and on answers served from memory.
 */
class AuthenticationIT {

    private static RegistryProcess registry;

    @BeforeAll
    static void start() {
        // the claims Keycloak uses, named as a user would name them for another provider
        registry = SecuredRegistry.start(
                "authentication",
                Map.of(
                        "stele.auth.role-claim",
                        "realm_access/roles",
                        "stele.auth.principal-claim",
                        "preferred_username"));
    }

    @AfterAll
    static void stop() {
        if (registry != null) {
            registry.close();
        }
    }

    private static HttpResponse<String> create(String id) {
        return SecuredRegistry.create(registry, bearer("stele-developer"), id);
    }

    @Test
    void withoutCredentials_eachApiAnswers401_withChallenges_inItsOwnErrorBody() {
        HttpResponse<String> v1 = registry.send("GET", "/api/artifacts/any", null);
        assertThat(v1.statusCode()).isEqualTo(401);
        assertThat(v1.headers().allValues("WWW-Authenticate"))
                .anyMatch(h -> h.startsWith("Bearer realm=\"stele\""))
                .anyMatch(h -> h.startsWith("Basic realm=\"stele\""));
        assertThat(v1.body()).contains("\"error_code\":401").contains("needs credentials");
        for (String root : new String[] {"", "/apis/ccompat/v7"}) {
            HttpResponse<String> confluent = registry.send("GET", root + "/subjects", null);
            assertThat(confluent.statusCode()).isEqualTo(401);
            assertThat(confluent.body()).contains("\"error_code\":40101");
        }
        HttpResponse<String> console = registry.send("GET", "/ui", null);
        assertThat(console.statusCode()).isEqualTo(401);
        assertThat(registry.send("GET", "/q/health/ready", null).statusCode()).isEqualTo(200);
        assertThat(registry.send("GET", "/q/openapi", null).statusCode()).isEqualTo(200);
    }

    @Test
    void apicuriosConsoleSettings_andTheLimits_areOpen_andNameWhereToSignIn() {
        HttpResponse<String> config = registry.send("GET", "/apis/registry/v3/system/uiConfig", null);
        assertThat(config.statusCode()).as(config.body()).isEqualTo(200);
        assertThat(field(config.body(), "type")).isEqualTo("oidc");
        assertThat(field(config.body(), "url"))
                .isEqualTo(KeycloakServer.shared().issuer());
        assertThat(field(config.body(), "rbacEnabled")).isEqualTo("true");
        for (String root : new String[] {"/apis/registry/v3", "/apis/registry/v2"}) {
            HttpResponse<String> limits = registry.send("GET", root + "/system/limits", null);
            assertThat(limits.statusCode()).as(limits.body()).isEqualTo(200);
            assertThat(field(limits.body(), "maxSchemaSizeBytes")).isEqualTo("1048576");
            assertThat(registry.send("GET", root + "/system/info", null).statusCode())
                    .as("what the registry runs stays behind sign-in")
                    .isEqualTo(401);
        }
    }

    @Test
    void answersServedFromMemory_areRefusedWithoutCredentials_asAnyOther() {
        HttpResponse<String> created = create("cached");
        assertThat(created.statusCode()).isEqualTo(200);
        String globalId = field(created.body(), "globalId");
        String schemaId = field(
                asBearer(registry, "stele-readonly", "GET", "/subjects/cached/versions/latest", null)
                        .body(),
                "id");
        for (int i = 0; i < 3; i++) { // the first read loads the cache, the next are served from it
            assertThat(asBearer(registry, "stele-readonly", "GET", "/api/artifacts/cached", null)
                            .body())
                    .isEqualTo(AVRO);
            assertThat(asBearer(registry, "stele-readonly", "GET", "/api/ids/" + globalId, null)
                            .statusCode())
                    .isEqualTo(200);
            assertThat(asBearer(registry, "stele-readonly", "GET", "/schemas/ids/" + schemaId, null)
                            .statusCode())
                    .isEqualTo(200);
        }
        assertThat(registry.send("GET", "/api/artifacts/cached", null).statusCode())
                .isEqualTo(401);
        assertThat(registry.send("GET", "/api/ids/" + globalId, null).statusCode())
                .isEqualTo(401);
        assertThat(registry.send("GET", "/schemas/ids/" + schemaId, null).statusCode())
                .isEqualTo(401);
        assertThat(registry.send("GET", "/subjects/cached/versions/latest", null)
                        .statusCode())
                .isEqualTo(401);
        assertThat(asBearer(registry, "stele-norole", "GET", "/api/artifacts/cached", null)
                        .statusCode())
                .isEqualTo(403);
    }

    /** Apicurio v2's registration of a schema the artifact has, as its serializer sends it. */
    private static HttpResponse<String> registerV2(String client) {
        String[] headers = {
            "Content-Type", "application/json", "X-Registry-ArtifactId", "remembered", "X-Registry-ArtifactType", "AVRO"
        };
        String path = "/apis/registry/v2/groups/default/artifacts?ifExists=RETURN_OR_UPDATE";
        return client == null
                ? registry.send("POST", path, AVRO, headers)
                : asBearer(registry, client, "POST", path, AVRO, headers);
    }

    @Test
    void aRegistrationAnsweredFromMemory_isRefusedToAnotherRole_andAuditedAsAnyOther() throws Exception {
        for (int i = 0; i < 3; i++) { // created, found by the resource, then answered from memory
            HttpResponse<String> registered = registerV2("stele-developer");
            assertThat(registered.statusCode()).as(registered.body()).isEqualTo(200);
            assertThat(field(registered.body(), "version")).isEqualTo("1");
        }

        assertThat(registerV2("stele-readonly").statusCode()).isEqualTo(403);
        assertThat(registerV2("stele-norole").statusCode()).isEqualTo(403);
        assertThat(registerV2(null).statusCode()).isEqualTo(401);

        String success = "\"principal\":\"service-account-stele-developer\",\"role\":\"DEVELOPER\","
                + "\"operation\":\"POST /apis/registry/v2/groups/{groupId}/artifacts\",\"method\":\"POST\","
                + "\"path\":\"/apis/registry/v2/groups/default/artifacts\",\"artifact\":\"remembered\","
                + "\"status\":200,\"outcome\":\"success\"";
        await("an audit line for each of the three registrations")
                .atMost(Duration.ofSeconds(10))
                .untilAsserted(() -> assertThat(registry.log().split(Pattern.quote(success), -1))
                        .hasSize(4));
        assertThat(asBearer(registry, "stele-readonly", "GET", "/api/artifacts/remembered/versions", null)
                        .body())
                .as("nothing the refused requests sent was written")
                .isEqualTo("[1]");
    }

    @Test
    void basicCredentials_areExchangedForAToken_andAWrongSecretIsRefused() {
        HttpResponse<String> written =
                SecuredRegistry.create(registry, KeycloakServer.basic("stele-developer"), "basic");
        assertThat(written.statusCode()).isEqualTo(200);
        assertThat(written.body()).contains("\"createdBy\":\"service-account-stele-developer\"");
        for (int i = 0; i < 3; i++) {
            assertThat(asBasic(registry, "stele-readonly", "GET", "/api/artifacts/basic", null)
                            .body())
                    .isEqualTo(AVRO);
        }
        String wrong = "Basic "
                + Base64.getEncoder().encodeToString("stele-readonly:not-its-secret".getBytes(StandardCharsets.UTF_8));
        HttpResponse<String> refused = registry.send("GET", "/api/artifacts/basic", null, "Authorization", wrong);
        assertThat(refused.statusCode()).isEqualTo(401);
        assertThat(refused.body()).contains("\"error_code\":401").contains("refused the basic credentials");
        HttpResponse<String> malformed =
                registry.send("GET", "/api/artifacts/basic", null, "Authorization", "Basic %%%");
        assertThat(malformed.statusCode()).isEqualTo(401);
        HttpResponse<String> unknownScheme =
                registry.send("GET", "/api/artifacts/basic", null, "Authorization", "Digest x");
        assertThat(unknownScheme.statusCode()).isEqualTo(401);
    }

    @Test
    void forgedTokens_areRefused() throws Exception {
        assertThat(create("forged").statusCode()).isEqualTo(200);
        String[] real = KeycloakServer.shared().token("stele-readonly").split("\\.");
        // the read-only client's token, its payload changed to claim the admin role, its signature kept
        String payload = new String(Base64.getUrlDecoder().decode(real[1]), StandardCharsets.UTF_8)
                .replace("\"sr-readonly\"", "\"sr-admin\"");
        String altered = real[0] + "." + b64(payload.getBytes(StandardCharsets.UTF_8)) + "." + real[2];
        // the same claims signed with a key of the attacker's own
        var keys = KeyPairGenerator.getInstance("RSA");
        keys.initialize(2048);
        Signature rsa = Signature.getInstance("SHA256withRSA");
        rsa.initSign(keys.generateKeyPair().getPrivate());
        String signed = real[0] + "." + b64(payload.getBytes(StandardCharsets.UTF_8));
        rsa.update(signed.getBytes(StandardCharsets.US_ASCII));
        String selfSigned = signed + "." + b64(rsa.sign());
        // no signature at all
        String unsigned = b64("{\"alg\":\"none\",\"typ\":\"JWT\"}".getBytes(StandardCharsets.UTF_8)) + "."
                + b64(payload.getBytes(StandardCharsets.UTF_8)) + ".";
        for (String token : new String[] {altered, selfSigned, unsigned, "not-a-token"}) {
            HttpResponse<String> answer =
                    registry.send("DELETE", "/api/artifacts/forged", null, "Authorization", "Bearer " + token);
            assertThat(answer.statusCode()).as("a forged token: %s", token).isEqualTo(401);
            assertThat(answer.body()).contains("bearer token is not valid");
        }
        assertThat(asBearer(registry, "stele-readonly", "GET", "/api/artifacts/forged", null)
                        .statusCode())
                .isEqualTo(200);
    }

    @Test
    void anExpiredToken_isRefused_thoughItWasTakenWhileValid() {
        assertThat(create("expiring").statusCode()).isEqualTo(200);
        String token = KeycloakServer.shared().token("stele-brief"); // one second of life
        long expires = Long.parseLong(
                field(new String(Base64.getUrlDecoder().decode(token.split("\\.")[1]), StandardCharsets.UTF_8), "exp"));
        await("the one-second token's expiry has passed")
                .atMost(Duration.ofSeconds(30))
                .until(() -> Instant.now().getEpochSecond() > expires + 1);
        HttpResponse<String> answer =
                registry.send("GET", "/api/artifacts/expiring", null, "Authorization", "Bearer " + token);
        assertThat(answer.statusCode()).isEqualTo(401);
        assertThat(answer.body()).contains("expired");
    }

    @Test
    void createdByAndModifiedBy_comeFromThePrincipal_notFromTheRequest() {
        HttpResponse<String> created = asBearer(
                registry,
                "stele-developer",
                "POST",
                "/api/artifacts",
                AVRO,
                "X-Registry-ArtifactId",
                "principal",
                "Content-Type",
                "application/json",
                "X-Registry-CreatedBy",
                "mallory",
                "X-Registry-User",
                "mallory");
        assertThat(created.body())
                .contains("\"createdBy\":\"service-account-stele-developer\"")
                .doesNotContain("mallory");
        asBearer(
                registry,
                "stele-developer-2",
                "PUT",
                "/api/artifacts/principal/meta",
                "{\"name\":\"renamed\"}",
                "Content-Type",
                "application/json");
        assertThat(asBearer(registry, "stele-readonly", "GET", "/api/artifacts/principal/meta", null)
                        .body())
                .contains("\"createdBy\":\"service-account-stele-developer\"")
                .contains("\"modifiedBy\":\"service-account-stele-developer-2\"");
    }

    @Test
    void theAuditTrail_recordsWritesAndRefusals_oneJsonLineEach() throws Exception {
        assertThat(create("audited").statusCode()).isEqualTo(200);
        assertThat(asBearer(registry, "stele-readonly", "DELETE", "/api/artifacts/audited", null)
                        .statusCode())
                .isEqualTo(403);
        assertThat(registry.send("DELETE", "/subjects/audited", null).statusCode())
                .isEqualTo(401);
        await("the audit lines of the three requests")
                .atMost(Duration.ofSeconds(10))
                .untilAsserted(
                        () -> assertThat(registry.log())
                                .contains(
                                        "\"principal\":\"service-account-stele-developer\",\"role\":\"DEVELOPER\",\"operation\":\"POST /api/artifacts\",\"method\":\"POST\",\"path\":\"/api/artifacts\",\"artifact\":\"audited\",\"status\":200,\"outcome\":\"success\"")
                                .contains(
                                        "\"principal\":\"service-account-stele-readonly\",\"role\":\"READ_ONLY\",\"operation\":\"DELETE /api/artifacts/{artifactId}\",\"method\":\"DELETE\",\"path\":\"/api/artifacts/audited\",\"artifact\":\"audited\",\"status\":403,\"outcome\":\"refused\"")
                                .contains(
                                        "\"principal\":\"\",\"role\":\"\",\"operation\":\"DELETE /subjects/{subject}\",\"method\":\"DELETE\",\"path\":\"/subjects/audited\",\"artifact\":\"audited\",\"status\":401,\"outcome\":\"refused\""));
        assertThat(asBearer(registry, "stele-readonly", "GET", "/api/artifacts/audited", null)
                        .statusCode())
                .isEqualTo(200);
    }

    /**
     * A token seen for the first time is verified while its request waits; over HTTP/2 (which Java's
     * own client upgrades to) an ended request cannot be told to wait, and must not need to.
     */
    @Test
    void aTokenSeenForTheFirstTime_overHttp2_isVerified_andItsRequestAnswered() throws Exception {
        HttpClient http2 =
                HttpClient.newBuilder().version(HttpClient.Version.HTTP_2).build();
        URI base = registry.baseUri();
        http2.send(HttpRequest.newBuilder(base.resolve("/q/health/ready")).build(), BodyHandlers.discarding());
        String developer = "Bearer " + KeycloakServer.shared().token("stele-developer");
        HttpResponse<String> created = http2.send(
                HttpRequest.newBuilder(base.resolve("/api/artifacts"))
                        .header("Authorization", developer)
                        .header("X-Registry-ArtifactId", "over-http2")
                        .header("Content-Type", "application/json")
                        .POST(HttpRequest.BodyPublishers.ofString(AVRO))
                        .timeout(Duration.ofSeconds(30))
                        .build(),
                BodyHandlers.ofString());
        assertThat(created.version()).isEqualTo(HttpClient.Version.HTTP_2);
        assertThat(created.statusCode()).as(created.body()).isEqualTo(200);
        HttpResponse<String> read = http2.send(
                HttpRequest.newBuilder(base.resolve("/api/artifacts/over-http2"))
                        .header(
                                "Authorization",
                                "Bearer " + KeycloakServer.shared().token("stele-readonly"))
                        .timeout(Duration.ofSeconds(30))
                        .build(),
                BodyHandlers.ofString());
        assertThat(read.statusCode()).as(read.body()).isEqualTo(200);
        assertThat(read.body()).isEqualTo(AVRO);
    }

    private static String b64(byte[] bytes) {
        return Base64.getUrlEncoder().withoutPadding().encodeToString(bytes);
    }

    private static String field(String json, String name) {
        Matcher m = Pattern.compile("\"" + name + "\"\\s*:\\s*\"?([^,\"}]+)").matcher(json);
        assertThat(m.find()).as("%s in %s", name, json).isTrue();
        return m.group(1);
    }
}
