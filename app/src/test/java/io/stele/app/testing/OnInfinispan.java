package io.stele.app.testing;

import io.quarkus.test.junit.QuarkusTestProfile;
import java.util.List;
import java.util.Map;

/** Runs a {@code @QuarkusTest} against the Infinispan backend instead of the embedded default. */
public class OnInfinispan implements QuarkusTestProfile {

    @Override
    public List<TestResourceEntry> testResources() {
        return List.of(new TestResourceEntry(BackendTestResource.class, Map.of("kind", "infinispan")));
    }
}
