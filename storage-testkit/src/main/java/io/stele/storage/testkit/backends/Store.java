package io.stele.storage.testkit.backends;

import io.stele.storage.RegistryStorage;
import io.stele.storage.StorageFactory;
import java.util.Map;

/**
 * One store on a {@link Backend}: a database, a topic, a folder. Registry processes given the
 * settings of the same store share its data.
 */
public interface Store {

    /**
     * The settings ({@code stele.storage.*}) for one registry process serving this store. Replicas
     * are named: a backend whose replicas keep local state (the Kafka log) gives each name a folder
     * of its own, so that a process restarted under the same name resumes from its state, while a
     * new name starts afresh. The map is new and may be changed.
     */
    Map<String, String> replica(String name);

    /**
     * Opens, not started, the storage that the replica {@code name} of this store would serve, in
     * this process, through the backend's {@link StorageFactory}: the same settings, the same keys.
     */
    default RegistryStorage open(String name) {
        return StorageFactory.openKind(replica(name));
    }

    /**
     * Brings the store to rest after a bulk load, as an operator would before measuring it (for
     * PostgreSQL, VACUUM ANALYZE). Nothing, where there is nothing to do.
     */
    default void afterBulkLoad() {}

    /**
     * Opens a look at the server's own background work (for PostgreSQL: checkpoints and autovacuum),
     * which the perf harness samples during floods to tell the server's stalls from the registry's.
     * One that sees nothing where the backend has nothing to report.
     */
    default ServerActivity activity() {
        return ServerActivity.NONE;
    }
}
