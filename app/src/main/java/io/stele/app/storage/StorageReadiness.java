package io.stele.app.storage;

import io.stele.app.lifecycle.Stopping;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.inject.Inject;
import java.util.Locale;
import org.eclipse.microprofile.health.HealthCheck;
import org.eclipse.microprofile.health.HealthCheckResponse;
import org.eclipse.microprofile.health.HealthCheckResponseBuilder;
import org.eclipse.microprofile.health.Readiness;

/**
 * Ready only while the storage backend answers. The check's data carries the backend's
 * {@code kind}, the {@code phase} of its start, and while not ready the {@code reason}:
 *
 * <ul>
 *   <li>{@code starting}: the first attempt runs, or the backend started and is not ready yet (a
 *       Kafka replica applying the log);
 *   <li>{@code retrying}: the backend could not be reached; the reason is the last failure;
 *   <li>{@code ready}: it answers;
 *   <li>{@code unavailable}: it started and answered, and does not answer now (an outage);
 *   <li>{@code failed}: it cannot start as configured; the registry is stopping;
 *   <li>{@code stopping}: the registry was asked to stop (docs/operations.md#shutdown).
 * </ul>
 */
@Readiness
@ApplicationScoped
public class StorageReadiness implements HealthCheck {

    @Inject
    StorageProvider provider;

    @Inject
    Stopping stopping;

    /** Set once the backend has answered as ready: a later down is an outage, not a slow start. */
    private volatile boolean wasReady;

    @Override
    public HealthCheckResponse call() {
        HealthCheckResponseBuilder check = HealthCheckResponse.named("storage").withData("kind", provider.kind());
        if (stopping.isStopping()) {
            return check.withData("phase", "stopping")
                    .withData("reason", "The registry is stopping.")
                    .down()
                    .build();
        }
        StartState start = provider.startState();
        if (start.phase() != StartState.Phase.STARTED) {
            check.withData("phase", start.phase().name().toLowerCase(Locale.ROOT));
            start.reason().ifPresent(reason -> check.withData("reason", reason));
            return check.down().build();
        }
        if (provider.isReady()) {
            wasReady = true;
            return check.withData("phase", "ready").up().build();
        }
        String reason = wasReady
                ? "The " + provider.kind() + " storage backend does not answer now."
                : "The " + provider.kind() + " storage backend has started and is not ready yet.";
        return check.withData("phase", wasReady ? "unavailable" : "starting")
                .withData("reason", reason)
                .down()
                .build();
    }
}
