package io.stele.app.testing;

import io.quarkus.test.junit.QuarkusTestProfile;
import java.util.List;
import java.util.Map;

/**
 * Runs a {@code @QuarkusTest} against PostgreSQL instead of the embedded default, with deletion
 * through Apicurio's v3 API on ({@code stele.api.v3-deletes}), so that the REST suites cover that
 * setting both ways.
 */
public class OnPostgres implements QuarkusTestProfile {

    @Override
    public Map<String, String> getConfigOverrides() {
        return Map.of("stele.api.v3-deletes", "true", "stele.api.v2-version-deletes", "true");
    }

    @Override
    public List<TestResourceEntry> testResources() {
        return List.of(new TestResourceEntry(BackendTestResource.class, Map.of("kind", "postgresql")));
    }
}
