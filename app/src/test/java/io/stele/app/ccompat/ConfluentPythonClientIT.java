package io.stele.app.ccompat;

import static org.assertj.core.api.Assertions.assertThat;

import io.stele.app.testing.PythonTool;
import io.stele.storage.testkit.backends.Backend;
import io.stele.storage.testkit.servers.RegistryProcess;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Map;
import java.util.UUID;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * Confluent's own Python client ({@code confluent-kafka}, installed by the build from PyPI) against
 * the packaged registry: its serializers and deserializers round-trip Avro and JSON Schema records,
 * and its registry client's calls answer as Confluent's server would
 * ({@code src/test/python/confluent_python_client.py}), at the root and at {@code
 * /apis/ccompat/v7}.
 */
class ConfluentPythonClientIT {

    private static final String CLIENT = "confluent-kafka[avro,json,schemaregistry]==2.16.0";

    @ParameterizedTest
    @ValueSource(strings = {"embedded", "postgresql"})
    @Timeout(value = 15, unit = TimeUnit.MINUTES) // installing the client on a fresh machine included
    void pythonClient_roundTripsAndItsCallsAnswerAsConfluent(String kind) throws Exception {
        Path python = PythonTool.install("confluent-kafka-2.16.0", CLIENT).resolve("python");
        Path logs = Files.createDirectories(Path.of("target", "confluent-clients"));
        Map<String, String> settings = Backend.shared(kind).newStore().replica("python-client");
        try (RegistryProcess registry = new RegistryProcess(settings, logs.resolve(kind + "-registry.log")).start()) {
            for (String root : new String[] {"", "/apis/ccompat/v7"}) {
                Path output = logs.resolve(kind + (root.isEmpty() ? "-root" : "-v7") + ".log");
                Process run = new ProcessBuilder(
                                python.toString(),
                                Path.of("src/test/python/confluent_python_client.py")
                                        .toString(),
                                registry.baseUri() + root,
                                UUID.randomUUID().toString().substring(0, 8))
                        .redirectErrorStream(true)
                        .redirectOutput(output.toFile())
                        .start();
                assertThat(run.waitFor(5, TimeUnit.MINUTES))
                        .as("the Python client's checks finished within 5 minutes; see %s", output)
                        .isTrue();
                assertThat(run.exitValue())
                        .as(
                                "the Python client's checks against %s%s:%n%s%nregistry log: %s",
                                kind, root, Files.readString(output), registry.log())
                        .isZero();
            }
        }
    }
}
