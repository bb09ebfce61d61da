package io.stele.storage.testkit.backends;

import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.TestInstance;

/**
 * A test class of a client module: one packaged registry for all its tests, on the storage {@link
 * #kind()} names, started before the first and stopped after the last. Each backend's test is a
 * subclass that says which storage the registry runs on.
 */
@TestInstance(TestInstance.Lifecycle.PER_CLASS)
public abstract class PackagedRegistryTest {

    /** The registry under test, started for this class. */
    protected PackagedRegistry registry;

    /** The {@code stele.storage.kind} the registry under test runs on. */
    protected abstract String kind();

    @BeforeAll
    void startRegistry() throws Exception {
        registry = PackagedRegistry.start(kind(), getClass());
    }

    @AfterAll
    void stopRegistry() throws Exception {
        registry.close();
    }
}
