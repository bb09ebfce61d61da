package io.stele.storage.testkit.backends;

import io.stele.testservers.InfinispanServer;
import java.nio.file.Path;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.UUID;

/**
 * Infinispan: a private cluster of one node; each store is a set of caches and counters with a
 * prefix of its own, which the registry creates on the node.
 */
public final class InfinispanBackend implements Backend {

    /** Its {@code stele.storage.kind}. */
    public static final String KIND = "infinispan";

    private final InfinispanServer server;

    private InfinispanBackend(InfinispanServer server) {
        this.server = server;
    }

    /** Starts a private one-node cluster in a new folder under {@code parent}. */
    public static InfinispanBackend start(Path parent) {
        return new InfinispanBackend(InfinispanServer.start(parent, 1));
    }

    /** The Hot Rod server list, for what only Infinispan has. */
    public String servers() {
        return server.servers();
    }

    @Override
    public String kind() {
        return KIND;
    }

    @Override
    public Caches newStore() {
        return new Caches(
                server.servers(), "stele-" + UUID.randomUUID().toString().substring(0, 8));
    }

    @Override
    public void stop() {
        server.stop();
    }

    @Override
    public void startAgain() {
        server.startAgain();
    }

    @Override
    public void close() {
        server.close();
    }

    /** Caches on the cluster, all named with one prefix. */
    public record Caches(String servers, String prefix) implements Store {

        @Override
        public Map<String, String> replica(String replica) {
            Map<String, String> settings = new HashMap<>();
            settings.put("stele.storage.kind", KIND);
            settings.put("stele.storage.infinispan.servers", servers);
            settings.put("stele.storage.infinispan.cache-prefix", prefix);
            settings.put("stele.storage.infinispan.owners", "1");
            return settings;
        }
    }

    /**
     * Starts {@link InfinispanBackend}s. Its one server setting, {@code java-options}, replaces the
     * node's JVM options (heap and collector), separated by spaces.
     */
    public static final class Launcher extends Backend.Launcher {

        public Launcher() {
            super(KIND, (parent, serverSettings) -> {
                Map<String, String> rest = new HashMap<>(serverSettings);
                String javaOptions = rest.remove("java-options");
                if (!rest.isEmpty()) {
                    throw new IllegalArgumentException(
                            "The infinispan test backend takes only java-options, was given " + rest.keySet());
                }
                return javaOptions == null
                        ? InfinispanBackend.start(parent)
                        : new InfinispanBackend(InfinispanServer.start(
                                parent, 1, List.of(javaOptions.trim().split("\\s+"))));
            });
        }
    }
}
