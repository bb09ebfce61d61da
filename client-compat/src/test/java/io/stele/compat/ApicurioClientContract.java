package io.stele.compat;

import static io.stele.compat.Beans.editable;
import static io.stele.compat.Beans.rule;
import static io.stele.compat.Beans.state;
import static io.stele.compat.ClientAssertions.assertStatus;
import static io.stele.compat.ClientAssertions.present;
import static io.stele.compat.Schemas.ORDER_V1;
import static io.stele.compat.Schemas.ORDER_V1_REFORMATTED;
import static io.stele.compat.Schemas.ORDER_V2;
import static io.stele.compat.Schemas.ORDER_V2_INCOMPATIBLE;
import static io.stele.compat.Schemas.ORDER_V3;
import static io.stele.compat.Schemas.stream;
import static io.stele.compat.Schemas.text;
import static org.assertj.core.api.Assertions.assertThat;

import io.apicurio.registry.client.RegistryRestClient;
import io.apicurio.registry.client.RegistryRestClientFactory;
import io.apicurio.registry.rest.beans.ArtifactMetaData;
import io.apicurio.registry.rest.beans.IfExistsType;
import io.apicurio.registry.rest.beans.Rule;
import io.apicurio.registry.rest.beans.VersionMetaData;
import io.apicurio.registry.types.ArtifactState;
import io.apicurio.registry.types.ArtifactType;
import io.apicurio.registry.types.RuleType;
import io.stele.storage.testkit.backends.Backend;
import io.stele.testservers.RegistryProcess;
import java.net.http.HttpResponse;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayDeque;
import java.util.Deque;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.atomic.AtomicInteger;
import okhttp3.OkHttpClient;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestInstance;

/**
 * Apicurio Registry's 1.3.2 REST client, unchanged, against the packaged registry: one test per
 * group of client methods, each on artifacts of its own. What the client sends and reads is in
 * docs/apicurio-1.3.2-clients.md. {@link SearchContract} adds the search methods and
 * {@link AvroSerdeContract} the Avro serializer and deserializer.
 *
 * <p>Each backend's test is a subclass that says which storage the registry runs on. A registry
 * that cannot start fails every test of the class; none is skipped.
 */
@TestInstance(TestInstance.Lifecycle.PER_CLASS)
abstract class ApicurioClientContract implements SearchContract, AvroSerdeContract {

    private final Deque<AutoCloseable> cleanup = new ArrayDeque<>();
    private final String run = Long.toString(System.nanoTime(), 36);
    private final AtomicInteger sequence = new AtomicInteger();

    private RegistryProcess registry;
    private RegistryRestClient client;

    /** The {@code stele.storage.kind} the registry under test runs on, started through {@link Backend}. */
    protected abstract String kind();

    /**
     * The system properties of the registry under test: by default those of a new store of {@link
     * #kind()}'s backend, on a server of its own.
     *
     * @param workDir a new folder for this class's data and logs
     * @param cleanup where to push servers to stop after the registry has stopped
     */
    protected Map<String, String> registrySettings(Path workDir, Deque<AutoCloseable> cleanup) throws Exception {
        Backend backend = Backend.start(kind(), workDir, Map.of());
        cleanup.push(backend);
        return backend.newStore().replica("clients");
    }

    /**
     * The registry before it starts, for a fixture to add to (HTTPS); as it is by default.
     *
     * @param workDir this class's folder
     */
    protected RegistryProcess prepare(RegistryProcess registry, Path workDir) {
        return registry;
    }

    @Override
    public Map<String, Object> clientSettings() {
        return Map.of();
    }

    /** The headers a request sent around the client carries, as names and values: none by default. */
    protected String[] rawHeaders() {
        return new String[0];
    }

    /** A request sent around the client, to read what it does not show (headers, error bodies). */
    private HttpResponse<String> send(String method, String path, String body) {
        return registry.send(method, path, body, rawHeaders());
    }

