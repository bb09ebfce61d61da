package io.stele.app.console;

import static io.stele.app.security.SecuredRegistry.AVRO_2;
import static io.stele.app.security.SecuredRegistry.bearer;
import static org.assertj.core.api.Assertions.assertThat;

import com.sun.net.httpserver.HttpServer;
import io.stele.app.security.SecuredRegistry;
import io.stele.testservers.KeycloakServer;
import io.stele.testservers.RegistryProcess;
import java.io.IOException;
import java.io.OutputStream;
import java.net.InetSocketAddress;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.Map;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.openqa.selenium.support.ui.WebDriverWait;

/**
 * People sign in to the console on the identity provider's own page (OpenID Connect's
 * authorization-code flow against the real Keycloak), in headless Chromium: a reader sees the
 * console and cannot write, a developer can, signing out ends the session, and a page on another
 * site cannot use a signed-in browser to write.
 */
class ConsoleSignInBrowserIT {

    private static RegistryProcess registry;
    private static Browser browser;
    private static HttpServer elsewhere;

    @BeforeAll
    static void start() throws IOException {
        registry = SecuredRegistry.start(
                "console-sign-in",
                Map.of(
                        "stele.auth.console.client-id", KeycloakServer.CONSOLE_CLIENT,
                        "stele.auth.console.secret", KeycloakServer.CONSOLE_SECRET));
        assertThat(SecuredRegistry.create(registry, bearer("stele-developer"), "signed")
                        .statusCode())
                .isEqualTo(200);
        // another site: "localhost" is not "127.0.0.1" to a browser
        elsewhere = HttpServer.create(new InetSocketAddress("127.0.0.1", 0), 0);
        elsewhere.createContext("/", exchange -> {
            byte[] page = ("<!DOCTYPE html><html><body><form id=f method=post action=\""
                            + registry.baseUri().resolve("/ui/artifacts/signed/meta")
                            + "\"><input name=name value=defaced><input name=csrf value=guessed></form>"
                            + "<script>document.getElementById('f').submit()</script></body></html>")
                    .getBytes(StandardCharsets.UTF_8);
            exchange.getResponseHeaders().add("Content-Type", "text/html; charset=utf-8");
            exchange.sendResponseHeaders(200, page.length);
            try (OutputStream out = exchange.getResponseBody()) {
                out.write(page);
            }
        });
        elsewhere.start();
    }

    /** A browser of its own for each test: no cookie of the provider's or the registry's is left over. */
    @BeforeEach
    void openBrowser() {
        browser = new Browser(registry.baseUri());
    }

    @AfterEach
    void closeBrowser() {
        browser.close();
        browser = null;
    }

    @AfterAll
    static void stop() {
        if (elsewhere != null) {
            elsewhere.stop(0);
        }
        if (registry != null) {
            registry.close();
        }
    }

    @Test
    void aReaderSeesButCannotWrite_aDeveloperWrites_andSigningOutEndsTheSession() throws Exception {
        signIn("reader");
        assertThat(browser.text("#who")).contains("reader").contains("sr-readonly");
        browser.open("/ui/artifacts/signed");
        assertThat(browser.driver.getTitle()).contains("signed");
        browser.open("/ui/artifacts/signed/check");
        browser.find("#content").sendKeys(AVRO_2);
        browser.go(browser.find("#add"));
        assertThat(browser.driver.getPageSource()).contains("sr-developer role");
        assertThat(versions()).isEqualTo("[1]");
        browser.screenshot("sign-in-reader-refused");

        browser.open("/ui");
        browser.go(browser.find("#sign-out"));
        awaitSignInPage();
        browser.open("/ui/artifacts/signed");
        awaitSignInPage();
        assertThat(browser.driver.getPageSource()).doesNotContain("sr-readonly");

        signIn("developer");
        assertThat(browser.text("#who")).contains("developer").contains("sr-developer");
        browser.open("/ui/artifacts/signed/check");
        browser.find("#content").sendKeys(AVRO_2);
        browser.go(browser.find("#add"));
        browser.awaitPath("/ui/artifacts/signed/versions/2");
        assertThat(versions()).isEqualTo("[1,2]");
        browser.screenshot("sign-in-developer-added");
    }

    @Test
    void aFormPostedFromAnotherSite_isRefused_andChangesNothing() throws Exception {
        signIn("developer");
        String evil = "http://localhost:" + elsewhere.getAddress().getPort() + "/";
        browser.driver.get(evil);
        new WebDriverWait(browser.driver, Duration.ofSeconds(30))
                .withMessage(() -> "the cross-site post's answer, still at " + browser.driver.getCurrentUrl())
                .until(d -> d.getCurrentUrl().startsWith(registry.baseUri().toString()));
        assertThat(browser.driver.getPageSource()).contains("another site");
        browser.screenshot("sign-in-cross-site-refused");
        assertThat(registry.send("GET", "/api/artifacts/signed/meta", null, "Authorization", bearer("stele-readonly"))
                        .body())
                .doesNotContain("defaced");
    }

    /** Opens the console, is sent to Keycloak's page, signs in there and comes back to the console. */
    private static void signIn(String person) {
        browser.open("/ui");
        awaitSignInPage();
        browser.find("#username").sendKeys(person);
        browser.find("#password").sendKeys(KeycloakServer.PEOPLE.get(person));
        browser.go(browser.find("#kc-login"));
        browser.awaitPath("/ui");
    }

    private static void awaitSignInPage() {
        new WebDriverWait(browser.driver, Duration.ofSeconds(30))
                .withMessage(() -> "Keycloak's sign-in page, still at " + browser.driver.getCurrentUrl())
                .until(d -> d.getCurrentUrl().contains("/realms/" + KeycloakServer.REALM + "/")
                        && !d.findElements(org.openqa.selenium.By.id("username"))
                                .isEmpty());
    }

    private static String versions() {
        return registry.send("GET", "/api/artifacts/signed/versions", null, "Authorization", bearer("stele-readonly"))
                .body();
    }
}
