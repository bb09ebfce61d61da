package io.stele.app.cache;

import com.github.benmanes.caffeine.cache.Cache;
import com.github.benmanes.caffeine.cache.Caffeine;
import io.micrometer.core.instrument.MeterRegistry;
import io.micrometer.core.instrument.binder.cache.CaffeineCacheMetrics;
import io.stele.storage.ArtifactStore;
import io.stele.storage.Change;
import io.stele.storage.ContentStore;
import io.stele.storage.NotFoundException;
import io.stele.storage.RegistryStorage;
import io.stele.storage.RuleScope;
import io.stele.storage.RuleStore;
import io.stele.storage.RuleType;
import io.stele.storage.StoredContent;
import io.stele.storage.StoredVersion;
import io.stele.storage.VersionState;
import io.stele.storage.VersionStore;
import io.stele.storage.forwarding.ForwardingStorage;
import java.time.Duration;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ConcurrentHashMap;
import java.util.function.Function;
import java.util.function.Supplier;

/**
 * A read cache above any backend, and the one component that answers from memory. It keeps the
 * latest version of each artifact with the answer to GET latest ({@link LatestCache}), versions by
 * globalId ({@link CachedVersions}), content by contentId, rules ({@link CachedRules}), and the
 * answers the APIs encode from these ({@link EncodedAnswers}), all within one {@link CacheBudget}.
 *
 * <p>Content never changes, so content entries never go stale. Version entries are dropped on the
 * backend's change reports. No lock is held while the backend answers, and a change report never
 * waits for a load: a loader stamps what it reads ({@link ChangeStamps}) and keeps it only while the
 * stamp stands, so a load that a change overtook is never kept, whichever finishes first.
 * Concurrent loads of one artifact's latest version share one call to the backend. A write through
 * this node reports its change before it returns, so the next read on this node sees it.
 */
public final class CachingStorage extends ForwardingStorage {

    /** Java object overhead of one entry on the heap, on top of its strings and bytes. */
    static final int ENTRY_OVERHEAD = 200;

    private final RegistryStorage backend;
    private final LatestCache latest;
    private final Cache<Long, StoredContent> contents;
    private final ChangeStamps stamps = new ChangeStamps();
    /** Loads of an artifact's latest version under way, with the stamp each began under. */
    private final Map<String, Load> loading = new ConcurrentHashMap<>();

    private final CachedArtifacts artifacts = new CachedArtifacts(this);
    private final CachedVersions versions;
    private final ContentStore contentStore = new CachedContents(this);
    private final CachedRules rules;
    private final EncodedAnswers encoded;
    private final long versionTtlNanos;
    private AutoCloseable subscription;

    private record Load(CompletableFuture<LatestEntry> entry, ChangeStamps.Stamp stamp) {}

    /**
     * @param budget what the cache may hold, shared among its parts
     * @param versionTtl the longest a version entry is served, whatever the change reports say
     */
    public CachingStorage(RegistryStorage backend, CacheBudget budget, Duration versionTtl, MeterRegistry meters) {
        this.backend = backend;
        this.latest = new LatestCache(budget.latest(), versionTtl);
        this.versions = new CachedVersions(this, stamps, budget.versions(), versionTtl, meters);
        this.contents = Caffeine.newBuilder()
                .maximumWeight(budget.contents())
                .weigher((Long id, StoredContent c) ->
                        ENTRY_OVERHEAD + c.content().size())
                .recordStats()
                .build();
        this.rules = new CachedRules(backend::rules, versionTtl);
        this.encoded = new EncodedAnswers(budget);
        this.versionTtlNanos = versionTtl.toNanos();
        latest.bindMetrics(meters, "stele.latest");
        CaffeineCacheMetrics.monitor(meters, contents, "stele.contents");
    }

    @Override
    protected RegistryStorage delegate() {
        return backend;
    }

    private void onChange(Change change) {
        if (change instanceof Change.ArtifactChanged a) {
            versionsChanged(a.artifactId());
            rules.invalidate(RuleScope.artifact(a.artifactId()));
        } else if (change instanceof Change.VersionsChanged v) {
            versionsChanged(v.artifactId()); // its rules stay
        } else if (change instanceof Change.GlobalChanged) {
            rules.invalidate(RuleScope.GLOBAL);
        } else if (change instanceof Change.Unknown) {
            // Version entries by globalId stay, stale: they answer only while the backend cannot.
            stamps.reset();
            rules.invalidateAll();
            latest.invalidateAll();
        } else {
            throw new IllegalArgumentException("Unknown kind of change: " + change);
        }
    }

    private void versionsChanged(String artifactId) {
        stamps.artifactChanged(artifactId);
        latest.invalidate(artifactId);
    }

