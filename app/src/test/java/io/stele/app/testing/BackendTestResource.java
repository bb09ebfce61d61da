package io.stele.app.testing;

import io.quarkus.test.common.QuarkusTestResourceLifecycleManager;
import io.stele.storage.testkit.backends.Backend;
import java.util.Map;

/**
 * Points the application under test at a new store on the build's backend of the kind the profile
 * names in the init argument {@code kind}: {@code new TestResourceEntry(BackendTestResource.class,
 * Map.of("kind", "kafka"))}.
 */
public class BackendTestResource implements QuarkusTestResourceLifecycleManager {

    private String kind;

    @Override
    public void init(Map<String, String> initArgs) {
        kind = initArgs.get("kind");
        if (kind == null) {
            throw new IllegalArgumentException("BackendTestResource needs the init argument 'kind'");
        }
    }

    @Override
    public Map<String, String> start() {
        return Backend.shared(kind).newStore().replica("test");
    }

    @Override
    public void stop() {
        // the shared backend stops when the JVM exits
    }
}
