package io.stele.storage.infinispan;

import io.stele.storage.StorageMisconfiguredException;
import io.stele.storage.StorageUnavailableException;
import jakarta.transaction.TransactionManager;
import java.security.NoSuchAlgorithmException;
import java.util.Map;
import java.util.concurrent.TimeUnit;
import javax.net.ssl.SSLContext;
import javax.net.ssl.SSLException;
import org.infinispan.client.hotrod.RemoteCache;
import org.infinispan.client.hotrod.RemoteCacheManager;
import org.infinispan.client.hotrod.RemoteCounterManagerFactory;
import org.infinispan.client.hotrod.configuration.ConfigurationBuilder;
import org.infinispan.client.hotrod.configuration.TransactionMode;
import org.infinispan.client.hotrod.exceptions.HotRodClientException;
import org.infinispan.client.hotrod.exceptions.TransportException;
import org.infinispan.client.hotrod.transaction.lookup.RemoteTransactionManagerLookup;
import org.infinispan.commons.configuration.StringConfiguration;
import org.infinispan.counter.api.CounterConfiguration;
import org.infinispan.counter.api.CounterManager;
import org.infinispan.counter.api.CounterType;
import org.infinispan.counter.api.Storage;
import org.infinispan.counter.api.StrongCounter;

/**
 * The registry's connection to its Infinispan cluster, and what it keeps there: one transactional
 * cache holding every kind of entry ({@link Region}), so that one Hot Rod transaction on one cache
 * spans every key a write touches, and two persistent counters that give globalIds and contentIds.
 * {@link #open} creates whatever is absent.
 */
final class Cluster implements AutoCloseable {

    final RemoteCacheManager manager;
    /** The one cache; {@link Region}s divide it by the prefix of their keys. */
    final RemoteCache<String, Object> cache;

    final Region<String, ArtifactEntry> artifacts;
    /** Versions by globalId; which of them exist is what their artifact's entry lists. */
    final Region<Long, VersionEntry> versions;

    final Region<Long, ContentEntry> contents;
    /** From a content's identity hash to its contentId ({@link Keys#contentHash}). */
    final Region<String, Pointer> keys;

    final Region<String, RulesEntry> rules;
    final StrongCounter globalIds;
    final StrongCounter contentIds;
    final TransactionManager transactions;
    /** How long the registry waits for one answer of the servers. */
    final Deadline deadline;

    private Cluster(InfinispanSettings settings, RemoteCacheManager manager) {
        this.manager = manager;
        String prefix = settings.cachePrefix() + "-";
        String name = cacheName(settings);
        manager.administration().getOrCreateCache(name, new StringConfiguration(cacheXml(settings, name)));
        this.cache = manager.getCache(name);
        this.deadline = new Deadline(settings);
        this.artifacts = new Region<>(cache, "a:", deadline);
        this.versions = new Region<>(cache, "v:", deadline);
        this.contents = new Region<>(cache, "c:", deadline);
        this.keys = new Region<>(cache, "k:", deadline);
        this.rules = new Region<>(cache, "r:", deadline);
        CounterManager counters = RemoteCounterManagerFactory.asCounterManager(manager);
        CounterConfiguration counter = CounterConfiguration.builder(CounterType.UNBOUNDED_STRONG)
                .storage(settings.persistent() ? Storage.PERSISTENT : Storage.VOLATILE)
                .initialValue(0)
                .build();
        counters.defineCounter(prefix + "global-ids", counter);
        counters.defineCounter(prefix + "content-ids", counter);
        this.globalIds = counters.getStrongCounter(prefix + "global-ids");
        this.contentIds = counters.getStrongCounter(prefix + "content-ids");
        this.transactions = cache.getTransactionManager();
    }

    /**
     * Connects, registers the entries' schema and creates the cache and counters that are absent.
     *
     * @throws StorageUnavailableException when no server answers
     * @throws StorageMisconfiguredException when the servers refuse the registry's credentials or caches
     */
    static Cluster open(InfinispanSettings settings) {
        RemoteCacheManager manager = new RemoteCacheManager(client(settings).build(), false);
        try {
            manager.start();
            manager.administration().schemas().createOrUpdate(new SteleSchemaImpl());
            return new Cluster(settings, manager);
        } catch (TransportException e) {
            manager.stop();
            String tlsFailure = settings.tls() ? tlsFailure(e) : null;
            if (tlsFailure != null) {
                throw new StorageMisconfiguredException(
                        "The TLS handshake with the Infinispan servers at " + String.join(";", settings.servers())
                                + " failed; check stele.storage.infinispan.tls.trust-store and .sni-host-name: "
                                + tlsFailure,
                        e);
            }
            throw new StorageUnavailableException(
                    "No Infinispan server answers at " + String.join(";", settings.servers())
                            + " (stele.storage.infinispan.servers): " + e.getMessage(),
                    e);
        } catch (HotRodClientException e) {
            manager.stop();
            throw new StorageMisconfiguredException(
                    "The Infinispan cluster refused the registry's caches or credentials: " + e.getMessage(), e);
        } catch (RuntimeException e) {
            manager.stop();
            throw e;
        }
    }