    @BeforeAll
    void startRegistry() throws Exception {
        Files.createDirectories(Path.of("target"));
        Path workDir = Files.createTempDirectory(
                Path.of("target").toAbsolutePath(), getClass().getSimpleName() + "-");
        Map<String, String> settings = registrySettings(workDir, cleanup);
        registry = prepare(new RegistryProcess(new HashMap<>(settings), workDir.resolve("registry.log")), workDir);
        cleanup.push(registry);
        registry.start();
        // The factory's own client for a bare URL is a default OkHttpClient; this one only adds logging.
        // With settings of its own the factory builds the client they describe, as a user's would.
        client = clientSettings().isEmpty()
                ? RegistryRestClientFactory.create(
                        apiUrl(),
                        new OkHttpClient.Builder()
                                .addInterceptor(new ErrorExchanges())
                                .build())
                : RegistryRestClientFactory.create(apiUrl(), clientSettings());
        cleanup.push(client);
    }

    @AfterAll
    void stopRegistry() throws Exception {
        while (!cleanup.isEmpty()) {
            cleanup.pop().close();
        }
    }

    @Override
    public String apiUrl() {
        return registry.baseUri() + "/api";
    }

    @Override
    public RegistryRestClient client() {
        return client;
    }

    @Override
    public String newId(String name) {
        return name + "-" + run + "-" + sequence.incrementAndGet();
    }

    private ArtifactMetaData create(String artifactId, String content) {
        return present(client.createArtifact(artifactId, ArtifactType.AVRO, null, stream(content)));
    }

    // --- artifacts ---

    @Test
    void createArtifact_returnsMetaData_withEpochMillisDates() {
        long before = System.currentTimeMillis();
        String id = newId("create");
        ArtifactMetaData meta = create(id, ORDER_V1);
        assertThat(meta.getId()).isEqualTo(id);
        assertThat(meta.getVersion()).isEqualTo(1);
        assertThat(meta.getType()).isEqualTo(ArtifactType.AVRO);
        assertThat(meta.getState()).isEqualTo(ArtifactState.ENABLED);
        assertThat(meta.getGlobalId()).isPositive();
        assertThat(meta.getCreatedOn()).isBetween(before - 60_000, System.currentTimeMillis() + 60_000);
    }

    @Test
    void createArtifact_withoutIdOrType_generatesAnId_andDetectsAvro() {
        ArtifactMetaData meta = present(client.createArtifact(null, null, null, stream(ORDER_V1)));
        assertThat(meta.getId()).isNotBlank();
        assertThat(meta.getType()).isEqualTo(ArtifactType.AVRO);
        assertThat(text(client.getLatestArtifact(meta.getId()))).isEqualTo(ORDER_V1);
    }

    @Test
    void createArtifact_whenIdExists_failsWith409_byDefaultAndWithFail() {
        String id = newId("exists");
        create(id, ORDER_V1);
        assertStatus(409, () -> client.createArtifact(id, ArtifactType.AVRO, null, stream(ORDER_V2)));
        assertStatus(409, () -> client.createArtifact(id, ArtifactType.AVRO, IfExistsType.FAIL, stream(ORDER_V2)));
        assertThat(client.listArtifactVersions(id)).containsExactly(1L);
    }

    @Test
    void createArtifact_ifExistsUpdate_addsAVersion() {
        String id = newId("update");
        create(id, ORDER_V1);
        ArtifactMetaData meta =
                present(client.createArtifact(id, ArtifactType.AVRO, IfExistsType.UPDATE, stream(ORDER_V2)));
        assertThat(meta.getVersion()).isEqualTo(2);
        assertThat(text(client.getLatestArtifact(id))).isEqualTo(ORDER_V2);
    }

