package io.stele.app.packaged;

import static io.stele.app.packaged.Writes.awaitStatus;
import static io.stele.app.packaged.Writes.create;
import static io.stele.app.packaged.Writes.globalId;
import static io.stele.app.packaged.Writes.sameExport;
import static io.stele.app.packaged.Writes.schema;
import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

import io.stele.storage.testkit.backends.Backend;
import io.stele.storage.testkit.backends.EmbeddedBackend;
import io.stele.storage.testkit.backends.Store;
import io.stele.testservers.Haproxy;
import io.stele.testservers.RegistryProcess;
import java.net.http.HttpResponse;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;
import java.util.stream.Collectors;
import java.util.stream.IntStream;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestInstance;

/**
 * The packaged registry on a backend with a server of its own, as operators run it: two replicas
 * on one store, replicas restarted in turn behind a load balancer under load and one killed with
 * SIGKILL in the middle of writes, an export taken under load restored on another backend, a store
 * written by the previous release served by this one, a server
 * that goes away and comes back, a server down when the registry starts. A backend runs them with a subclass that
 * says how to start its {@link Backend} and what it answers where backends differ; the subclass
 * holds the backend's own scenarios too.
 */
@TestInstance(TestInstance.Lifecycle.PER_CLASS)
abstract class PackagedScenarios<B extends Backend> {

    /** The backend most scenarios share; those that stop a server start their own. */
    protected B backend;

    private Path logs;

    /** Starts the backend, with its server, in a new folder under {@code parent}. */
    protected abstract B startBackend(Path parent);

    /** How the ready check's reason begins while the registry cannot reach {@code backend}. */
    protected abstract String unreachableReason(B backend);

    /** The setting that says where the server is, which messages about reaching it name. */
    protected abstract String addressSetting();

    /**
     * Checks what reads of the latest version and the ready check answer while the server is down:
     * by default, reads go to the server too, so they answer 503 with the JSON error, and the
     * registry stops being ready.
     */
    protected void assertReadsWhileDown(RegistryProcess registry) throws Exception {
        HttpResponse<String> during = registry.send("GET", "/api/artifacts/before", null);
        assertThat(during.statusCode()).isEqualTo(503);
        assertThat(during.body()).contains("\"error_code\":503");
        assertThat(awaitStatus(registry, "/q/health/ready", 503, 30)).isTrue();
    }

    /** Settings beyond the store's for the outage scenario, such as a short write timeout. */
    protected Map<String, String> outageSettings() {
        return Map.of();
    }

    /** How long after the server is back and the registry ready writes may still answer 503. */
    protected Duration writesRecoverWithin() {
        return Duration.ZERO;
    }

    /** How long after the server starts a registry that started without it may take to be ready. */
    protected Duration readyWithin() {
        return Duration.ofSeconds(60);
    }

    /**
     * Whether a first attempt to start with the server down outlasts a start-up wait of one second
     * (it waits for a timeout rather than being refused at once).
     */
    protected boolean firstAttemptOutlastsOneSecond() {
        return false;
    }

    @BeforeAll
    void startSharedBackend() throws Exception {
        backend = startBackend(Path.of("target"));
        logs = EmbeddedRestartIT.dataDir(getClass().getSimpleName() + "-");
    }

    @AfterAll
    void stopSharedBackend() {
        backend.close();
    }

    /** A registry process with these settings, logging to {@code <name>.log}; not started. */
    protected RegistryProcess registry(Map<String, String> settings, String name) {
        return new RegistryProcess(settings, logs.resolve(name + ".log"));
    }

    /** A registry process serving the store as the replica {@code name}; not started. */
    protected RegistryProcess replica(Store store, String name) {
        return registry(store.replica(name), name);
    }

    /**
     * Two replicas on one new store: a new latest version written through one is served by the
     * other, whose read cache held the one before, within {@code boundMillis} (see {@link
     * Writes#newLatestServedByTheOther}).
     */
    protected void assertAnotherReplicaServesTheNewLatest(long boundMillis) throws Exception {
        Store store = backend.newStore();
        try (RegistryProcess a = replica(store, "cache-a").start();
                RegistryProcess b = replica(store, "cache-b").start()) {
            Writes.newLatestServedByTheOther(a, b, boundMillis);
        }
    }

