package io.stele.app.openapi;

import static org.assertj.core.api.Assertions.assertThat;

import io.stele.app.testing.CachedTools;
import io.stele.testservers.RegistryProcess;
import java.net.http.HttpResponse;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

/**
 * Drives every operation of the packaged registry's own {@code /q/openapi} with requests Schemathesis
 * generates from it, valid and invalid, and fails with Schemathesis's report when any check fails:
 * no 5xx; every status, header and body as the document says; requests the document calls valid
 * accepted and requests it calls invalid refused; 405 with {@code Allow} for methods a path lacks.
 * What each check expects, and the few answers that depend on state the document cannot express,
 * are in {@code src/test/resources/schemathesis.toml}.
 */
class OpenApiFuzzIT {

    /** The whole run's bound; Schemathesis's own is set by the examples per operation in the config. */
    private static final Duration RUN_TIMEOUT = Duration.ofMinutes(3);

    /** The artifacts the config's dictionaries name: globalIds 1 to 3, versions 1 and 2. */
    private static void seed(RegistryProcess registry) {
        String avro = "{\"type\":\"record\",\"name\":\"Fuzz\",\"fields\":[{\"name\":\"id\",\"type\":\"long\"}%s]}";
        List<HttpResponse<String>> answers = List.of(
                registry.send("POST", "/api/artifacts", avro.formatted(""), "X-Registry-ArtifactId", "fuzz-avro"),
                registry.send(
                        "PUT",
                        "/api/artifacts/fuzz-avro",
                        avro.formatted(",{\"name\":\"name\",\"type\":\"string\",\"default\":\"\"}")),
                registry.send(
                        "POST",
                        "/api/artifacts",
                        "{\"$schema\":\"http://json-schema.org/draft-07/schema#\",\"type\":\"object\"}",
                        "X-Registry-ArtifactId",
                        "fuzz-json",
                        "X-Registry-ArtifactType",
                        "JSON"));
        for (HttpResponse<String> answer : answers) {
            assertThat(answer.statusCode()).as(answer.body()).isEqualTo(200);
        }
    }

    @Test
    @Timeout(value = 15, unit = TimeUnit.MINUTES) // installing Schemathesis on a fresh machine included
    void generatedRequests_areAnsweredAsTheDocumentSays() throws Exception {
        String version = System.getProperty("schemathesis.version", "4.32.5");
        Path command = CachedTools.python("schemathesis-" + version, "schemathesis==" + version)
                .resolve("schemathesis");
        Files.createDirectories(Path.of("target"));
        Path dir = Files.createTempDirectory(Path.of("target").toAbsolutePath(), "openapi-fuzz-");
        Path config = Path.of("src/test/resources/schemathesis.toml").toAbsolutePath();
        try (RegistryProcess registry = new RegistryProcess(
                        Map.of("stele.storage.embedded.dir", dir.toString()), dir.resolve("registry.log"))
                .start()) {
            seed(registry);
            // A mode set to READONLY refuses every later write with 422, which the document cannot
            // foresee: the mode changes run after everything else, on their own.
            // The Confluent API's second root serves the same resources as the first: left out.
            fuzz(
                    command,
                    config,
                    registry,
                    dir,
                    "everything-else",
                    "--exclude-name-regex",
                    "^(PUT /mode|[A-Z]+ /apis/ccompat/v7/)");
            fuzz(command, config, registry, dir, "mode-changes", "--include-name-regex", "^PUT /mode(/|$)");
        }
    }

    /** Runs Schemathesis on the operations {@code filter} selects, and fails with its report. */
    private static void fuzz(
            Path command, Path config, RegistryProcess registry, Path dir, String name, String... filter)
            throws Exception {
        String base = registry.baseUri().toString();
        Path report = dir.resolve("schemathesis-" + name + ".txt");
        List<String> line = new ArrayList<>(List.of(
                command.toString(),
                "--no-color",
                "--config-file",
                config.toString(),
                "run",
                base + "/q/openapi?format=json",
                "--url",
                base));
        line.addAll(List.of(filter));
        ProcessBuilder builder = new ProcessBuilder(line)
                .directory(dir.toFile())
                .redirectErrorStream(true)
                .redirectOutput(report.toFile());
        // the generator of zips for Apicurio's import, which Schemathesis has none of (schemathesis_hooks.py)
        builder.environment().put("SCHEMATHESIS_HOOKS", "schemathesis_hooks");
        builder.environment().put("PYTHONPATH", config.getParent().toString());
        Process fuzz = builder.start();
        boolean finished = fuzz.waitFor(RUN_TIMEOUT.toSeconds(), TimeUnit.SECONDS);
        if (!finished) {
            fuzz.destroyForcibly().waitFor();
        }
        String output = Files.readString(report);
        assertThat(finished)
                .as("Schemathesis (%s) finished within %s:%n%s", name, RUN_TIMEOUT, output)
                .isTrue();
        assertThat(fuzz.exitValue())
                .as(
                        "Schemathesis (%s) found answers that differ from /q/openapi:%n%s%n" + "registry log: %s",
                        name, output, dir.resolve("registry.log"))
                .isZero();
    }
}