    @Test
    void createArtifact_ifExistsReturn_returnsTheLatest_withoutAddingAVersion() {
        String id = newId("return");
        ArtifactMetaData first = create(id, ORDER_V1);
        ArtifactMetaData meta =
                present(client.createArtifact(id, ArtifactType.AVRO, IfExistsType.RETURN, stream(ORDER_V2)));
        assertThat(meta.getGlobalId()).isEqualTo(first.getGlobalId());
        assertThat(client.listArtifactVersions(id)).containsExactly(1L);
    }

    @Test
    void createArtifact_ifExistsReturnOrUpdate_returnsTheMatchingVersion_orAddsOne() {
        String id = newId("return-or-update");
        ArtifactMetaData v1 = create(id, ORDER_V1);
        ArtifactMetaData v2 =
                present(client.createArtifact(id, ArtifactType.AVRO, IfExistsType.RETURN_OR_UPDATE, stream(ORDER_V2)));
        assertThat(v2.getVersion()).isEqualTo(2);
        ArtifactMetaData again =
                present(client.createArtifact(id, ArtifactType.AVRO, IfExistsType.RETURN_OR_UPDATE, stream(ORDER_V1)));
        assertThat(again.getGlobalId()).isEqualTo(v1.getGlobalId());
        assertThat(client.listArtifactVersions(id)).containsExactly(1L, 2L);
    }

    @Test
    void getLatestArtifact_returnsTheLatestContent_or404() {
        String id = newId("latest");
        create(id, ORDER_V1);
        present(client.updateArtifact(id, ArtifactType.AVRO, stream(ORDER_V2)));
        assertThat(text(client.getLatestArtifact(id))).isEqualTo(ORDER_V2);
        assertStatus(404, () -> client.getLatestArtifact(newId("missing")));
    }

    @Test
    void updateArtifact_addsAVersion_andReturnsItsMetaData() {
        String id = newId("put");
        ArtifactMetaData v1 = create(id, ORDER_V1);
        ArtifactMetaData v2 = present(client.updateArtifact(id, ArtifactType.AVRO, stream(ORDER_V2)));
        assertThat(v2.getId()).isEqualTo(id);
        assertThat(v2.getVersion()).isEqualTo(2);
        assertThat(v2.getGlobalId()).isGreaterThan(v1.getGlobalId());
        assertThat(v2.getModifiedOn()).isGreaterThanOrEqualTo(v1.getCreatedOn());
        assertStatus(404, () -> client.updateArtifact(newId("missing"), ArtifactType.AVRO, stream(ORDER_V1)));
    }

    @Test
    void deleteArtifact_removesItsVersionsAndIds() {
        String id = newId("delete");
        ArtifactMetaData meta = create(id, ORDER_V1);
        assertThat(client.listArtifacts()).contains(id);
        client.deleteArtifact(id);
        assertThat(client.listArtifacts()).doesNotContain(id);
        assertStatus(404, () -> client.getLatestArtifact(id));
        assertStatus(404, () -> client.getArtifactByGlobalId(meta.getGlobalId()));
        assertStatus(404, () -> client.deleteArtifact(id));
    }

    // --- metadata ---

    @Test
    void updateArtifactMetaData_isReadBack() {
        String id = newId("meta");
        create(id, ORDER_V1);
        client.updateArtifactMetaData(
                id, editable("Orders", "What was ordered", List.of("sales"), Map.of("owner", "team-a")));
        ArtifactMetaData meta = present(client.getArtifactMetaData(id));
        assertThat(meta.getName()).isEqualTo("Orders");
        assertThat(meta.getDescription()).isEqualTo("What was ordered");
        assertThat(meta.getLabels()).containsExactly("sales");
        assertThat(meta.getProperties()).containsExactlyEntriesOf(Map.of("owner", "team-a"));
        assertStatus(404, () -> client.getArtifactMetaData(newId("missing")));
    }