    @Test
    void twoReplicas_agreeOnEveryIdAndVersion_numberConcurrentVersionsWithoutGaps_andCreateOneIdOnce()
            throws Exception {
        Store store = backend.newStore();
        try (RegistryProcess a = replica(store, "agree-a").start();
                RegistryProcess b = replica(store, "agree-b").start()) {
            assertThat(create(a, "shared", schema(1)).statusCode()).isEqualTo(200);
            List<CompletableFuture<List<Integer>>> writers = new ArrayList<>();
            for (RegistryProcess node : List.of(a, b, a, b)) {
                writers.add(CompletableFuture.supplyAsync(() -> IntStream.range(0, 25)
                        .map(i -> node.send("POST", "/api/artifacts/shared/versions", schema(2 + i % 5))
                                .statusCode())
                        .filter(status -> status != 200)
                        .boxed()
                        .toList()));
            }
            for (CompletableFuture<List<Integer>> writer : writers) {
                assertThat(writer.get(2, TimeUnit.MINUTES))
                        .as("statuses other than 200")
                        .isEmpty();
            }
            for (int round = 0; round < 10; round++) {
                String id = "race-" + round;
                CompletableFuture<HttpResponse<String>> viaA =
                        CompletableFuture.supplyAsync(() -> create(a, id, schema(1)));
                CompletableFuture<HttpResponse<String>> viaB =
                        CompletableFuture.supplyAsync(() -> create(b, id, schema(2)));
                List<Integer> statuses = List.of(
                        viaA.get(1, TimeUnit.MINUTES).statusCode(),
                        viaB.get(1, TimeUnit.MINUTES).statusCode());
                assertThat(statuses).containsExactlyInAnyOrder(200, 409);
                HttpResponse<String> refused = statuses.get(0) == 409 ? viaA.get() : viaB.get();
                assertThat(refused.body()).contains("\"error_code\":409");
            }
            String export = sameExport(a, b);
            assertThat(export).contains("\"artifactId\":\"race-9\"");
            String versions = IntStream.rangeClosed(1, 101)
                    .mapToObj(Integer::toString)
                    .collect(Collectors.joining(",", "[", "]"));
            assertThat(a.send("GET", "/api/artifacts/shared/versions", null).body())
                    .isEqualTo(versions);
            assertThat(b.send("GET", "/api/artifacts/shared/versions", null).body())
                    .isEqualTo(versions);
        }
    }

    @Test
    void behindABalancer_rollingRestartsTwice_failNoRequestAndLoseNoWrite_andSigkillFailsOnlyWhatWasInFlight()
            throws Exception {
        Store store = backend.newStore();
        List<RegistryProcess> registries = new ArrayList<>();
        try {
            for (int i = 0; i < 2; i++) {
                Map<String, String> settings = new HashMap<>(store.replica("roll-" + i));
                settings.putAll(Shutdowns.SETTINGS);
                // the JIT's first tier only, as every test's registry (RegistryProcess): a restart
                // competes for the CPU with the backend's server and the other registry
                registries.add(registry(settings, "roll-" + i).start());
            }
            try (Haproxy balancer = Haproxy.start(
                    Path.of("target"),
                    registries.stream().map(RegistryProcess::baseUri).toList())) {
                RollingRestarts.rollTwiceThenKillOne(registries, balancer);
            }
        } finally {
            registries.forEach(RegistryProcess::close);
        }
    }

    @Test
    void exportWhileWritesFlow_importsIntoAnEmptyRegistryOnAnotherBackend_withEveryIdAndVersion() throws Exception {
        Store empty = EmbeddedBackend.start(Path.of("target")).newStore();
        try (RegistryProcess source =
                        replica(backend.newStore(), "backup-source").start();
                RegistryProcess target = replica(empty, "backup-target").start()) {
            BackupDrill.exportWhileWritesFlow_restoresIntoAnEmptyRegistry(source, target);
        }
    }

    @Test
    void apicuriosZipExport_importsIntoAnEmptyRegistry_withEveryId() throws Exception {
        try (RegistryProcess source = replica(backend.newStore(), "zip-source").start();
                RegistryProcess target =
                        replica(backend.newStore(), "zip-target").start()) {
            ApicurioZipDrill.exportedAsApicuriosZip_importsIntoAnEmptyRegistry_withEveryId(source, target);
        }
    }

    @Test
    void previousReleaseWrites_thisReleaseServesAllOfIt_withTheSameIds_andWritesOn() throws Exception {
        Store store = backend.newStore();
        UpgradeDrill.previousReleaseWrites_thisReleaseServesAllOfIt_andWritesOn(name -> replica(store, name), true);
    }

