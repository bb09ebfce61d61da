package io.stele.app.packaged;

import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

import com.fasterxml.jackson.core.type.TypeReference;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import io.stele.app.storage.StorageProvider;
import io.stele.testservers.RegistryProcess;
import java.io.IOException;
import java.net.http.HttpResponse;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.TimeUnit;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/** Requests the packaged-registry tests make, and what they check of the answers. */
final class Writes {

    private static final ObjectMapper JSON = new ObjectMapper();
    private static final Pattern GLOBAL_ID = Pattern.compile("\"globalId\":(\\d+)");

    private Writes() {}

    /** A valid Avro record schema with {@code fields} fields, each a compatible evolution of the last. */
    static String schema(int fields) {
        StringBuilder s = new StringBuilder(
                "{\"type\":\"record\",\"name\":\"Order\",\"fields\":[{\"name\":\"id\",\"type\":\"long\"}");
        for (int i = 1; i < fields; i++) {
            s.append(",{\"name\":\"f").append(i).append("\",\"type\":\"string\",\"default\":\"\"}");
        }
        return s.append("]}").toString();
    }

    static long globalId(HttpResponse<String> response) {
        Matcher m = GLOBAL_ID.matcher(response.body());
        assertThat(m.find()).as(response.body()).isTrue();
        return Long.parseLong(m.group(1));
    }

    static HttpResponse<String> create(RegistryProcess registry, String artifactId, String content) {
        return registry.send("POST", "/api/artifacts", content, "X-Registry-ArtifactId", artifactId);
    }

    /**
     * Creates artifacts from several writers until at least {@code atLeast} were acknowledged, then
     * kills the registry with SIGKILL in the middle of the flood.
     *
     * @return the globalIds of every acknowledged write
     */
    static List<Long> floodThenKill(RegistryProcess registry, int writers, int atLeast) throws Exception {
        return floodThenKill(registry, writers, atLeast, () -> {});
    }

    /** As {@link #floodThenKill(RegistryProcess, int, int)}, running {@code beforeKill} just before the SIGKILL. */
    static List<Long> floodThenKill(RegistryProcess registry, int writers, int atLeast, Runnable beforeKill)
            throws Exception {
        List<Long> acknowledged = Collections.synchronizedList(new ArrayList<>());
        ExecutorService pool = Executors.newFixedThreadPool(writers);
        String run = Long.toString(System.nanoTime(), 36);
        for (int w = 0; w < writers; w++) {
            int writer = w;
            pool.submit(() -> {
                for (int i = 0; i < 100_000 && !Thread.currentThread().isInterrupted(); i++) {
                    try {
                        HttpResponse<String> r = create(registry, run + "-w" + writer + "-" + i, schema(1 + (i % 5)));
                        if (r.statusCode() == 200) {
                            acknowledged.add(globalId(r));
                        }
                    } catch (RuntimeException e) {
                        return;
                    }
                }
            });
        }
        try {
            await(atLeast + " writes are acknowledged before the registry is killed")
                    .atMost(Duration.ofSeconds(120))
                    .pollInterval(Duration.ofMillis(20))
                    .until(() -> acknowledged.size() >= atLeast);
        } finally {
            beforeKill.run();
            registry.kill();
            pool.shutdownNow();
        }
        assertThat(pool.awaitTermination(60, TimeUnit.SECONDS))
                .as("the writers stop within 60 s")
                .isTrue();
        synchronized (acknowledged) {
            return new ArrayList<>(acknowledged);
        }
    }

    /** The export of each replica, once they all give the same one (within 10 s). */
    static String sameExport(RegistryProcess... replicas) throws InterruptedException {
        long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(10);
        while (true) {
            List<String> exports = new ArrayList<>();
            for (RegistryProcess r : replicas) {
                HttpResponse<String> export = r.send("GET", "/api/admin/export", null);
                assertThat(export.statusCode()).isEqualTo(200);
                exports.add(export.body());
            }
            if (exports.stream().distinct().count() == 1) {
                return exports.get(0);
            }
            assertThat(System.nanoTime())
                    .as("replicas give the same export within 10 s")
                    .isLessThan(deadline);
            Thread.sleep(100);
        }
    }

