package io.stele.app.packaged;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import io.stele.testservers.RegistryProcess;
import io.stele.testservers.ReleaseBuild;
import java.net.http.HttpResponse;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.function.Function;

/**
 * The upgrade of docs/operations.md#releases-and-upgrades, drilled: the previous release ({@link
 * ReleaseBuild#previous()}) writes data of every kind into a store and stops; this build opens the
 * same store (where the backend allows, first beside the previous release, as a rolling upgrade
 * does) and must answer every read as the previous release answered it, byte for byte, with the
 * same ids, and go on taking writes under the rules and modes the previous release stored.
 *
 * <p>The previous release runs with the settings this build's tests give a store; a release that
 * renames a setting of the store gives the previous release its own here.
 */
final class UpgradeDrill {

    private static final ObjectMapper JSON = new ObjectMapper();
    private static final String CONFLUENT_JSON = "application/vnd.schemaregistry.v1+json";

    private UpgradeDrill() {}

    /**
     * Runs the drill on one store.
     *
     * @param registryNamed a registry process (not started) serving the store as the replica of
     *     that name; a name given twice resumes that replica
     * @param anotherReplica whether a replica of this build, new to the store, may serve it beside
     *     the previous release's, as in a rolling upgrade (the embedded store has one process)
     */
    static void previousReleaseWrites_thisReleaseServesAllOfIt_andWritesOn(
            Function<String, RegistryProcess> registryNamed, boolean anotherReplica) throws Exception {
        ReleaseBuild.Release previous = ReleaseBuild.previous();
        Path jar = ReleaseBuild.runnerJar(previous);
        Map<String, String> answers;
        try (RegistryProcess old = registryNamed.apply("upgrade").runner(jar).start()) {
            assertThat(version(old)).as("the release the drill starts from").isEqualTo(previous.version());
            UpgradeData.writeEveryKind(old);
            answers = readEverything(old);
            if (anotherReplica) { // a rolling upgrade: a replica of this release joins while the old one serves
                try (RegistryProcess joining =
                        registryNamed.apply("upgrade-new").start()) {
                    assertThat(version(joining)).isEqualTo(System.getProperty("stele.version"));
                    assertAnswersAsBefore(joining, answers);
                }
            }
            old.terminate();
            assertThat(old.awaitExit(Duration.ofSeconds(60))).as("exit status").isZero();
        }
        try (RegistryProcess current = registryNamed.apply("upgrade").start()) { // with the old one's local state
            assertThat(version(current)).isEqualTo(System.getProperty("stele.version"));
            assertAnswersAsBefore(current, answers);
            UpgradeData.writeOn(current, answers);
        }
        System.out.printf(
                "Upgrade drill: %s wrote, %s served %d reads alike and wrote on%n",
                previous.version(), System.getProperty("stele.version"), answers.size());
    }

    private static String version(RegistryProcess registry) throws Exception {
        return JSON.readTree(registry.send("GET", "/v1/metadata/version", null).body())
                .path("version")
                .asText();
    }

    private static void assertAnswersAsBefore(RegistryProcess registry, Map<String, String> before) {
        Map<String, String> now = new LinkedHashMap<>();
        before.keySet().forEach(path -> now.put(path, answer(registry, path)));
        assertThat(now).as("what this release answers, against the previous").isEqualTo(before);
    }