    @Test
    void getArtifactMetaDataByContent_findsTheVersionWithThatContent_or404() {
        String id = newId("by-content");
        ArtifactMetaData v1 = create(id, ORDER_V1);
        present(client.updateArtifact(id, ArtifactType.AVRO, stream(ORDER_V2)));
        ArtifactMetaData found = present(client.getArtifactMetaDataByContent(id, stream(ORDER_V1)));
        assertThat(found.getVersion()).isEqualTo(1);
        assertThat(found.getGlobalId()).isEqualTo(v1.getGlobalId());
        assertStatus(404, () -> client.getArtifactMetaDataByContent(id, stream(ORDER_V3)));
    }

    @Test
    void getArtifactMetaDataByContent_matchesAReformattedSchemaWithReorderedKeys() {
        String id = newId("canonical");
        ArtifactMetaData v1 = create(id, ORDER_V1);
        ArtifactMetaData found = present(client.getArtifactMetaDataByContent(id, stream(ORDER_V1_REFORMATTED)));
        assertThat(found.getGlobalId()).isEqualTo(v1.getGlobalId());
    }

    // --- versions ---

    @Test
    void versions_createListGetAndMetaData() {
        String id = newId("versions");
        create(id, ORDER_V1);
        VersionMetaData v2 = present(client.createArtifactVersion(id, ArtifactType.AVRO, stream(ORDER_V2)));
        assertThat(v2.getVersion()).isEqualTo(2);
        assertThat(v2.getType()).isEqualTo(ArtifactType.AVRO);
        assertThat(client.listArtifactVersions(id)).containsExactly(1L, 2L);
        assertThat(text(client.getArtifactVersion(id, 1))).isEqualTo(ORDER_V1);
        VersionMetaData read = present(client.getArtifactVersionMetaData(id, 2));
        assertThat(read.getGlobalId()).isEqualTo(v2.getGlobalId());
        assertThat(read.getState()).isEqualTo(ArtifactState.ENABLED);
        assertStatus(404, () -> client.getArtifactVersion(id, 3));
        assertStatus(404, () -> client.getArtifactVersionMetaData(id, 3));
        assertStatus(404, () -> client.createArtifactVersion(newId("missing"), ArtifactType.AVRO, stream(ORDER_V1)));
    }

    @Test
    void versionMetaData_updateThenDelete() {
        String id = newId("version-meta");
        create(id, ORDER_V1);
        present(client.createArtifactVersion(id, ArtifactType.AVRO, stream(ORDER_V2)));
        client.updateArtifactVersionMetaData(
                id, 1, editable("First", "The first shape", List.of("old"), Map.of("k", "v")));
        VersionMetaData first = present(client.getArtifactVersionMetaData(id, 1));
        assertThat(first.getName()).isEqualTo("First");
        assertThat(first.getDescription()).isEqualTo("The first shape");
        assertThat(first.getLabels()).containsExactly("old");
        assertThat(first.getProperties()).containsExactlyEntriesOf(Map.of("k", "v"));
        assertThat(present(client.getArtifactVersionMetaData(id, 2)).getName()).isNotEqualTo("First");

        client.deleteArtifactVersionMetaData(id, 1);
        VersionMetaData cleared = present(client.getArtifactVersionMetaData(id, 1));
        assertThat(cleared.getName()).isNotEqualTo("First");
        assertThat(cleared.getDescription()).isNotEqualTo("The first shape");
        assertStatus(404, () -> client.deleteArtifactVersionMetaData(id, 3));
    }

    // --- states ---

