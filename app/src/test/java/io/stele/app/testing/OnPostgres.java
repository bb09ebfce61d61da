package io.stele.app.testing;

import io.quarkus.test.junit.QuarkusTestProfile;
import java.util.List;

/** Runs a {@code @QuarkusTest} against PostgreSQL instead of the embedded default. */
public class OnPostgres implements QuarkusTestProfile {

    @Override
    public List<TestResourceEntry> testResources() {
        return List.of(new TestResourceEntry(PostgresTestResource.class));
    }
}
