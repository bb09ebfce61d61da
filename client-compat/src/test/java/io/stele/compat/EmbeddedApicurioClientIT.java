package io.stele.compat;

import java.nio.file.Path;
import java.util.Deque;
import java.util.Map;

/** The 1.3.2 clients against the packaged registry on its embedded storage, in a new folder. */
class EmbeddedApicurioClientIT extends ApicurioClientContract {

    @Override
    protected Map<String, String> registrySettings(Path workDir, Deque<AutoCloseable> cleanup) {
        return Map.of(
                "stele.storage.kind",
                "embedded",
                "stele.storage.embedded.dir",
                workDir.resolve("data").toString());
    }
}
