package io.stele.storage.infinispan;

import io.stele.storage.Change;
import io.stele.storage.ChangeFeed;
import java.util.List;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.function.Consumer;
import org.infinispan.client.hotrod.annotation.ClientCacheEntryCreated;
import org.infinispan.client.hotrod.annotation.ClientCacheEntryModified;
import org.infinispan.client.hotrod.annotation.ClientCacheEntryRemoved;
import org.infinispan.client.hotrod.annotation.ClientCacheFailover;
import org.infinispan.client.hotrod.annotation.ClientListener;
import org.infinispan.client.hotrod.event.ClientCacheEntryCreatedEvent;
import org.infinispan.client.hotrod.event.ClientCacheEntryModifiedEvent;
import org.infinispan.client.hotrod.event.ClientCacheEntryRemovedEvent;
import org.infinispan.client.hotrod.event.ClientCacheFailoverEvent;
import org.jboss.logging.Logger;

/**
 * Changes made through this registry, reported by the stores before they return, and changes made
 * through any registry on the cluster, reported by the servers to Hot Rod listeners on the artifacts
 * and rules caches: every write to an artifact's versions rewrites its entry, so those two caches
 * tell of every change a read cache keeps. When the client fails over to another server after
 * losing one, events may have been missed meanwhile: the feed reports {@link Change.Unknown}.
 *
 * <p>Public only because the Hot Rod client calls its listeners' methods by reflection.
 */
public final class InfinispanChangeFeed implements ChangeFeed, Consumer<Change> {

    private static final Logger LOG = Logger.getLogger(InfinispanChangeFeed.class);

    private final List<Consumer<Change>> listeners = new CopyOnWriteArrayList<>();

    /** Starts listening to the cluster. */
    void listen(Cluster cluster) {
        cluster.artifacts.addClientListener(new ArtifactEvents());
        cluster.rules.addClientListener(new RuleEvents());
    }

    @Override
    public AutoCloseable subscribe(Consumer<Change> listener) {
        listeners.add(listener);
        return () -> listeners.remove(listener);
    }

    @Override
    public void accept(Change change) {
        for (Consumer<Change> listener : listeners) {
            try {
                listener.accept(change);
            } catch (RuntimeException e) {
                LOG.warnf(e, "A change listener failed on %s", change);
            }
        }
    }

    private void failedOver() {
        LOG.info("The Infinispan client failed over to another server; dropping every cached entry");
        accept(new Change.Unknown());
    }

    @ClientListener
    public final class ArtifactEvents {
        @ClientCacheEntryCreated
        public void created(ClientCacheEntryCreatedEvent<String> e) {
            accept(new Change.ArtifactChanged(e.getKey()));
        }

        @ClientCacheEntryModified
        public void modified(ClientCacheEntryModifiedEvent<String> e) {
            accept(new Change.ArtifactChanged(e.getKey()));
        }

        @ClientCacheEntryRemoved
        public void removed(ClientCacheEntryRemovedEvent<String> e) {
            accept(new Change.ArtifactChanged(e.getKey()));
        }

        @ClientCacheFailover
        public void failover(ClientCacheFailoverEvent e) {
            failedOver();
        }
    }

    @ClientListener
    public final class RuleEvents {
        @ClientCacheEntryCreated
        public void created(ClientCacheEntryCreatedEvent<String> e) {
            accept(ruleChange(e.getKey()));
        }

        @ClientCacheEntryModified
        public void modified(ClientCacheEntryModifiedEvent<String> e) {
            accept(ruleChange(e.getKey()));
        }

        @ClientCacheEntryRemoved
        public void removed(ClientCacheEntryRemovedEvent<String> e) {
            accept(ruleChange(e.getKey()));
        }

        @ClientCacheFailover
        public void failover(ClientCacheFailoverEvent e) {
            failedOver();
        }
    }

    /** The change a key of the rules cache ({@link Keys#rules}) stands for. */
    private static Change ruleChange(String key) {
        return key.startsWith("a:") ? new Change.ArtifactChanged(key.substring(2)) : new Change.GlobalChanged();
    }
}