    /**
     * Caches a version this node just wrote as its artifact's latest, so that the next write or
     * read of the artifact needs no look-up: only when the write's own change report is the only
     * one its stripe has seen since the write began, so a concurrent change, here or on another
     * node, is never hidden behind it.
     */
    private void keepAsLatest(StoredVersion written, ChangeStamps.Stamp before) {
        keep(new LatestEntry(written, before.resets()), before.afterOwnChange());
    }

    /**
     * Keeps a latest entry while the stamp it was read under stands, and never past it.
     *
     * @return the entry as kept, or null when it was not
     */
    private LatestEntry keep(LatestEntry entry, ChangeStamps.Stamp stamp) {
        String artifactId = entry.artifactId();
        if (!stamps.stands(artifactId, stamp)) {
            return null;
        }
        LatestEntry kept = latest.publish(entry, stamp.resets());
        if (kept != null && !stamps.stands(artifactId, stamp)) {
            latest.remove(kept); // a change came in meanwhile
            return null;
        }
        return kept;
    }

    /**
     * Runs a write that adds a version and changes no rule (creating an artifact, which may have
     * rules configured ahead of it, or adding a version), then caches the version it wrote as the
     * artifact's latest and the rules cached before it, each only if no other change came meanwhile.
     */
    <T> T addingVersion(String artifactId, Supplier<T> write, Function<T, StoredVersion> written) {
        ChangeStamps.Stamp before = stamps.of(artifactId);
        Optional<Map<RuleType, String>> rulesBefore = rules.cached(RuleScope.artifact(artifactId));
        T result = write.get();
        keepAsLatest(written.apply(result), before);
        keepRules(artifactId, rulesBefore, before);
        return result;
    }

    /**
     * Caches an artifact's rules again after a write of this node that changed none, with the same
     * care as {@link #keepAsLatest}: every new version reads the rules, and most artifacts have none.
     */
    private void keepRules(String artifactId, Optional<Map<RuleType, String>> known, ChangeStamps.Stamp before) {
        ChangeStamps.Stamp expected = before.afterOwnChange();
        if (known.isEmpty() || !stamps.stands(artifactId, expected)) {
            return;
        }
        RuleScope scope = RuleScope.artifact(artifactId);
        rules.keep(scope, known.get());
        if (!stamps.stands(artifactId, expected)) {
            rules.invalidate(scope); // a change came in meanwhile
        }
    }

    /*
     * The public cached* methods are the fast path's one look per request and count as cache gets
     * (hits and misses in the metrics); the stores below look again, uncounted, when a request the
     * fast path could not answer reaches them.
     */

    /**
     * Fills the latest cache before the registry serves, for at most {@code within}: see {@link
     * WarmUp}. Blocks on the backend; a failure of the backend ends it with a warning, the cache then
     * filling as requests come.
     *
     * @return how many artifacts' latest versions it kept
     */
    public long warmUp(Duration within) {
        return WarmUp.run(backend, latest, stamps, this::keep, within);
    }

    /**
     * The answer to GET latest if the latest version and its content are cached, or null: never
     * touches the backend or waits, so it may run on an event loop. Null too for a DISABLED latest version.
     */
    public CachedAnswer cachedAnswer(String artifactId) {
        LatestEntry entry = valid(latest.lookup(artifactId));
        if (entry == null) {
            return null;
        }
        CachedAnswer answer = entry.answer();
        if (answer != null || AnswerRecord.state(entry.record) == VersionState.DISABLED) {
            return answer;
        }
        StoredContent content = cachedContent(AnswerRecord.contentId(entry.record));
        return content == null ? null : answerWith(entry, content);
    }

    /**
     * The answer to GET latest, loading what is not cached: blocks on the backend.
     *
     * @throws NotFoundException for an unknown artifact, or one whose latest version is DISABLED
     */
    public CachedAnswer latestAnswer(String artifactId) {
        LatestEntry entry = latestEntry(artifactId, true);
        if (entry == null) {
            throw NotFoundException.artifact(artifactId);
        }
        CachedAnswer answer = entry.answer();
        if (answer != null) {
            return answer;
        }
        StoredVersion version = entry.version();
        if (version.state() == VersionState.DISABLED) {
            throw NotFoundException.disabled(version);
        }
        StoredContent content = contentOf(version).orElseThrow(() -> NotFoundException.globalId(version.globalId()));
        return answerWith(entry, content);
    }

    /**
     * A version's content from the content cache, else from the backend without keeping it there:
     * the answer keeps it, and the content cache would keep a second copy beside every artifact's
     * latest version.
     */
    private Optional<StoredContent> contentOf(StoredVersion version) {
        StoredContent content = contents.asMap().get(version.contentId());
        return content != null ? Optional.of(content) : backend.contents().byContentId(version.contentId());
    }

