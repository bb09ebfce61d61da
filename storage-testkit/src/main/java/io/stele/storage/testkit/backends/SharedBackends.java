package io.stele.storage.testkit.backends;

import java.nio.file.Path;
import java.util.HashMap;
import java.util.Map;

/** The backends {@link Backend#shared} started, one per kind. */
final class SharedBackends {

    private static final Map<String, Backend> BY_KIND = new HashMap<>();

    private SharedBackends() {}

    static synchronized Backend get(String kind) {
        Backend backend = BY_KIND.get(kind);
        if (backend == null) {
            backend = Backend.start(kind, Path.of("target"), Map.of());
            Runtime.getRuntime().addShutdownHook(new Thread(backend::close, kind + "-stop"));
            BY_KIND.put(kind, backend);
        }
        return backend;
    }
}