    @Test
    void serverStoppedAndRestarted_writesAnswer503Meanwhile_contentByGlobalIdStillAnswers_andRecoverWithoutRestart()
            throws Exception {
        try (B own = startBackend(Path.of("target"))) {
            Map<String, String> settings = own.newStore().replica("outage");
            settings.putAll(outageSettings());
            try (RegistryProcess registry = registry(settings, "outage").start()) {
                HttpResponse<String> before = create(registry, "before", schema(1));
                assertThat(before.statusCode()).isEqualTo(200);
                String byId = "/api/ids/" + globalId(before);
                assertThat(registry.send("GET", byId, null).body()).isEqualTo(schema(1)); // a consumer's look-up
                own.stop();
                HttpResponse<String> during = create(registry, "during", schema(1));
                assertThat(during.statusCode()).isEqualTo(503);
                assertThat(during.body()).contains("\"error_code\":503").contains("\"message\"");
                // content by globalId never changes: consumers keep finding what they found before
                HttpResponse<String> consumer = registry.send("GET", byId, null);
                assertThat(consumer.statusCode()).isEqualTo(200);
                assertThat(consumer.body()).isEqualTo(schema(1));
                assertReadsWhileDown(registry);
                own.startAgain();
                assertThat(awaitStatus(registry, "/q/health/ready", 200, 60)).isTrue();
                assertThat(awaitStatus(registry, "/api/artifacts/before", 200, 30))
                        .isTrue();
                assertThat(createWhileUnavailable(registry, "after", writesRecoverWithin()))
                        .isEqualTo(200);
                assertThat(registry.send("GET", "/q/health/ready", null).statusCode())
                        .isEqualTo(200);
                Writes.assertAllPresent(registry, List.of(globalId(before)));
            }
        }
    }

    /** Creates the artifact, again while the answer is 503 for at most {@code within}; the last status. */
    private static int createWhileUnavailable(RegistryProcess registry, String id, Duration within) {
        long deadline = System.nanoTime() + within.toNanos();
        int status = create(registry, id, schema(1)).statusCode();
        while (status == 503) {
            assertThat(System.nanoTime())
                    .as("writes still answer 503 %s after the server is back", within)
                    .isLessThan(deadline);
            status = create(registry, id, schema(1)).statusCode();
        }
        return status;
    }

    @Test
    void serverDownAtStartUp_registryStartsNotReady_andBecomesReadyWhenItAnswers() throws Exception {
        try (B own = startBackend(Path.of("target"))) {
            Map<String, String> settings = new HashMap<>(own.newStore().replica("late"));
            settings.put("stele.storage.start-wait", "1s");
            own.stop();
            try (RegistryProcess registry = registry(settings, "late").startWithoutWaiting()) {
                assertThat(awaitStatus(registry, "/q/health/ready", 503, 60)).isTrue();
                if (firstAttemptOutlastsOneSecond()) { // HTTP opened while the first attempt waits
                    assertThat(Writes.readiness(registry)).containsEntry("phase", "starting");
                    assertThat(Writes.logLines(registry, "INFO"))
                            .anyMatch(line -> line.contains("is still starting after 1 s; HTTP opens now"));
                }
                await("the ready check says the registry retries")
                        .atMost(Duration.ofSeconds(60))
                        .until(() ->
                                "retrying".equals(Writes.readiness(registry).get("phase")));
                assertThat(Writes.readiness(registry).get("reason"))
                        .startsWith(unreachableReason(own))
                        .contains(addressSetting());
                HttpResponse<String> early = registry.send("GET", "/api/artifacts", null);
                assertThat(early.statusCode()).isEqualTo(503);
                assertThat(early.body()).contains("\"error_code\":503");
                own.startAgain();
                assertThat(awaitStatus(registry, "/q/health/ready", 200, (int)
                                readyWithin().toSeconds()))
                        .isTrue();
                assertThat(Writes.readiness(registry))
                        .containsEntry("phase", "ready")
                        .doesNotContainKey("reason");
                assertThat(create(registry, "late", schema(1)).statusCode()).isEqualTo(200);
                assertThat(Writes.logLines(registry, "WARN"))
                        .filteredOn(line -> line.contains("StorageProvider"))
                        .singleElement()
                        .asString()
                        .contains(addressSetting())
                        .contains("Retrying every 2 s");
                assertThat(Writes.logLines(registry, "INFO"))
                        .filteredOn(line -> line.contains("StorageProvider") && !line.contains("still starting"))
                        .singleElement()
                        .asString()
                        .contains("Storage backend '" + own.kind() + "' started after");
                assertThat(Writes.logLines(registry, "ERROR")).isEmpty();
            }
        }
    }
}