    /**
     * The entry to keep for a latest version just read: with its answer when {@code answering} and
     * the content fits the latest cache, so a first GET leaves one entry, not a version and then an
     * answer replacing it.
     */
    private LatestEntry loaded(StoredVersion version, long resets, boolean answering) {
        LatestEntry entry = new LatestEntry(version, resets);
        if (!answering || version.state() == VersionState.DISABLED) {
            return entry;
        }
        Optional<StoredContent> content = contentOf(version);
        if (content.isEmpty()) {
            return entry;
        }
        LatestEntry answered = entry.withAnswer(content.get().content());
        if (latest.fits(answered)) {
            return answered;
        }
        contents.put(version.contentId(), content.get());
        return entry;
    }

    /**
     * Keeps an answer with its entry, unless a change dropped the entry meanwhile. Content too large
     * for the latest cache's pages goes to the content cache instead, so it is loaded once.
     */
    private CachedAnswer answerWith(LatestEntry entry, StoredContent content) {
        LatestEntry answered = entry.withAnswer(content.content());
        if (latest.fits(answered)) {
            latest.replace(entry, answered);
        } else {
            contents.put(content.contentId(), content);
        }
        return answered.answer();
    }

    private LatestEntry valid(LatestEntry entry) {
        return entry != null && entry.resets() == stamps.resets() ? entry : null;
    }

    /**
     * The latest entry of an artifact, loaded if not cached; null if the artifact does not exist.
     * A caller joins a load under way only if no change came in between that load's start and its
     * own, so it never gets a version older than one written before it asked.
     *
     * @param answering whether to load the content with the version, for GET latest
     */
    LatestEntry latestEntry(String artifactId, boolean answering) {
        LatestEntry cached = valid(latest.get(artifactId));
        if (cached != null) {
            return cached;
        }
        ChangeStamps.Stamp stamp = stamps.of(artifactId);
        Load mine = new Load(new CompletableFuture<>(), stamp);
        Load running = loading.putIfAbsent(artifactId, mine);
        if (running != null && running.stamp().equals(stamp)) {
            return Loads.await(running.entry());
        }
        try {
            return Loads.run(mine.entry(), () -> {
                LatestEntry loaded = backend.versions()
                        .latest(artifactId)
                        .map(v -> loaded(v, stamp.resets(), answering))
                        .orElse(null);
                LatestEntry kept = loaded == null ? null : keep(loaded, stamp);
                return kept == null ? loaded : kept;
            });
        } finally {
            if (running == null) {
                loading.remove(artifactId, mine);
            }
        }
    }

    /**
     * The answer to GET by globalId if the version and its content are cached and valid, or null:
     * never touches the backend or waits, so it may run on an event loop. Null too for a DISABLED
     * version.
     */
    public CachedAnswer cachedAnswer(long globalId) {
        return versions.cachedAnswer(globalId);
    }

    /**
     * The artifact's changes as this node has been told of them now, to stamp an answer made from
     * what is read after it. Never touches the backend.
     */
    public ChangeMark changeMark(String artifactId) {
        return new ChangeMark(stamps.of(artifactId), System.nanoTime());
    }

    /**
     * Whether no change of the artifact has been reported since the mark was taken (nor a report
     * lost, which resets every mark), and the mark is younger than the version TTL, the longest
     * any cached answer stands. Never touches the backend, so it may run on an event loop.
     */
    public boolean unchangedSince(String artifactId, ChangeMark mark) {
        return stamps.stands(artifactId, mark.stamp) && System.nanoTime() - mark.takenAt < versionTtlNanos;
    }

    /** The scope's rules if cached, else empty: never touches the backend or waits. */
    public Optional<Map<RuleType, String>> cachedRules(RuleScope scope) {
        return rules.cached(scope);
    }

    /** The answers the APIs encode and keep, within this cache's budget. */
    public EncodedAnswers encoded() {
        return encoded;
    }

    /**
     * What each part of the cache holds, in bytes, once pending evictions are done, in the shape of
     * the budget it keeps within: the latest cache's pages off the heap, and the weights of the rest.
     */
    CacheBudget held() {
        return new CacheBudget(
                latest.heldBytes(),
                versions.heldBytes(),
                EncodedAnswers.weight(contents),
                encoded.heldByContentId(),
                encoded.heldByGlobalId(),
                encoded.heldQuestions(),
                encoded.heldRemembered());
    }

    /** Content if cached, counted as a cache get: never touches the backend or waits. */
    public StoredContent cachedContent(long contentId) {
        return contents.getIfPresent(contentId);
    }

    Cache<Long, StoredContent> contentCache() {
        return contents;
    }

    @Override
    public void start() {
        backend.start();
        subscription = backend.changes().subscribe(this::onChange);
    }

    @Override
    public ArtifactStore artifacts() {
        return artifacts;
    }

    @Override
    public VersionStore versions() {
        return versions;
    }

    @Override
    public ContentStore contents() {
        return contentStore;
    }

    @Override
    public RuleStore rules() {
        return rules;
    }

    @Override
    public void close() {
        if (subscription != null) {
            try {
                subscription.close();
            } catch (Exception e) {
                // closing a subscription only unregisters a listener
            }
        }
        backend.close();
    }
}
