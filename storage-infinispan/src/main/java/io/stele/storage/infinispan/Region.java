package io.stele.storage.infinispan;

import java.util.HashMap;
import java.util.Map;
import java.util.Set;
import java.util.stream.Collectors;
import org.infinispan.client.hotrod.Flag;
import org.infinispan.client.hotrod.MetadataValue;
import org.infinispan.client.hotrod.RemoteCache;
import org.infinispan.commons.api.query.Query;
import org.infinispan.commons.api.query.QueryResult;

/**
 * One kind of entry in the registry's cache, seen as a map of its own: each kind's keys begin with
 * a prefix that no other kind's keys begin with.
 *
 * <p>All kinds live in one cache so that a write is one Hot Rod transaction on one cache: the
 * servers decide and apply it as one unit. Across several caches the client prepares and commits
 * each cache in its own request, and a server that dies between them can leave one cache's part
 * committed and another's rolled back (ADR 0021).
 *
 * @param <K> the key as the stores know it; its {@link Object#toString()} follows the prefix
 * @param <V> the entry
 */
final class Region<K, V> {

    private final RemoteCache<String, Object> cache;
    private final String prefix;
    private final Deadline deadline;

    Region(RemoteCache<String, Object> cache, String prefix, Deadline deadline) {
        this.cache = cache;
        this.prefix = prefix;
        this.deadline = deadline;
    }

    /** The key in the cache of {@code key}. */
    String key(K key) {
        return prefix + key;
    }

    /** The key as the stores know it, or null when {@code cacheKey} belongs to another kind. */
    String own(String cacheKey) {
        return cacheKey.startsWith(prefix) ? cacheKey.substring(prefix.length()) : null;
    }

    @SuppressWarnings("unchecked")
    V get(K key) {
        String cacheKey = key(key);
        return (V) deadline.await(cache.getAsync(cacheKey), "reading " + cacheKey);
    }

    /** An entry with the version the servers gave its last write, for {@link #replace}. */
    record Versioned<V>(V value, long version) {}

    /** The entry and its version, or null when there is none. Outside a transaction only. */
    @SuppressWarnings("unchecked")
    Versioned<V> getVersioned(K key) {
        String cacheKey = key(key);
        MetadataValue<Object> found = deadline.await(cache.getWithMetadataAsync(cacheKey), "reading " + cacheKey);
        return found == null ? null : new Versioned<>((V) found.getValue(), found.getVersion());
    }

    /**
     * Replaces the entry if its version is still {@code version}: a compare-and-set, applied by the
     * servers under the entry's lock. Outside a transaction only.
     *
     * @return whether it was replaced; false also when the client retried, after a server failed, a
     *     replacement that server had applied, which the caller must tell apart by what it wrote
     */
    boolean replace(K key, V value, long version) {
        String cacheKey = key(key);
        return deadline.await(cache.replaceWithVersionAsync(cacheKey, value, version), "writing " + cacheKey);
    }

    /**
     * Writes the entry unless one exists. Outside a transaction only.
     *
     * @return the entry that was there, or null when this one was written
     */
    @SuppressWarnings("unchecked")
    V putIfAbsent(K key, V value) {
        String cacheKey = key(key);
        return (V) deadline.await(
                cache.withFlags(Flag.FORCE_RETURN_VALUE).putIfAbsentAsync(cacheKey, value), "writing " + cacheKey);
    }

    void put(K key, V value) {
        String cacheKey = key(key);
        deadline.await(cache.putAsync(cacheKey, value), "writing " + cacheKey);
    }

    void remove(K key) {
        String cacheKey = key(key);
        deadline.await(cache.removeAsync(cacheKey), "removing " + cacheKey);
    }

    /** The entries of those keys that exist, by their keys. */
    @SuppressWarnings("unchecked")
    Map<K, V> getAll(Set<K> keys) {
        Map<String, K> byCacheKey = keys.stream().collect(Collectors.toMap(this::key, k -> k));
        Map<K, V> found = new HashMap<>();
        deadline.await(cache.getAllAsync(byCacheKey.keySet()), "reading " + keys.size() + " entries")
                .forEach((k, v) -> found.put(byCacheKey.get(k), (V) v));
        return found;
    }

    /** Every key of this kind, as the stores know it. A scan of the whole cache: for export only. */
    Set<String> keySet() {
        return cache.keySet().stream().map(this::own).filter(k -> k != null).collect(Collectors.toSet());
    }

    /** A query in Infinispan's query language; its {@code FROM} names the entry type. */
    <T> Query<T> query(String query) {
        return cache.query(query);
    }

    /**
     * Runs a query made by {@link #query}.
     *
     * @param what what it is for, in the words of an error message ("searching artifacts")
     * @throws io.stele.storage.StorageUnavailableException when the servers fail or do not answer
     *     in time
     */
    <T> QueryResult<T> run(Query<T> query, String what) {
        return deadline.await(query.executeAsync(), what);
    }
}
