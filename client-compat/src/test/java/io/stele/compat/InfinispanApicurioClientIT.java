package io.stele.compat;

import io.stele.storage.testkit.backends.InfinispanBackend;
import io.stele.testservers.InfinispanServer;
import java.nio.file.Path;
import java.util.Deque;
import java.util.Map;

/** The 1.3.2 clients against the packaged registry on a private one-node Infinispan cluster. */
class InfinispanApicurioClientIT extends ApicurioClientContract {

    @Override
    protected Map<String, String> registrySettings(Path workDir, Deque<AutoCloseable> cleanup) {
        InfinispanServer server = InfinispanServer.start(workDir, 1);
        cleanup.push(server);
        return new InfinispanBackend.Caches(server.servers(), "stele").replica("clients");
    }
}
