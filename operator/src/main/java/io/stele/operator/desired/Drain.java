package io.stele.operator.desired;

import io.quarkus.runtime.configuration.DurationConverter;
import io.stele.operator.api.SteleRegistrySpec;
import java.io.IOException;
import java.io.StringReader;
import java.io.UncheckedIOException;
import java.time.Duration;
import java.util.Map;
import java.util.Properties;
import java.util.TreeMap;

/**
 * How a registry's pod stops without failing a request (docs/operations.md#shutdown). Kubernetes
 * first runs the container's {@code preStop} hook, a sleep during which the terminating pod, still
 * serving as ready, is taken out of its Service's endpoints. Then SIGTERM: the registry reports not
 * ready and keeps serving for {@code stele.shutdown.drain}, asking its clients to reconnect, then
 * waits up to {@code stele.shutdown.timeout} for the requests in flight, closes its backend and
 * exits. The pod's grace period covers all of it with a margin, so that Kubernetes never kills a
 * registry that is still finishing.
 *
 * @param drain the registry's drain, as its pods are given it
 * @param timeout the registry's wait for requests in flight, as its pods are given it
 * @param defaulted the settings neither the spec nor the settings file gives, with the values the
 *     pod's environment must then carry
 */
record Drain(Duration drain, Duration timeout, Map<String, String> defaulted) {

    static final String DRAIN = "stele.shutdown.drain";
    static final String TIMEOUT = "stele.shutdown.timeout";

    /** The preStop hook's sleep: what the endpoints of a Service take to drop a terminating pod, about. */
    static final Duration PRE_STOP = Duration.ofSeconds(5);

    /** What the registry is given when neither the spec's settings nor its settings file say. */
    static final Duration DEFAULT_DRAIN = Duration.ofSeconds(5);

    static final Duration DEFAULT_TIMEOUT = Duration.ofSeconds(20);

    /** For the backend's close and the JVM's exit, after the last request. */
    static final Duration MARGIN = Duration.ofSeconds(10);

    /**
     * The drain of a registry: each setting from the spec's {@code settings}, else from its settings
     * file, else the default, which the pod is then given.
     */
    static Drain of(SteleRegistrySpec spec, Inputs inputs) {
        Properties file = new Properties();
        inputs.settingsFile().ifPresent(text -> {
            try {
                file.load(new StringReader(text));
            } catch (IOException e) {
                throw new UncheckedIOException(e);
            }
        });
        Map<String, String> defaulted = new TreeMap<>();
        return new Drain(
                setting(spec, file, DRAIN, DEFAULT_DRAIN, defaulted),
                setting(spec, file, TIMEOUT, DEFAULT_TIMEOUT, defaulted),
                defaulted);
    }

    private static Duration setting(
            SteleRegistrySpec spec, Properties file, String key, Duration otherwise, Map<String, String> defaulted) {
        String value = spec.settings != null && spec.settings.containsKey(key)
                ? spec.settings.get(key)
                : file.getProperty(key);
        if (value == null || value.isBlank()) {
            defaulted.put(key, otherwise.toSeconds() + "s");
            return otherwise;
        }
        try {
            return DurationConverter.parseDuration(value.trim());
        } catch (IllegalArgumentException e) {
            return otherwise; // the registry refuses the value at start and names it in its log
        }
    }

    /** Seconds Kubernetes waits after it starts stopping the pod before it kills the registry. */
    long gracePeriodSeconds() {
        return PRE_STOP.plus(drain).plus(timeout).plus(MARGIN).toSeconds();
    }
}
