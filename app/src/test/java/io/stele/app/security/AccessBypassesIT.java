package io.stele.app.security;

import static io.stele.app.security.SecuredRegistry.AVRO;
import static io.stele.app.security.SecuredRegistry.AVRO_2;
import static io.stele.app.security.SecuredRegistry.asBearer;
import static io.stele.app.security.SecuredRegistry.bearer;
import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

import io.stele.testservers.RegistryProcess;
import java.net.http.HttpResponse;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

/**
 * The bypasses found from outside, each sent as it was found against a registry with
 * authentication on: each is refused, and nothing is written.
 */
class AccessBypassesIT {

    private static final String EVIL = "https://evil.example";
    private static RegistryProcess registry;
    private static RegistryProcess anonymousReads;

    @BeforeAll
    static void start() {
        registry = SecuredRegistry.start("bypasses", Map.of());
        anonymousReads =
                SecuredRegistry.start("bypasses-anonymous-reads", Map.of("stele.auth.anonymous-reads", "true"));
    }

    @AfterAll
    static void stop() {
        registry.close();
        anonymousReads.close();
    }

    @Test
    void exportThroughAMatrixParameter_isRefused_toReadersAndToNobody() {
        for (String path : List.of("/api;x/admin/export", "/api/admin;x/export", "/api/admin/export;x")) {
            HttpResponse<String> reader = asBearer(registry, "stele-readonly", "GET", path, null);
            assertThat(reader.statusCode()).as("%s as a reader", path).isEqualTo(400);
            assertThat(reader.body()).contains("\"error_code\":400").doesNotContain("\"format\"");
            HttpResponse<String> nobody = anonymousReads.send("GET", path, null);
            assertThat(nobody.statusCode())
                    .as("%s as nobody, anonymous reads on", path)
                    .isEqualTo(400);
            assertThat(nobody.body()).doesNotContain("\"format\"");
        }
        assertThat(asBearer(registry, "stele-readonly", "GET", "/api/admin/export", null)
                        .statusCode())
                .isEqualTo(403);
        assertThat(anonymousReads.send("GET", "/api/admin/export", null).statusCode())
                .isEqualTo(401);
        assertThat(asBearer(registry, "stele-admin", "GET", "/api/admin/export", null)
                        .statusCode())
                .isEqualTo(200);
    }

    @Test
    void globalCompatibilityThroughASubjectPath_needsAnAdmin() {
        for (String root : List.of("", "/apis/ccompat/v7")) {
            for (String method : List.of("PUT", "DELETE")) {
                String body = method.equals("PUT") ? "{\"compatibility\":\"NONE\"}" : null;
                HttpResponse<String> matrix = asBearer(
                        registry,
                        "stele-developer",
                        method,
                        root + "/config/;x",
                        body,
                        "Content-Type",
                        "application/json");
                assertThat(matrix.statusCode())
                        .as("%s %s/config/;x", method, root)
                        .isEqualTo(400);
                HttpResponse<String> slash = asBearer(
                        registry,
                        "stele-developer",
                        method,
                        root + "/config/",
                        body,
                        "Content-Type",
                        "application/json");
                assertThat(slash.statusCode()).as("%s %s/config/", method, root).isIn(403, 404);
            }
        }
        assertThat(asBearer(registry, "stele-readonly", "GET", "/config", null).body())
                .as("the global level is as it was")
                .contains("\"compatibilityLevel\":\"BACKWARD\"");
        await("the audit lines of the refused requests")
                .atMost(Duration.ofSeconds(10))
                .untilAsserted(() -> assertThat(registry.log())
                        .contains("\"operation\":\"\",\"method\":\"PUT\",\"path\":\"/config/;x\"")
                        .doesNotContain("\"artifact\":\";x\",\"status\":200"));
    }

    @Test
    void theConsolesCheck_storesNothing_andAddingAVersionNeedsADeveloper() {
        assertThat(SecuredRegistry.create(registry, bearer("stele-developer"), "console-check")
                        .statusCode())
                .isEqualTo(200);
        ConsoleForms reader = new ConsoleForms(registry, bearer("stele-readonly"), "/ui/artifacts/console-check/check");
        HttpResponse<String> checked =
                reader.postMultipart("/ui/artifacts/console-check/check", Map.of("content", AVRO_2, "action", "add"));
        assertThat(checked.statusCode()).isEqualTo(200);
        assertThat(checked.body()).contains("Accepted");
        assertThat(reader.postMultipart("/ui/artifacts/console-check/versions", Map.of("content", AVRO_2))
                        .statusCode())
                .isEqualTo(403);
        assertThat(versions("console-check")).isEqualTo("[1]");
        ConsoleForms developer =
                new ConsoleForms(registry, bearer("stele-developer"), "/ui/artifacts/console-check/check");
        assertThat(developer
                        .postMultipart("/ui/artifacts/console-check/versions", Map.of("content", AVRO_2))
                        .statusCode())
                .isEqualTo(303);
        assertThat(versions("console-check")).isEqualTo("[1,2]");
        await("the audit line of the console's write")
                .atMost(Duration.ofSeconds(10))
                .untilAsserted(() -> assertThat(registry.log())
                        .contains("\"operation\":\"POST /ui/artifacts/{artifactId}/versions\",\"method\":\"POST\","
                                + "\"path\":\"/ui/artifacts/console-check/versions\",\"artifact\":\"console-check\","
                                + "\"status\":303,\"outcome\":\"success\""));
    }

