package io.stele.storage.infinispan;

import io.stele.storage.Change;
import io.stele.storage.ChangeFeed;
import java.time.Duration;
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
 * through any registry on the cluster, reported by the servers to a Hot Rod listener on the cache:
 * every write to an artifact's versions rewrites its artifact entry, so the artifact and rules
 * entries tell of every change a read cache keeps. When the client fails over to another server after
 * losing one, events may have been missed meanwhile: the feed reports {@link Change.Unknown}. The
 * servers' events for this registry's own appends are not reported again ({@link OwnEchoes}).
 *
 * <p>Public only because the Hot Rod client calls its listeners' methods by reflection.
 */
public final class InfinispanChangeFeed implements ChangeFeed, Consumer<Change> {

    private static final Logger LOG = Logger.getLogger(InfinispanChangeFeed.class);

    /** How long an append's echo is expected: far longer than an event takes on a working cluster. */
    private static final Duration ECHO_LAPSE = Duration.ofSeconds(5);

    private final List<Consumer<Change>> listeners = new CopyOnWriteArrayList<>();
    private final OwnEchoes echoes = new OwnEchoes(ECHO_LAPSE);

    private Region<String, ArtifactEntry> artifacts;
    private Region<String, RulesEntry> rules;

    /** Starts listening to the cluster. */
    void listen(Cluster cluster) {
        this.artifacts = cluster.artifacts;
        this.rules = cluster.rules;
        cluster.cache.addClientListener(new Events());
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

    /**
     * Takes the next event of this artifact's entry for the echo of the compare-and-set the caller is
     * about to send, which reports its change itself once it succeeds.
     */
    void expectEcho(String artifactId) {
        echoes.expect(artifactId);
    }

    /**
     * Withdraws the echo expected for a compare-and-set that failed, or whose outcome is unknown,
     * and reports the artifact changed: by another write, or perhaps by this one.
     */
    void noEcho(String artifactId) {
        echoes.withdraw(artifactId);
        accept(new Change.ArtifactChanged(artifactId));
    }

    private void failedOver() {
        LOG.info("The Infinispan client failed over to another server; dropping every cached entry");
        echoes.clear();
        accept(new Change.Unknown());
    }

    /**
     * What a change to one key of the cache tells the read caches, if anything.
     *
     * @param mayEcho whether the change may be the echo of an append (a modified entry)
     */
    private void changed(String key, boolean mayEcho) {
        String artifactId = artifacts.own(key);
        if (artifactId != null) {
            if (!(mayEcho && echoes.absorb(artifactId))) {
                accept(new Change.ArtifactChanged(artifactId));
            }
            return;
        }
        String scope = rules.own(key);
        if (scope != null) {
            accept(ruleChange(scope));
        }
    }

    /**
     * Hears every change to the cache. Every change to an artifact's versions rewrites its artifact
     * entry, and every change to rules its rules entry, so the other kinds are passed over.
     */
    @ClientListener
    public final class Events {
        @ClientCacheEntryCreated
        public void created(ClientCacheEntryCreatedEvent<String> e) {
            changed(e.getKey(), false);
        }

        @ClientCacheEntryModified
        public void modified(ClientCacheEntryModifiedEvent<String> e) {
            changed(e.getKey(), true);
        }

        @ClientCacheEntryRemoved
        public void removed(ClientCacheEntryRemovedEvent<String> e) {
            changed(e.getKey(), false);
        }

        @ClientCacheFailover
        public void failover(ClientCacheFailoverEvent e) {
            failedOver();
        }
    }

    /** The change a rules entry's key ({@link Keys#rules}) stands for. */
    private static Change ruleChange(String key) {
        return key.startsWith("a:") ? new Change.ArtifactChanged(key.substring(2)) : new Change.GlobalChanged();
    }
}
