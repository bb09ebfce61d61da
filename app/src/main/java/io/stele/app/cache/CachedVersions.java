package io.stele.app.cache;

import com.github.benmanes.caffeine.cache.Cache;
import com.github.benmanes.caffeine.cache.Caffeine;
import io.micrometer.core.instrument.Counter;
import io.micrometer.core.instrument.MeterRegistry;
import io.micrometer.core.instrument.binder.cache.CaffeineCacheMetrics;
import io.stele.storage.StorageUnavailableException;
import io.stele.storage.StoredArtifact;
import io.stele.storage.StoredContent;
import io.stele.storage.StoredVersion;
import io.stele.storage.VersionDraft;
import io.stele.storage.VersionState;
import io.stele.storage.VersionStore;
import io.stele.storage.forwarding.ForwardingVersionStore;
import java.time.Duration;
import java.util.Optional;

/**
 * Versions through the read cache: the latest of each artifact (held by {@link CachingStorage}) and
 * versions by globalId, which serializers' consumers look up.
 *
 * <p>An entry by globalId cannot be found by artifact when a change comes in, so it keeps the
 * {@link ChangeStamps.Stamp} of its artifact from when it was read and is served while that stamp
 * stands and its time to live has not passed. A stale entry is not dropped: a version's content
 * never changes, so while the backend is unavailable a stale entry answers instead of an error
 * (its state or metadata may have changed meanwhile; its bytes have not). The count of such answers
 * is {@code stele.cache.stale.answers}.
 */
final class CachedVersions extends ForwardingVersionStore {

    private final CachingStorage cache;
    private final ChangeStamps stamps;
    private final Cache<Long, Stamped> byGlobalId;
    private final long ttlNanos;
    private final Counter staleAnswers;

    /**
     * A version with the stamp of its artifact and the time it was read, and once its content is
     * known what GET by globalId answers (null until then, and for a DISABLED version).
     */
    private record Stamped(StoredVersion version, ChangeStamps.Stamp stamp, long loadedAt, CachedAnswer answer) {

        Stamped(StoredVersion version, ChangeStamps.Stamp stamp) {
            this(SharedParts.of(version), stamp, System.nanoTime(), null);
        }

        int weight() {
            return CachingStorage.ENTRY_OVERHEAD
                    + 2 * version.artifactId().length()
                    + (answer == null ? 0 : answer.weight());
        }
    }

    CachedVersions(CachingStorage cache, ChangeStamps stamps, long maxWeight, Duration ttl, MeterRegistry meters) {
        this.cache = cache;
        this.stamps = stamps;
        this.ttlNanos = ttl.toNanos();
        this.byGlobalId = Caffeine.newBuilder()
                .maximumWeight(maxWeight)
                .weigher((Long id, Stamped v) -> v.weight())
                .recordStats()
                .build();
        this.staleAnswers = Counter.builder("stele.cache.stale.answers")
                .description(
                        "Versions by globalId answered from the cache, unconfirmed, while the backend was unavailable")
                .register(meters);
        CaffeineCacheMetrics.monitor(meters, byGlobalId, "stele.versions");
    }

    @Override
    protected VersionStore delegate() {
        return cache.delegate().versions();
    }

    /** What the versions kept weigh together, in bytes, once pending evictions are done. */
    long heldBytes() {
        return EncodedAnswers.weight(byGlobalId);
    }

    /**
     * What GET by globalId answers if the version and its content are cached and the version is
     * valid, or null; one look-up once answered. Never touches the backend or waits.
     */
    CachedAnswer cachedAnswer(long globalId) {
        Stamped entry = byGlobalId.getIfPresent(globalId);
        if (!valid(entry)) {
            return null;
        }
        if (entry.answer() != null) {
            return entry.answer();
        }
        StoredVersion version = entry.version();
        StoredContent content =
                version.state() == VersionState.DISABLED ? null : cache.cachedContent(version.contentId());
        if (content == null) {
            return null;
        }
        CachedAnswer answer = CachedAnswer.of(version, content);
        byGlobalId.asMap().replace(globalId, entry, new Stamped(version, entry.stamp(), entry.loadedAt(), answer));
        return answer;
    }

    private boolean valid(Stamped entry) {
        return entry != null
                && stamps.stands(entry.version().artifactId(), entry.stamp())
                && System.nanoTime() - entry.loadedAt() <= ttlNanos;
    }

    @Override
    public Optional<StoredVersion> byGlobalId(long globalId) {
        Stamped entry = byGlobalId.asMap().get(globalId);
        if (valid(entry)) {
            return Optional.of(entry.version());
        }
        long changesBefore = stamps.changes();
        Optional<StoredVersion> loaded;
        try {
            loaded = super.byGlobalId(globalId);
        } catch (StorageUnavailableException e) {
            if (entry == null) {
                throw e;
            }
            staleAnswers.increment();
            return Optional.of(entry.version());
        }
        if (loaded.isPresent() && stamps.changes() == changesBefore) {
            StoredVersion v = loaded.get();
            byGlobalId.put(globalId, new Stamped(v, stamps.of(v.artifactId())));
        } else if (loaded.isEmpty()) {
            byGlobalId.invalidate(globalId);
        }
        return loaded;
    }

    @Override
    public StoredArtifact add(VersionDraft draft) {
        return cache.addingVersion(draft.artifactId(), () -> super.add(draft), StoredArtifact::latest);
    }

    @Override
    public Optional<StoredVersion> latest(String artifactId) {
        return Optional.ofNullable(cache.latestEntry(artifactId, false)).map(LatestEntry::version);
    }
}