    @Test
    void disabledVersion_isHiddenFromLatest_andItsIdAnswers404() {
        String id = newId("disabled");
        create(id, ORDER_V1);
        VersionMetaData v2 = present(client.createArtifactVersion(id, ArtifactType.AVRO, stream(ORDER_V2)));
        client.updateArtifactVersionState(id, 2, state(ArtifactState.DISABLED));
        assertThat(present(client.getArtifactVersionMetaData(id, 2)).getState()).isEqualTo(ArtifactState.DISABLED);
        assertThat(text(client.getLatestArtifact(id))).isEqualTo(ORDER_V1);
        assertThat(present(client.getArtifactMetaData(id)).getVersion()).isEqualTo(1);
        assertStatus(404, () -> client.getArtifactByGlobalId(v2.getGlobalId()));

        client.updateArtifactVersionState(id, 2, state(ArtifactState.ENABLED));
        assertThat(text(client.getLatestArtifact(id))).isEqualTo(ORDER_V2);
        assertThat(text(client.getArtifactByGlobalId(v2.getGlobalId()))).isEqualTo(ORDER_V2);
    }

    @Test
    void updateArtifactState_disablesTheLatestVersion() {
        String id = newId("artifact-state");
        create(id, ORDER_V1);
        client.updateArtifactState(id, state(ArtifactState.DISABLED));
        assertStatus(404, () -> client.getLatestArtifact(id));
        assertStatus(404, () -> client.updateArtifactState(newId("missing"), state(ArtifactState.DISABLED)));
    }

    @Test
    void deprecatedVersion_isServed_withTheDeprecatedHeader() {
        String id = newId("deprecated");
        ArtifactMetaData meta = create(id, ORDER_V1);
        client.updateArtifactState(id, state(ArtifactState.DEPRECATED));
        assertThat(present(client.getArtifactMetaData(id)).getState()).isEqualTo(ArtifactState.DEPRECATED);
        assertThat(text(client.getLatestArtifact(id))).isEqualTo(ORDER_V1);
        for (String path : List.of(
                "/api/artifacts/" + id, "/api/artifacts/" + id + "/versions/1", "/api/ids/" + meta.getGlobalId())) {
            HttpResponse<String> served = send("GET", path, null);
            assertThat(served.statusCode()).as(path).isEqualTo(200);
            assertThat(served.headers().firstValue("X-Registry-Deprecated"))
                    .as(path)
                    .hasValue("true");
        }
    }

    // --- ids ---

    @Test
    void globalIds_giveEachVersionsContentAndMetaData_or404() {
        String id = newId("ids");
        ArtifactMetaData v1 = create(id, ORDER_V1);
        ArtifactMetaData v2 = present(client.updateArtifact(id, ArtifactType.AVRO, stream(ORDER_V2)));
        assertThat(text(client.getArtifactByGlobalId(v1.getGlobalId()))).isEqualTo(ORDER_V1);
        assertThat(text(client.getArtifactByGlobalId(v2.getGlobalId()))).isEqualTo(ORDER_V2);
        ArtifactMetaData meta = present(client.getArtifactMetaDataByGlobalId(v1.getGlobalId()));
        assertThat(meta.getId()).isEqualTo(id);
        assertThat(meta.getVersion()).isEqualTo(1);
        assertStatus(404, () -> client.getArtifactByGlobalId(Long.MAX_VALUE));
        assertStatus(404, () -> client.getArtifactMetaDataByGlobalId(Long.MAX_VALUE));
    }

    // --- rules ---

    @Test
    void globalRules_createListGetUpdateDelete() {
        try {
            client.createGlobalRule(rule(RuleType.VALIDITY, "FULL"));
            assertStatus(409, () -> client.createGlobalRule(rule(RuleType.VALIDITY, "FULL")));
            assertThat(client.listGlobalRules()).containsExactly(RuleType.VALIDITY);
            assertThat(present(client.getGlobalRuleConfig(RuleType.VALIDITY)).getConfig())
                    .isEqualTo("FULL");
            Rule updated =
                    present(client.updateGlobalRuleConfig(RuleType.VALIDITY, rule(RuleType.VALIDITY, "SYNTAX_ONLY")));
            assertThat(updated.getConfig()).isEqualTo("SYNTAX_ONLY");
            assertThat(present(client.getGlobalRuleConfig(RuleType.VALIDITY)).getConfig())
                    .isEqualTo("SYNTAX_ONLY");
            client.deleteGlobalRule(RuleType.VALIDITY);
            assertStatus(404, () -> client.getGlobalRuleConfig(RuleType.VALIDITY));
            client.createGlobalRule(rule(RuleType.COMPATIBILITY, "NONE"));
            client.deleteAllGlobalRules();
            assertThat(client.listGlobalRules()).isEmpty();
        } finally {
            send("DELETE", "/api/rules", null);
        }
    }

