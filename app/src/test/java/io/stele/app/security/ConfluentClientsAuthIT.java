package io.stele.app.security;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.stele.app.testing.CachedTools;
import io.stele.testservers.KeycloakServer;
import io.stele.testservers.RegistryProcess;
import io.stele.testservers.SelfSignedTls;
import java.net.ConnectException;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.UUID;
import java.util.concurrent.TimeUnit;
import javax.net.ssl.SSLHandshakeException;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

/**
 * Confluent's own clients in Python, JavaScript and Go against the packaged registry with
 * authentication on, over HTTPS only, with the real Keycloak: each registers as a developer with
 * basic credentials, reads as a read-only consumer with an OAuth token it fetches itself, and is
 * refused without credentials, with a wrong secret, without a role and when writing as read-only.
 * Each client's checks are a program under {@code src/test/<language>} that prints one line per
 * check and exits non-zero on the first that fails.
 */
class ConfluentClientsAuthIT {

    @Test
    @Timeout(value = 20, unit = TimeUnit.MINUTES) // fetching and building the clients on a fresh machine included
    void confluentsOwnClients_signIn_readAndWriteAsTheirRoles_overHttps() throws Exception {
        Path logs = Files.createDirectories(Path.of("target", "security"));
        SelfSignedTls tls = SelfSignedTls.create(Files.createTempDirectory(logs.toAbsolutePath(), "tls-"));
        String tokenEndpoint = KeycloakServer.shared().tokenEndpoint();
        RegistryProcess secured = SecuredRegistry.prepare(
                        "confluent-clients", Map.of("stele.tls.insecure-requests", "disabled"))
                .overTls(tls);
        try (RegistryProcess registry = secured.start()) {
            String url = registry.baseUri().toString();
            assertThat(url).startsWith("https://");
            HttpClient plain = HttpClient.newHttpClient();
            assertThatThrownBy(() -> plain.send(get(registry.plainUri()), HttpResponse.BodyHandlers.ofString()))
                    .as("plain HTTP is closed")
                    .isInstanceOf(ConnectException.class);
            assertThatThrownBy(() -> plain.send(get(registry.baseUri()), HttpResponse.BodyHandlers.ofString()))
                    .as("a client that does not trust the certificate is refused")
                    .isInstanceOf(SSLHandshakeException.class);
            Map<String, ProcessBuilder> clients = Map.of(
                    "python",
                    new ProcessBuilder(
                            CachedTools.python(
                                            "confluent-kafka-2.16.0-protobuf",
                                            "confluent-kafka[avro,json,protobuf,schemaregistry]==2.16.0")
                                    .resolve("python")
                                    .toString(),
                            "src/test/python/confluent_python_auth.py",
                            url,
                            run(),
                            tokenEndpoint,
                            tls.certificate().toString()),
                    "javascript",
                    node(url, tokenEndpoint, tls),
                    "go",
                    new ProcessBuilder(
                            CachedTools.go(
                                            "confluent-go-client",
                                            Path.of("src/test/go/confluentclient")
                                                    .toAbsolutePath())
                                    .toString(),
                            "auth",
                            url,
                            run(),
                            tokenEndpoint,
                            tls.certificate().toString()));
            for (String language : List.of("python", "javascript", "go")) {
                Path output = logs.resolve("confluent-" + language + "-auth.log");
                Process checks = clients.get(language)
                        .redirectErrorStream(true)
                        .redirectOutput(output.toFile())
                        .start();
                assertThat(checks.waitFor(5, TimeUnit.MINUTES))
                        .as("the %s client's checks finished within 5 minutes; see %s", language, output)
                        .isTrue();
                assertThat(checks.exitValue())
                        .as("the %s client's checks:%n%s", language, Files.readString(output))
                        .isZero();
            }
        }
    }

    private static ProcessBuilder node(String url, String tokenEndpoint, SelfSignedTls tls) throws Exception {
        ProcessBuilder node =
                new ProcessBuilder("node", "src/test/javascript/confluent_js_auth.js", url, run(), tokenEndpoint);
        node.environment()
                .put(
                        "NODE_PATH",
                        CachedTools.node("confluent-schemaregistry-1.10.1", "@confluentinc/schemaregistry@1.10.1")
                                .toString());
        node.environment().put("NODE_EXTRA_CA_CERTS", tls.certificate().toString());
        return node;
    }

    private static HttpRequest get(URI base) {
        return HttpRequest.newBuilder(base.resolve("/q/health/ready"))
                .timeout(Duration.ofSeconds(30))
                .build();
    }

    private static String run() {
        return UUID.randomUUID().toString().substring(0, 8);
    }
}