    @Test
    void aCrossSiteFormPost_isRefused_andChangesNothing() {
        assertThat(SecuredRegistry.create(registry, bearer("stele-developer"), "cross-site")
                        .statusCode())
                .isEqualTo(200);
        ConsoleForms developer = new ConsoleForms(registry, bearer("stele-developer"), "/ui/artifacts/cross-site");
        String[][] foreign = {
            {"Origin", EVIL, "Sec-Fetch-Site", "cross-site"},
            {"Origin", EVIL},
            {"Sec-Fetch-Site", "cross-site"},
            {"Sec-Fetch-Site", "same-site"},
            {"Origin", "null"}
        };
        for (String[] headers : foreign) {
            assertThat(developer
                            .post("/ui/artifacts/cross-site/meta", "name=defaced", headers)
                            .statusCode())
                    .as("a metadata form sent with %s", List.of(headers))
                    .isEqualTo(403);
        }
        assertThat(developer
                        .postWithoutToken("/ui/artifacts/cross-site/meta", "name=defaced")
                        .statusCode())
                .as("a form without the console's token")
                .isEqualTo(403);
        assertThat(developer
                        .postWithoutToken("/ui/artifacts/cross-site/meta", "name=defaced&csrf=guessed")
                        .statusCode())
                .as("a form with another token")
                .isEqualTo(403);
        ConsoleForms admin = new ConsoleForms(registry, bearer("stele-admin"), "/ui/rules");
        assertThat(admin.post("/ui/rules", "validity=FULL&compatibility=NONE", "Origin", EVIL)
                        .statusCode())
                .isEqualTo(403);
        assertThat(developer
                        .postMultipart(
                                "/ui/new",
                                Map.of("id", "planted", "type", "AVRO", "content", AVRO),
                                "Origin",
                                EVIL,
                                "Sec-Fetch-Site",
                                "cross-site")
                        .statusCode())
                .isEqualTo(403);
        assertThat(asBearer(
                                registry,
                                "stele-developer",
                                "POST",
                                "/api/artifacts",
                                AVRO,
                                "X-Registry-ArtifactId",
                                "planted",
                                "Content-Type",
                                "application/json",
                                "Origin",
                                EVIL)
                        .statusCode())
                .as("an API write from another site")
                .isEqualTo(403);
        assertThat(asBearer(registry, "stele-readonly", "GET", "/api/artifacts/cross-site/meta", null)
                        .body())
                .doesNotContain("defaced");
        assertThat(asBearer(registry, "stele-readonly", "GET", "/api/artifacts/planted/meta", null)
                        .statusCode())
                .isEqualTo(404);
        assertThat(asBearer(registry, "stele-readonly", "GET", "/api/rules", null)
                        .body())
                .isEqualTo("[]");
        HttpResponse<String> sameSite = developer.post(
                "/ui/artifacts/cross-site/meta",
                "name=renamed",
                "Origin",
                registry.baseUri().toString().replaceAll("/$", ""),
                "Sec-Fetch-Site",
                "same-origin");
        assertThat(sameSite.statusCode())
                .as("the same form from the console itself")
                .isEqualTo(303);
        assertThat(asBearer(registry, "stele-readonly", "GET", "/api/artifacts/cross-site/meta", null)
                        .body())
                .contains("\"name\":\"renamed\"");
    }

    @Test
    void consolePages_forbidFramingSniffingAndReferrers() {
        for (String path : List.of("/ui", "/ui/artifacts", "/ui/rules")) {
            HttpResponse<String> page = asBearer(registry, "stele-readonly", "GET", path, null);
            assertThat(page.statusCode()).isEqualTo(200);
            assertThat(page.headers().firstValue("Content-Security-Policy"))
                    .get()
                    .asString()
                    .contains("frame-ancestors 'none'")
                    .contains("default-src 'self'");
            assertThat(page.headers().firstValue("X-Frame-Options")).contains("DENY");
            assertThat(page.headers().firstValue("X-Content-Type-Options")).contains("nosniff");
            assertThat(page.headers().firstValue("Referrer-Policy")).contains("same-origin");
        }
    }

    @Test
    void aMalformedFormBody_answers400_andLogsNoFailure() throws Exception {
        assertThat(SecuredRegistry.create(registry, bearer("stele-developer"), "malformed")
                        .statusCode())
                .isEqualTo(200);
        ConsoleForms developer = new ConsoleForms(registry, bearer("stele-developer"), "/ui/artifacts/malformed");
        int logged = registry.log().length();
        HttpResponse<String> answer = developer.post("/ui/artifacts/malformed/meta", "name=%zz");
        assertThat(answer.statusCode()).isEqualTo(400);
        assertThat(answer.body()).contains("not valid URL encoding");
        assertThat(registry.log().substring(logged)).doesNotContain("IllegalArgumentException");
        assertThat(asBearer(registry, "stele-readonly", "GET", "/api/artifacts/malformed/meta", null)
                        .body())
                .doesNotContain("%zz");
    }

    @Test
    void aPathNoOperationServes_answers404_toEveryone() {
        for (String path : List.of("/favicon.ico", "/ui/nothing", "/api/nothing")) {
            assertThat(registry.send("GET", path, null).statusCode()).as(path).isEqualTo(404);
            assertThat(asBearer(registry, "stele-readonly", "GET", path, null).statusCode())
                    .as(path)
                    .isEqualTo(404);
        }
    }

    private static String versions(String id) {
        return asBearer(registry, "stele-readonly", "GET", "/api/artifacts/" + id + "/versions", null)
                .body();
    }
}
