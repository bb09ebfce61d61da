package io.stele.app.console;

import io.stele.testservers.RegistryProcess;
import org.junit.jupiter.api.AfterAll;

/**
 * A walk through the console: one packaged registry on the embedded default and one browser for
 * the whole class, started by the subclass's {@code @BeforeAll} through {@link #begin}.
 */
abstract class ConsoleWalk {

    static RegistryProcess registry;
    static Browser browser;

    /** Starts the registry (seeded with {@link ConsoleFixture#seed} when asked) and the browser. */
    static void begin(String name, boolean seeded) throws Exception {
        registry = ConsoleFixture.start(name);
        if (seeded) {
            ConsoleFixture.seed(registry);
        }
        browser = new Browser(registry.baseUri());
    }

    @AfterAll
    static void end() {
        if (browser != null) {
            browser.close();
            browser = null;
        }
        if (registry != null) {
            registry.close();
            registry = null;
        }
    }
}