    /**
     * When a TLS handshake failed under {@code e}, the deepest cause's message (the reason, where the
     * handshake's own message names the JDK's classes); else null.
     */
    private static String tlsFailure(Throwable e) {
        boolean tls = false;
        Throwable root = e;
        for (Throwable t = e; t != null; t = t.getCause()) {
            tls |= t instanceof SSLException;
            root = t;
        }
        return tls ? root.getMessage() : null;
    }

    /** The Hot Rod client's configuration: servers, security, timeouts, transactions, marshalling. */
    static ConfigurationBuilder client(InfinispanSettings settings) {
        ConfigurationBuilder client = new ConfigurationBuilder();
        client.addServers(String.join(";", settings.servers()))
                .connectionTimeout((int) settings.connectTimeout().toMillis())
                .socketTimeout((int) settings.socketTimeout().toMillis())
                .transactionTimeout(settings.transactionTimeout().toMillis(), TimeUnit.MILLISECONDS)
                .addContextInitializer(new SteleSchemaImpl());
        settings.username().ifPresent(user -> client.security()
                .authentication()
                .enable()
                .saslMechanism(settings.saslMechanism())
                .username(user)
                .password(settings.password().orElseThrow()));
        if (settings.tls()) {
            var ssl = client.security().ssl().enable();
            if (settings.trustStore().isPresent()) {
                ssl.trustStoreFileName(settings.trustStore().get().toString())
                        .trustStoreType(settings.trustStoreType())
                        .trustStorePassword(
                                settings.trustStorePassword().orElse("").toCharArray());
            } else {
                // the client wants a trust store of its own: the JVM's default context trusts as the JVM does
                ssl.sslContext(jvmTls());
            }
            // the client checks the certificate against this name, and cannot go without one
            ssl.sniHostName(
                    settings.sniHostName().orElse(host(settings.servers().get(0))));
        }
        // XA, not NON_XA: the NON_XA client sends the commit after the transaction has ended and
        // drops its failure, so a commit lost with a dying server would still be acknowledged.
        client.remoteCache(cacheName(settings))
                .transactionMode(TransactionMode.NON_DURABLE_XA)
                .transactionManagerLookup(RemoteTransactionManagerLookup.getInstance());
        return client;
    }

    /** The JVM's own TLS context, with the trust store the JVM is given or its default one. */
    private static SSLContext jvmTls() {
        try {
            return SSLContext.getDefault();
        } catch (NoSuchAlgorithmException e) {
            throw new IllegalStateException("This JVM offers no TLS", e);
        }
    }

    /** The host of a {@code host:port} server. */
    static String host(String server) {
        int colon = server.lastIndexOf(':');
        String host = colon > 0 ? server.substring(0, colon) : server;
        return host.startsWith("[") && host.endsWith("]") ? host.substring(1, host.length() - 1) : host;
    }

    /** The name of the registry's cache. */
    static String cacheName(InfinispanSettings settings) {
        return settings.cachePrefix() + "-registry";
    }

    /**
     * The cache's configuration: Protobuf-encoded, transactional with pessimistic locks (what Hot Rod
     * transactions need), indexed for artifacts and versions, and kept in a file store when
     * persistent.
     */
    static String cacheXml(InfinispanSettings settings, String cacheName) {
        String kind = settings.replicated() ? "replicated-cache" : "distributed-cache";
        String owners = settings.replicated() ? "" : " owners=\"" + settings.owners() + "\"";
        StringBuilder xml = new StringBuilder();
        xml.append('<')
                .append(kind)
                .append(" name=\"")
                .append(cacheName)
                .append('"')
                .append(owners);
        xml.append(" mode=\"SYNC\" statistics=\"true\">");
        xml.append("<encoding media-type=\"application/x-protostream\"/>");
        // A write waits for another's locks for at most half a request's time: a wait longer than the
        // client's own would let the client give up and roll back while the server goes on to take the
        // locks, leaving them held until the servers reap the transaction.
        xml.append("<locking isolation=\"REPEATABLE_READ\" acquire-timeout=\"")
                .append(settings.socketTimeout().toMillis() / 2)
                .append("\"/>");
        xml.append("<transaction mode=\"NON_DURABLE_XA\" locking=\"PESSIMISTIC\"/>");
        xml.append("<indexing storage=\"")
                .append(settings.persistent() ? "filesystem" : "local-heap")
                .append("\"><indexed-entities>")
                .append("<indexed-entity>stele.ArtifactEntry</indexed-entity>")
                .append("<indexed-entity>stele.VersionEntry</indexed-entity>")
                .append("</indexed-entities></indexing>");
        if (settings.persistent()) {
            xml.append("<persistence><file-store/></persistence>");
        }
        xml.append("</").append(kind).append('>');
        return xml.toString();
    }

    /**
     * Writes entries of several kinds in one request, each under its {@link Region#key}. Outside a
     * transaction; applied entry by entry, not as a unit.
     */
    void putAll(Map<String, Object> byCacheKey) {
        deadline.await(cache.putAllAsync(byCacheKey), "writing " + byCacheKey.size() + " entries");
    }

    /** Whether a server answers now: one read of a key that is never written. */
    boolean answers() {
        try {
            return manager.isStarted() && keys.get("ready?") == null;
        } catch (RuntimeException e) {
            return false;
        }
    }

    @Override
    public void close() {
        manager.stop();
    }
}
