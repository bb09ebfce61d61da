package io.stele.app.storage;

import jakarta.enterprise.context.ApplicationScoped;
import jakarta.inject.Inject;
import org.eclipse.microprofile.health.HealthCheck;
import org.eclipse.microprofile.health.HealthCheckResponse;
import org.eclipse.microprofile.health.Readiness;

/** Ready only while the storage backend answers. */
@Readiness
@ApplicationScoped
public class StorageReadiness implements HealthCheck {

    @Inject
    StorageProvider provider;

    @Override
    public HealthCheckResponse call() {
        return HealthCheckResponse.named("storage")
                .withData("kind", provider.kind())
                .status(provider.isReady())
                .build();
    }
}