    @Test
    void artifactRules_createListGetUpdateDelete() {
        String id = newId("rules");
        create(id, ORDER_V1);
        client.createArtifactRule(id, rule(RuleType.VALIDITY, "FULL"));
        client.createArtifactRule(id, rule(RuleType.COMPATIBILITY, "BACKWARD"));
        assertStatus(409, () -> client.createArtifactRule(id, rule(RuleType.VALIDITY, "FULL")));
        assertThat(client.listArtifactRules(id)).containsExactlyInAnyOrder(RuleType.VALIDITY, RuleType.COMPATIBILITY);
        assertThat(present(client.getArtifactRuleConfig(id, RuleType.COMPATIBILITY))
                        .getConfig())
                .isEqualTo("BACKWARD");
        Rule updated = present(
                client.updateArtifactRuleConfig(id, RuleType.COMPATIBILITY, rule(RuleType.COMPATIBILITY, "FULL")));
        assertThat(updated.getConfig()).isEqualTo("FULL");
        client.deleteArtifactRule(id, RuleType.VALIDITY);
        assertThat(client.listArtifactRules(id)).containsExactly(RuleType.COMPATIBILITY);
        assertStatus(404, () -> client.getArtifactRuleConfig(id, RuleType.VALIDITY));
        client.deleteArtifactRules(id);
        assertThat(client.listArtifactRules(id)).isEmpty();
        assertStatus(404, () -> client.listArtifactRules(newId("missing")));
    }

    @Test
    void backwardCompatibilityRule_rejectsAnIncompatibleVersion_with409NamingTheProblem() {
        String id = newId("backward");
        create(id, ORDER_V1);
        client.createArtifactRule(id, rule(RuleType.COMPATIBILITY, "BACKWARD"));
        assertStatus(409, () -> client.updateArtifact(id, ArtifactType.AVRO, stream(ORDER_V2_INCOMPATIBLE)));
        assertStatus(409, () -> client.createArtifactVersion(id, ArtifactType.AVRO, stream(ORDER_V2_INCOMPATIBLE)));
        HttpResponse<String> rejected = send("PUT", "/api/artifacts/" + id, ORDER_V2_INCOMPATIBLE);
        assertThat(rejected.statusCode()).isEqualTo(409);
        assertThat(rejected.body()).contains("\"error_code\":409").containsAnyOf("email", "/fields/1");
        assertThat(client.listArtifactVersions(id)).containsExactly(1L);
        assertThat(present(client.updateArtifact(id, ArtifactType.AVRO, stream(ORDER_V2)))
                        .getVersion())
                .isEqualTo(2);
    }

    @Test
    void testUpdateArtifact_appliesTheRules_withoutAddingAVersion() {
        String id = newId("test-update");
        create(id, ORDER_V1);
        client.createArtifactRule(id, rule(RuleType.COMPATIBILITY, "BACKWARD"));
        client.testUpdateArtifact(id, ArtifactType.AVRO, stream(ORDER_V2));
        assertStatus(409, () -> client.testUpdateArtifact(id, ArtifactType.AVRO, stream(ORDER_V2_INCOMPATIBLE)));
        assertThat(client.listArtifactVersions(id)).containsExactly(1L);
        assertStatus(404, () -> client.testUpdateArtifact(newId("missing"), ArtifactType.AVRO, stream(ORDER_V1)));
    }
}
