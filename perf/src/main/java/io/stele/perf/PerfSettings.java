package io.stele.perf;

import java.time.Duration;
import java.util.Arrays;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.stream.Collectors;

/**
 * What a perf run does, from system properties {@code perf.*} (the perf profile sets them from
 * Maven properties of the same names). The defaults are the published test: one million Avro
 * schemas of ten versions on PostgreSQL.
 *
 * @param backend the storage backend's {@code stele.storage.kind}: {@code postgresql}, {@code kafka},
 *     {@code infinispan} or {@code embedded}, started through the tests' {@code Backend} fixture
 * @param scales the registry sizes to flood, in artifacts, ascending; each is reached by importing
 *     the artifacts the previous one lacks
 * @param versions versions per artifact
 * @param seed what the generated schemas derive from
 * @param warmUp the warm-up before each measured flood
 * @param duration each measured flood
 * @param connections the connections of the closed-loop floods
 * @param rates the open-loop rates, as shares of the closed-loop maximum at the same size
 * @param hotKeyShare the share of artifacts that get {@code hotRequestShare} of the requests in the
 *     skewed flood
 * @param restArtifacts how many artifacts (of {@code versions} versions) to create through the API
 *     to measure seeding through it; 0 skips it
 * @param restWriters the concurrent writers of that seeding
 * @param out the folder for the JSON and HTML results
 * @param registryHeap the registry's largest heap ({@code -Xmx})
 * @param registryJvmOptions more options for the registry's JVM, such as another collector's
 *     ({@code -XX:+UseZGC}); none by default, so the registry runs as its docs say to run it
 * @param registryCache the registry's {@code stele.cache.max-memory}: to serve a million artifacts
 *     from memory it must hold each one's latest version and content
 * @param postgresSettings the private PostgreSQL server's settings beyond its defaults, such as
 *     {@code shared_buffers}: a database of ten million versions needs more than the defaults give;
 *     used only on PostgreSQL
 */
public record PerfSettings(
        String backend,
        List<Long> scales,
        int versions,
        long seed,
        Duration warmUp,
        Duration duration,
        int connections,
        List<Double> rates,
        double hotKeyShare,
        double hotRequestShare,
        int restArtifacts,
        int restWriters,
        String out,
        String registryHeap,
        List<String> registryJvmOptions,
        String registryCache,
        Map<String, String> postgresSettings) {

    /** More shared memory, and checkpoints far enough apart that a long import writes each page once. */
    public static final String DEFAULT_POSTGRES_SETTINGS =
            "shared_buffers=2GB,max_wal_size=8GB,checkpoint_timeout=30min";

    public static PerfSettings fromSystemProperties() {
        return new PerfSettings(
                property("perf.backend", "postgresql"),
                Arrays.stream(property("perf.scales", "1000000").split(","))
                        .map(String::trim)
                        .map(Long::parseLong)
                        .sorted()
                        .toList(),
                Integer.parseInt(property("perf.versions", "10")),
                Long.parseLong(property("perf.seed", "42")),
                Duration.ofSeconds(Long.parseLong(property("perf.warmup", "10"))),
                Duration.ofSeconds(Long.parseLong(property("perf.duration", "30"))),
                Integer.parseInt(property("perf.connections", "64")),
                Arrays.stream(property("perf.rates", "0.25,0.5,0.75").split(","))
                        .map(String::trim)
                        .filter(s -> !s.isEmpty())
                        .map(Double::parseDouble)
                        .toList(),
                Double.parseDouble(property("perf.hot.keys", "0.01")),
                Double.parseDouble(property("perf.hot.requests", "0.8")),
                Integer.parseInt(property("perf.rest.artifacts", "2000")),
                Integer.parseInt(property("perf.rest.writers", "32")),
                property("perf.out", "target/perf"),
                property("perf.registry.heap", "3g"),
                Arrays.stream(property("perf.registry.jvm-options", "").split("\\s+"))
                        .filter(s -> !s.isEmpty())
                        .toList(),
                property("perf.registry.cache", "2G"),
                Arrays.stream(property("perf.postgres.settings", DEFAULT_POSTGRES_SETTINGS)
                                .split(","))
                        .map(String::trim)
                        .filter(s -> !s.isEmpty())
                        .map(s -> s.split("=", 2))
                        .collect(Collectors.toMap(
                                kv -> kv[0].trim(),
                                kv -> kv.length > 1 ? kv[1].trim() : "",
                                (a, b) -> b,
                                LinkedHashMap::new)));
    }

    private static String property(String name, String fallback) {
        String value = System.getProperty(name);
        return value == null || value.isBlank() ? fallback : value.trim();
    }

    /** The settings for the backend's server: {@link #postgresSettings} on PostgreSQL, none elsewhere. */
    Map<String, String> serverSettings() {
        return backend.equals("postgresql") ? postgresSettings : Map.of();
    }

    /** The settings as the results file shows them. */
    Map<String, Object> describe() {
        Map<String, Object> d = new LinkedHashMap<>();
        d.put("backend", backend);
        d.put("scales", scales);
        d.put("versions", versions);
        d.put("seed", seed);
        d.put("warmUpSeconds", warmUp.toSeconds());
        d.put("durationSeconds", duration.toSeconds());
        d.put("connections", connections);
        d.put("rates", rates);
        d.put("hotKeys", hotKeyShare + " of the artifacts get " + hotRequestShare + " of the requests");
        d.put("restArtifacts", restArtifacts);
        d.put("restWriters", restWriters);
        d.put("registryHeap", registryHeap);
        d.put("registryJvmOptions", registryJvmOptions);
        d.put("registryCache", registryCache);
        if (!serverSettings().isEmpty()) {
            d.put("postgresSettings", serverSettings());
        }
        return d;
    }
}
