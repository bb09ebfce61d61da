package io.stele.app.ccompat;

import static org.assertj.core.api.Assertions.assertThat;

import io.stele.app.testing.CachedTools;
import io.stele.storage.testkit.backends.Backend;
import io.stele.testservers.RegistryProcess;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.UUID;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * Confluent's own clients in Python, JavaScript and Go, each fetched by the build from its
 * language's package registry, against the packaged registry on every backend, at both of the API's
 * roots: their
 * serializers and deserializers round-trip Avro, JSON Schema and Protobuf records, with references
 * to other subjects' schemas, and their registry clients'
 * calls answer as Confluent's server would. Each client's checks are a program under {@code
 * src/test/<language>} that prints one line per check and exits non-zero on the first that fails.
 */
class ConfluentClientsIT {

    /** How to run one client's checks against a base URL, with a run id that keeps subjects apart. */
    private interface Client {
        ProcessBuilder command(String url, String run) throws Exception;
    }

    private static final Map<String, Client> CLIENTS = Map.of(
            "python",
            (url, run) -> new ProcessBuilder(
                    CachedTools.python(
                                    "confluent-kafka-2.16.0-protobuf",
                                    "confluent-kafka[avro,json,protobuf,schemaregistry]==2.16.0")
                            .resolve("python")
                            .toString(),
                    "src/test/python/confluent_python_client.py",
                    url,
                    run),
            "javascript",
            (url, run) -> {
                ProcessBuilder node =
                        new ProcessBuilder("node", "src/test/javascript/confluent_js_client.js", url, run);
                node.environment()
                        .put(
                                "NODE_PATH",
                                CachedTools.node(
                                                "confluent-schemaregistry-1.10.1",
                                                "@confluentinc/schemaregistry@1.10.1")
                                        .toString());
                return node;
            },
            "go",
            (url, run) -> new ProcessBuilder(
                    CachedTools.go(
                                    "confluent-go-client",
                                    Path.of("src/test/go/confluentclient").toAbsolutePath())
                            .toString(),
                    url,
                    run));

    @ParameterizedTest
    @ValueSource(strings = {"embedded", "postgresql", "kafka", "infinispan"})
    @Timeout(value = 20, unit = TimeUnit.MINUTES) // fetching and building the clients on a fresh machine included
    void confluentsOwnClients_roundTripRecords_andTheirCallsAnswerAsConfluent(String kind) throws Exception {
        Path logs = Files.createDirectories(Path.of("target", "confluent-clients"));
        Map<String, String> settings = Backend.shared(kind).newStore().replica("clients");
        try (RegistryProcess registry = new RegistryProcess(settings, logs.resolve(kind + "-registry.log")).start()) {
            for (String language : List.of("python", "javascript", "go")) {
                for (String root : List.of("", "/apis/ccompat/v7")) {
                    Path output = logs.resolve(kind + "-" + language + (root.isEmpty() ? "-root" : "-v7") + ".log");
                    Process run = CLIENTS.get(language)
                            .command(
                                    registry.baseUri() + root,
                                    UUID.randomUUID().toString().substring(0, 8))
                            .redirectErrorStream(true)
                            .redirectOutput(output.toFile())
                            .start();
                    assertThat(run.waitFor(5, TimeUnit.MINUTES))
                            .as("the %s client's checks finished within 5 minutes; see %s", language, output)
                            .isTrue();
                    assertThat(run.exitValue())
                            .as(
                                    "the %s client's checks against %s%s:%n%s%nregistry log: %s",
                                    language,
                                    kind,
                                    root,
                                    Files.readString(output),
                                    logs.resolve(kind + "-registry.log"))
                            .isZero();
                }
            }
        }
    }
}