    /** Every globalId answers through the registry. */
    static void assertAllPresent(RegistryProcess registry, List<Long> globalIds) {
        for (long id : globalIds) {
            assertThat(registry.send("GET", "/api/ids/" + id + "/meta", null).statusCode())
                    .as("acknowledged globalId %d", id)
                    .isEqualTo(200);
        }
    }

    /**
     * Sends GET to the path until it answers the status.
     *
     * @return true
     * @throws org.awaitility.core.ConditionTimeoutException saying what was awaited, when it does not
     *     within the seconds
     */
    static boolean awaitStatus(RegistryProcess registry, String path, int status, int seconds) {
        await("GET " + path + " answers " + status)
                .atMost(Duration.ofSeconds(seconds))
                .pollInterval(Duration.ofMillis(250))
                .ignoreExceptions()
                .until(() -> registry.send("GET", path, null).statusCode() == status);
        return true;
    }

    /** The data of {@code /q/health/ready}'s storage check: its kind, phase and, while not ready, reason. */
    static Map<String, String> readiness(RegistryProcess registry) throws IOException {
        String body = registry.send("GET", "/q/health/ready", null).body();
        for (JsonNode check : JSON.readTree(body).path("checks")) {
            if ("storage".equals(check.path("name").asText())) {
                return JSON.convertValue(check.path("data"), new TypeReference<Map<String, String>>() {});
            }
        }
        throw new AssertionError("/q/health/ready has no storage check: " + body);
    }

    /** The lines the registry has logged at a level, such as {@code ERROR}. */
    static List<String> logLines(RegistryProcess registry, String level) throws IOException {
        Pattern line = Pattern.compile("^\\S+ " + level + "\\s+\\[");
        return registry.log().lines().filter(l -> line.matcher(l).find()).toList();
    }

    /**
     * Starts a registry that must find it cannot run as configured, and checks what an operator
     * sees: it exits by itself with the status for a misconfiguration, having logged one ERROR line
     * and no stack trace.
     *
     * @return that ERROR line
     */
    static String assertExitsMisconfigured(RegistryProcess registry) throws IOException {
        assertThat(registry.startAndAwaitExit(Duration.ofSeconds(120)))
                .as("the registry's exit status")
                .isEqualTo(StorageProvider.EXIT_MISCONFIGURED);
        List<String> errors = logLines(registry, "ERROR");
        assertThat(errors).as("the registry's ERROR lines").hasSize(1);
        assertThat(registry.log()).as("the registry's log").doesNotContain("\tat ");
        return errors.get(0);
    }

    /**
     * Writes 20 new latest versions of one artifact through {@code a}, each after {@code b} has
     * cached the one before, and waits for {@code b} to serve each: fails if it still serves the old
     * one {@code boundMillis} after {@code a} acknowledged the new, and prints the lags.
     */
    static void newLatestServedByTheOther(RegistryProcess a, RegistryProcess b, long boundMillis)
            throws InterruptedException {
        assertThat(create(a, "hot", schema(1)).statusCode()).isEqualTo(200);
        List<Long> lags = new ArrayList<>();
        for (int v = 2; v <= 21; v++) {
            assertThat(b.send("GET", "/api/artifacts/hot", null).body()).isEqualTo(schema(v - 1));
            assertThat(b.send("GET", "/api/artifacts/hot", null).body()).isEqualTo(schema(v - 1)); // cached now
            assertThat(a.send("PUT", "/api/artifacts/hot", schema(v)).statusCode())
                    .isEqualTo(200);
            long written = System.nanoTime();
            long lag;
            while (true) {
                lag = TimeUnit.NANOSECONDS.toMillis(System.nanoTime() - written);
                if (b.send("GET", "/api/artifacts/hot", null).body().equals(schema(v))) {
                    break;
                }
                assertThat(lag).as("replica B still serves version %d", v - 1).isLessThan(boundMillis);
                Thread.sleep(1);
            }
            lags.add(lag);
            assertThat(a.send("GET", "/api/artifacts/hot", null).body()).isEqualTo(schema(v));
        }
        lags.sort(null);
        System.out.printf(
                "Replica B served the new latest %d ms (median), %d ms (max) after replica A's write%n",
                lags.get(lags.size() / 2), lags.get(lags.size() - 1));
    }
}