    /**
     * What the registry answers (status and body) to every read of what it holds: each artifact,
     * version, content by globalId, rule and metadata on the v1 API; each subject (soft-deleted
     * ones too), version, schema id, reference, configuration and mode on the Confluent API; and the
     * export. Found by walking the lists the registry answers.
     */
    static Map<String, String> readEverything(RegistryProcess registry) throws Exception {
        Map<String, String> answers = new LinkedHashMap<>();
        for (String path : List.of("/api/rules", "/api/rules/VALIDITY", "/api/rules/COMPATIBILITY")) {
            read(registry, path, answers);
        }
        for (JsonNode id : list(read(registry, "/api/artifacts", answers))) {
            String artifact = "/api/artifacts/" + id.asText();
            for (String path : List.of("", "/meta", "/rules", "/rules/COMPATIBILITY", "/rules/VALIDITY")) {
                read(registry, artifact + path, answers);
            }
            for (JsonNode version : list(read(registry, artifact + "/versions", answers))) {
                read(registry, artifact + "/versions/" + version.asText(), answers);
                long globalId = read(registry, artifact + "/versions/" + version.asText() + "/meta", answers)
                        .path("globalId")
                        .asLong();
                read(registry, "/api/ids/" + globalId, answers);
                read(registry, "/api/ids/" + globalId + "/meta", answers);
            }
        }
        for (String path : List.of("/config", "/mode", "/schemas", "/schemas/types", "/subjects")) {
            read(registry, path, answers);
        }
        for (JsonNode name : list(read(registry, "/subjects?deleted=true", answers))) {
            String subject = "/subjects/" + name.asText();
            read(registry, subject + "/versions", answers);
            read(registry, "/config/" + name.asText(), answers);
            read(registry, "/mode/" + name.asText(), answers);
            for (JsonNode version : list(read(registry, subject + "/versions?deleted=true", answers))) {
                String path = subject + "/versions/" + version.asText();
                read(registry, path, answers);
                read(registry, path + "/referencedby", answers);
                int id = read(registry, path + "?deleted=true", answers)
                        .path("id")
                        .asInt();
                for (String of : List.of("", "/schema", "/versions", "/subjects")) {
                    read(registry, "/schemas/ids/" + id + of, answers);
                }
            }
        }
        read(registry, "/api/admin/export", answers);
        return answers;
    }

    /** Reads one path into the answers; its body as JSON, or a missing node when it is not JSON. */
    private static JsonNode read(RegistryProcess registry, String path, Map<String, String> answers) throws Exception {
        String answer = answer(registry, path);
        answers.put(path, answer);
        String body = answer.substring(answer.indexOf(' ') + 1);
        return Optional.ofNullable(body.startsWith("{") || body.startsWith("[") ? JSON.readTree(body) : null)
                .orElse(JSON.missingNode());
    }

    private static JsonNode list(JsonNode answer) {
        assertThat(answer.isArray()).as("a list: %s", answer).isTrue();
        return answer;
    }

    private static String answer(RegistryProcess registry, String path) {
        HttpResponse<String> response = registry.send("GET", path, null);
        return response.statusCode() + " " + response.body();
    }

    /** The highest globalId among the answers to v1 metadata reads. */
    static long highestGlobalId(Map<String, String> answers) throws Exception {
        long highest = 0;
        for (Map.Entry<String, String> entry : answers.entrySet()) {
            if (entry.getKey().startsWith("/api/ids/") && entry.getKey().endsWith("/meta")) {
                String body = entry.getValue().substring(entry.getValue().indexOf(' ') + 1);
                highest = Math.max(highest, JSON.readTree(body).path("globalId").asLong());
            }
        }
        return highest;
    }

    /** Sends a Confluent request with a JSON body. */
    static HttpResponse<String> confluent(RegistryProcess registry, String method, String path, String body) {
        return registry.send(method, path, body, "Content-Type", CONFLUENT_JSON);
    }

    /** A Confluent registration body: the schema, its type and its references. */
    static String registration(String type, String schema, String... references) throws Exception {
        Map<String, Object> body = new LinkedHashMap<>();
        body.put("schemaType", type);
        body.put("schema", schema);
        List<Map<String, Object>> refs = new ArrayList<>();
        for (int i = 0; i < references.length; i += 2) {
            refs.add(Map.of("name", references[i], "subject", references[i + 1], "version", 1));
        }
        body.put("references", refs);
        return JSON.writeValueAsString(body);
    }
}
