package io.stele.storage.infinispan;

import io.stele.storage.ArtifactStore;
import io.stele.storage.ChangeFeed;
import io.stele.storage.ContentStore;
import io.stele.storage.RegistryStorage;
import io.stele.storage.RuleStore;
import io.stele.storage.SearchStore;
import io.stele.storage.StorageUnavailableException;
import io.stele.storage.TransferStore;
import io.stele.storage.VersionStore;
import java.util.function.Supplier;

/**
 * The registry's state in one cache of a remote Infinispan cluster, over Hot Rod: one entry per
 * artifact, per version, per distinct content and per rule scope, pointers from content hashes and
 * globalIds, and two clustered counters for ids. Every write is one Hot Rod transaction over all
 * the entries it touches; lookups are by key, and listings and searches come from the servers'
 * index of artifacts and versions. Several registries may share one cluster: each hears of the
 * others' changes from the servers.
 *
 * <p>See docs/adr/0021-infinispan-storage.md.
 */
public final class InfinispanStorage implements RegistryStorage {

    public static final String KIND = "infinispan";

    private final Supplier<InfinispanSettings> settings;
    private final InfinispanChangeFeed changes = new InfinispanChangeFeed();
    private volatile Stores stores;

    /** The stores, once the cluster has been reached, each behind {@link Unavailable#guard}. */
    private record Stores(
            Cluster cluster,
            ArtifactStore artifacts,
            VersionStore versions,
            ContentStore contents,
            RuleStore rules,
            SearchStore search,
            TransferStore transfer) {}

    /** @param settings checked when the backend starts, so that a wrong one stops the registry with its message */
    public InfinispanStorage(Supplier<InfinispanSettings> settings) {
        this.settings = settings;
    }

    @Override
    public String kind() {
        return KIND;
    }

    /**
     * Connects, registers the entries' schema, creates the cache and counters that are absent and
     * starts listening for other registries' changes.
     *
     * @throws StorageUnavailableException when no server answers; the caller may try again
     * @throws io.stele.storage.StorageMisconfiguredException when the servers refuse the registry
     */
    @Override
    public synchronized void start() {
        if (stores != null) {
            return;
        }
        InfinispanSettings checked = settings.get();
        Cluster cluster = Cluster.open(checked);
        try {
            Transactions transactions = new Transactions(
                    cluster.transactions, cluster.manager.getXaResource(), checked.transactionTimeout());
            VersionWrites writes = new VersionWrites(cluster);
            VersionAppends appends = new VersionAppends(cluster, writes, checked.transactionTimeout(), changes);
            InfinispanVersionStore versions =
                    new InfinispanVersionStore(cluster, transactions, writes, appends, changes);
            InfinispanArtifactStore artifacts =
                    new InfinispanArtifactStore(cluster, transactions, writes, versions, changes);
            changes.listen(cluster);
            stores = new Stores(
                    cluster,
                    Unavailable.guard(ArtifactStore.class, artifacts),
                    Unavailable.guard(VersionStore.class, versions),
                    Unavailable.guard(ContentStore.class, new InfinispanContentStore(cluster, versions)),
                    Unavailable.guard(RuleStore.class, new InfinispanRuleStore(cluster, transactions, changes)),
                    Unavailable.guard(SearchStore.class, new InfinispanSearchStore(cluster, versions)),
                    Unavailable.guard(
                            TransferStore.class,
                            new InfinispanTransferStore(cluster, transactions, writes, artifacts, versions, changes)));
        } catch (RuntimeException e) {
            cluster.close();
            throw e;
        }
    }

    @Override
    public boolean isReady() {
        Stores s = stores;
        return s != null && s.cluster().answers();
    }

    private Stores stores() {
        Stores s = stores;
        if (s == null) {
            throw new IllegalStateException("The Infinispan backend has not started");
        }
        return s;
    }

    @Override
    public ArtifactStore artifacts() {
        return stores().artifacts();
    }

    @Override
    public VersionStore versions() {
        return stores().versions();
    }

    @Override
    public ContentStore contents() {
        return stores().contents();
    }

    @Override
    public RuleStore rules() {
        return stores().rules();
    }

    @Override
    public SearchStore search() {
        return stores().search();
    }

    @Override
    public TransferStore transfer() {
        return stores().transfer();
    }

    @Override
    public ChangeFeed changes() {
        return changes;
    }

    @Override
    public synchronized void close() {
        Stores s = stores;
        stores = null;
        if (s != null) {
            s.cluster().close();
        }
    }
}
