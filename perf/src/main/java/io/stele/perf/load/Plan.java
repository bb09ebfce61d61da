package io.stele.perf.load;

import java.net.URI;
import java.time.Duration;
import java.util.Objects;

/**
 * One load phase: {@code load} against the registry at {@code baseUri}, reading {@code keys}, for
 * {@code warmUp} (sent the same way, not measured) and then {@code duration} (measured).
 *
 * @param baseUri where the registry listens, such as {@code http://127.0.0.1:41234}: plain HTTP,
 *     with a port, and no path
 */
public record Plan(URI baseUri, Keys keys, Load load, Duration warmUp, Duration duration) {

    /** Validates every part. */
    public Plan {
        Objects.requireNonNull(baseUri, "baseUri");
        Objects.requireNonNull(keys, "keys");
        Objects.requireNonNull(load, "load");
        Objects.requireNonNull(warmUp, "warmUp");
        Objects.requireNonNull(duration, "duration");
        if (!"http".equals(baseUri.getScheme()) || baseUri.getHost() == null || baseUri.getPort() < 0) {
            throw new IllegalArgumentException("baseUri must be http://host:port, was " + baseUri);
        }
        if (baseUri.getRawPath() != null
                && !baseUri.getRawPath().isEmpty()
                && !baseUri.getRawPath().equals("/")) {
            throw new IllegalArgumentException("baseUri must have no path, was " + baseUri);
        }
        if (warmUp.isNegative()) {
            throw new IllegalArgumentException("warmUp must not be negative, was " + warmUp);
        }
        if (duration.toMillis() < 1000 || duration.toMillis() % 1000 != 0) {
            throw new IllegalArgumentException(
                    "duration must be a whole number of seconds, at least one, was " + duration);
        }
        if (warmUp.toMillis() % 1000 != 0) {
            throw new IllegalArgumentException("warmUp must be a whole number of seconds, was " + warmUp);
        }
    }
}
