package io.stele.app.packaged;

import static org.assertj.core.api.Assertions.assertThat;

import io.stele.storage.testkit.servers.RegistryProcess;
import java.net.http.HttpResponse;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.TimeUnit;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/** Requests the packaged-registry tests make, and what they check of the answers. */
final class Writes {

    private static final Pattern GLOBAL_ID = Pattern.compile("\"globalId\":(\\d+)");

    private Writes() {}

    /** A valid Avro record schema with {@code fields} fields, each a compatible evolution of the last. */
    static String schema(int fields) {
        StringBuilder s = new StringBuilder("{\"type\":\"record\",\"name\":\"Order\",\"fields\":[{\"name\":\"id\",\"type\":\"long\"}");
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
        long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(120);
        while (acknowledged.size() < atLeast && System.nanoTime() < deadline) {
            Thread.sleep(20);
        }
        registry.kill();
        pool.shutdownNow();
        assertThat(pool.awaitTermination(60, TimeUnit.SECONDS)).isTrue();
        synchronized (acknowledged) {
            assertThat(acknowledged).hasSizeGreaterThanOrEqualTo(atLeast);
            return new ArrayList<>(acknowledged);
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

    /** Sends GET to the path until it answers the status; false if it does not within the seconds. */
    static boolean awaitStatus(RegistryProcess registry, String path, int status, int seconds)
            throws InterruptedException {
        long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(seconds);
        while (System.nanoTime() < deadline) {
            try {
                if (registry.send("GET", path, null).statusCode() == status) {
                    return true;
                }
            } catch (RuntimeException e) {
                // not answering yet
            }
            Thread.sleep(250);
        }
        return false;
    }
}
