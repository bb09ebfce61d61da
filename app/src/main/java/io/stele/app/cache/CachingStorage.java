package io.stele.app.cache;

import com.github.benmanes.caffeine.cache.Cache;
import com.github.benmanes.caffeine.cache.Caffeine;
import io.micrometer.core.instrument.MeterRegistry;
import io.micrometer.core.instrument.Timer;
import io.micrometer.core.instrument.binder.cache.CaffeineCacheMetrics;
import io.stele.storage.ArtifactQuery;
import io.stele.storage.ArtifactStore;
import io.stele.storage.Change;
import io.stele.storage.ChangeFeed;
import io.stele.storage.ContentStore;
import io.stele.storage.EditableMeta;
import io.stele.storage.NotFoundException;
import io.stele.storage.Page;
import io.stele.storage.PageRequest;
import io.stele.storage.RegistryStorage;
import io.stele.storage.RuleScope;
import io.stele.storage.RuleStore;
import io.stele.storage.RuleType;
import io.stele.storage.SearchStore;
import io.stele.storage.StoredArtifact;
import io.stele.storage.StoredContent;
import io.stele.storage.StoredVersion;
import io.stele.storage.TransferRecord;
import io.stele.storage.TransferStore;
import io.stele.storage.VersionDraft;
import io.stele.storage.VersionState;
import io.stele.storage.VersionStore;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.atomic.AtomicLong;
import java.util.concurrent.atomic.AtomicLongArray;
import java.util.function.Consumer;
import java.util.function.Supplier;

/**
 * A read cache and timers above any backend. It keeps the latest version of each artifact with the
 * answer to GET latest ({@link LatestCache}), versions by globalId and content by contentId, each
 * bounded by memory; it times every call it passes to the backend, per backend and operation.
 *
 * <p>Content never changes, so content entries never go stale. Version entries are dropped on the
 * backend's change reports. A report for an artifact drops its latest entry at once; the drop waits
 * for a load of the same artifact in progress, so a load that read the old latest cannot land after
 * it, and an answer is added to an entry only while that entry is still there. Entries by globalId
 * cannot be found by artifact, so each remembers the change count of its artifact's stripe when it
 * was loaded, and is served only while that count stands; a load that any change overtook is not
 * kept. A write through this node reports its change before it returns, so the next read on this
 * node sees it.
 */
public final class CachingStorage implements RegistryStorage {

    /** Java object overhead of one entry, on top of its strings and bytes. */
    static final int ENTRY_OVERHEAD = 200;
    private static final int STRIPES = 4096;

    private final RegistryStorage backend;
    private final MeterRegistry meters;
    private final LatestCache latest;
    private final Cache<Long, Stamped<StoredVersion>> byGlobalId;
    private final Cache<Long, StoredContent> contents;
    /** Counts every change report: an entry by globalId loaded across one is not kept. */
    private final AtomicLong changes = new AtomicLong();
    /** Counts change reports per stripe of artifacts: an entry by globalId is valid while its stripe's count stands. */
    private final AtomicLongArray stripes = new AtomicLongArray(STRIPES);
    /** Counts reports that may have lost changes: every version entry from before one is stale. */
    private final AtomicLong resets = new AtomicLong();
    private final ArtifactStore artifacts = new TimedArtifacts();
    private final VersionStore versions = new CachedVersions();
    /** The timer of each operation and outcome, registered once. */
    private final Map<String, Timer> timers = new ConcurrentHashMap<>();
    private final ContentStore contentStore = new CachedContents();
    private final SearchStore search = new TimedSearch();
    private final TransferStore transfer = new TimedTransfer();
    private final CachedRules rules;
    private AutoCloseable subscription;

    /** A cached value with the counters read before it was loaded. */
    private record Stamped<T>(T value, long changes, long resets) {}

    /**
     * @param maxMemoryBytes what the three caches may hold together: half for the latest versions
     *     with their answers, 10% for versions by globalId, 40% for content
     * @param versionTtl the longest a version entry is kept, whatever the change reports say
     */
    public CachingStorage(RegistryStorage backend, long maxMemoryBytes, Duration versionTtl, MeterRegistry meters) {
        this.backend = backend;
        this.meters = meters;
        this.latest = new LatestCache(maxMemoryBytes / 2, versionTtl);
        this.byGlobalId = Caffeine.newBuilder()
                .maximumWeight(maxMemoryBytes / 10)
                .expireAfterWrite(versionTtl)
                .weigher((Long id, Stamped<StoredVersion> v) -> ENTRY_OVERHEAD + 2 * v.value().artifactId().length())
                .recordStats()
                .build();
        this.contents = Caffeine.newBuilder()
                .maximumWeight(maxMemoryBytes - maxMemoryBytes / 2 - maxMemoryBytes / 10)
                .weigher((Long id, StoredContent c) -> ENTRY_OVERHEAD + c.content().size())
                .recordStats()
                .build();
        this.rules = new CachedRules(backend::rules, versionTtl);
        latest.bindMetrics(meters, "stele.latest");
        CaffeineCacheMetrics.monitor(meters, byGlobalId, "stele.versions");
        CaffeineCacheMetrics.monitor(meters, contents, "stele.contents");
    }

    private void onChange(Change change) {
        if (change instanceof Change.ArtifactChanged a) {
            stripes.incrementAndGet(stripe(a.artifactId()));
            changes.incrementAndGet();
            latest.invalidate(a.artifactId());
            rules.invalidate(RuleScope.artifact(a.artifactId()));
        } else if (change instanceof Change.GlobalChanged) {
            rules.invalidate(RuleScope.GLOBAL);
        } else if (change instanceof Change.Unknown) {
            rules.invalidateAll();
            changes.incrementAndGet();
            resets.incrementAndGet();
            latest.invalidateAll();
            byGlobalId.invalidateAll();
        }
    }

    /**
     * Caches a version this node just wrote as its artifact's latest, so that the next write or
     * read of the artifact needs no look-up: only when the write's own change report is the only
     * one its stripe has seen since the write began, so a concurrent change, here or on another
     * node, is never hidden behind it.
     */
    private void keepAsLatest(StoredVersion written, long stripeBefore) {
        long resetsNow = resets.get();
        if (stripes.get(stripe(written.artifactId())) == stripeBefore + 1) {
            latest.putIfAbsent(new LatestCache.Entry(written, resetsNow));
            if (stripes.get(stripe(written.artifactId())) != stripeBefore + 1) {
                latest.invalidate(written.artifactId()); // a change came in meanwhile
            }
        }
    }

    /**
     * Caches an artifact's rules again after a write of this node that changed none, with the same
     * care as {@link #keepAsLatest}: every new version reads the rules, and most artifacts have none.
     */
    private void keepRules(String artifactId, Optional<Map<RuleType, String>> known, long stripeBefore) {
        if (known.isEmpty() || stripes.get(stripe(artifactId)) != stripeBefore + 1) {
            return;
        }
        RuleScope scope = RuleScope.artifact(artifactId);
        rules.keep(scope, known.get());
        if (stripes.get(stripe(artifactId)) != stripeBefore + 1) {
            rules.invalidate(scope); // a change came in meanwhile
        }
    }

    private static int stripe(String artifactId) {
        return Math.floorMod(artifactId.hashCode(), STRIPES);
    }

    /*
     * The public cached* methods are the fast path's one look per request and count as cache gets
     * (hits and misses in the metrics); the stores below look again, uncounted, when a request the
     * fast path could not answer reaches them.
     */

    /**
     * The answer to GET latest if the latest version and its content are cached, or null: never
     * touches the backend, so it may run on an event loop. Null too for a DISABLED latest version.
     */
    public LatestAnswer cachedAnswer(String artifactId) {
        LatestCache.Entry entry = valid(latest.lookup(artifactId));
        if (entry == null || entry.answer != null) {
            return entry == null ? null : entry.answer;
        }
        StoredContent content = entry.version.state() == VersionState.DISABLED ? null
                : contents.getIfPresent(entry.version.contentId());
        return content == null ? null : answerWith(entry, content);
    }

    /**
     * The answer to GET latest, loading what is not cached: blocks on the backend.
     *
     * @throws NotFoundException for an unknown artifact, or one whose latest version is DISABLED
     */
    public LatestAnswer latestAnswer(String artifactId) {
        LatestCache.Entry entry = latestEntry(artifactId);
        if (entry == null) {
            throw NotFoundException.artifact(artifactId);
        }
        if (entry.answer != null) {
            return entry.answer;
        }
        StoredVersion version = entry.version;
        if (version.state() == VersionState.DISABLED) {
            throw NotFoundException.disabled(version);
        }
        StoredContent content = contentStore.byContentId(version.contentId())
                .orElseThrow(() -> NotFoundException.globalId(version.globalId()));
        return answerWith(entry, content);
    }

    /** Keeps an answer with its entry, unless a change dropped the entry meanwhile. */
    private LatestAnswer answerWith(LatestCache.Entry entry, StoredContent content) {
        LatestAnswer answer = LatestAnswer.of(entry.version, content);
        latest.replace(entry, entry.withAnswer(answer));
        return answer;
    }

    private LatestCache.Entry valid(LatestCache.Entry entry) {
        return entry != null && entry.resets == resets.get() ? entry : null;
    }

    /** The latest entry of an artifact, loaded if not cached; null if the artifact does not exist. */
    private LatestCache.Entry latestEntry(String artifactId) {
        LatestCache.Entry cached = valid(latest.get(artifactId));
        if (cached != null) {
            return cached;
        }
        long resetsBefore = resets.get();
        return latest.compute(artifactId, old -> old != null && old.resets == resetsBefore ? old : timed(
                "latest_version", () -> backend.versions().latest(artifactId)
                        .map(v -> new LatestCache.Entry(v, resetsBefore)).orElse(null)));
    }

    /** The version with this globalId if cached and still valid: never touches the backend. */
    public Optional<StoredVersion> cachedVersion(long globalId) {
        return validVersion(byGlobalId.getIfPresent(globalId));
    }

    private Optional<StoredVersion> validVersion(Stamped<StoredVersion> entry) {
        return entry != null && entry.resets() == resets.get()
                        && entry.changes() == stripes.get(stripe(entry.value().artifactId()))
                ? Optional.of(entry.value())
                : Optional.empty();
    }

    /** Content if cached: never touches the backend. */
    public Optional<StoredContent> cachedContent(long contentId) {
        return Optional.ofNullable(contents.getIfPresent(contentId));
    }

    private <T> T timed(String operation, Supplier<T> call) {
        Timer.Sample sample = Timer.start(meters);
        String outcome = "error";
        try {
            T result = call.get();
            outcome = "success";
            return result;
        } finally {
            String tagOutcome = outcome;
            sample.stop(timers.computeIfAbsent(operation + "/" + outcome, k -> Timer.builder("stele.storage.operation")
                    .description("Calls to the storage backend")
                    .tag("backend", backend.kind())
                    .tag("operation", operation)
                    .tag("outcome", tagOutcome)
                    .register(meters)));
        }
    }

    private void timed(String operation, Runnable call) {
        timed(operation, () -> {
            call.run();
            return null;
        });
    }

    @Override
    public String kind() {
        return backend.kind();
    }

    @Override
    public void start() {
        backend.start();
        subscription = backend.changes().subscribe(this::onChange);
    }

    @Override
    public boolean isReady() {
        return backend.isReady();
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
    public SearchStore search() {
        return search;
    }

    @Override
    public TransferStore transfer() {
        return transfer;
    }

    @Override
    public ChangeFeed changes() {
        return backend.changes();
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

    private final class TimedArtifacts implements ArtifactStore {

        private ArtifactStore delegate() {
            return backend.artifacts();
        }

        @Override
        public StoredVersion create(VersionDraft draft) {
            long before = stripes.get(stripe(draft.artifactId()));
            StoredVersion created = timed("create_artifact", () -> delegate().create(draft));
            keepAsLatest(created, before);
            keepRules(created.artifactId(), Optional.of(Map.of()), before); // a new artifact has none
            return created;
        }

        @Override
        public Optional<StoredArtifact> get(String artifactId) {
            return timed("get_artifact", () -> delegate().get(artifactId));
        }

        @Override
        public List<String> ids(PageRequest page) {
            return timed("list_artifacts", () -> delegate().ids(page));
        }

        @Override
        public long count() {
            return timed("count_artifacts", delegate()::count);
        }

        @Override
        public void delete(String artifactId) {
            timed("delete_artifact", () -> delegate().delete(artifactId));
        }
    }

    private final class CachedVersions implements VersionStore {

        private VersionStore delegate() {
            return backend.versions();
        }

        @Override
        public StoredArtifact add(VersionDraft draft) {
            long before = stripes.get(stripe(draft.artifactId()));
            Optional<Map<RuleType, String>> rulesBefore = rules.cached(RuleScope.artifact(draft.artifactId()));
            StoredArtifact added = timed("add_version", () -> delegate().add(draft));
            keepAsLatest(added.latest(), before);
            keepRules(draft.artifactId(), rulesBefore, before); // adding a version changes no rule
            return added;
        }

        @Override
        public Optional<StoredVersion> latest(String artifactId) {
            LatestCache.Entry entry = latestEntry(artifactId);
            return entry == null ? Optional.empty() : Optional.of(entry.version);
        }

        @Override
        public Optional<StoredVersion> get(String artifactId, int version) {
            return timed("get_version", () -> delegate().get(artifactId, version));
        }

        @Override
        public Optional<StoredVersion> byGlobalId(long globalId) {
            Optional<StoredVersion> cached = validVersion(byGlobalId.asMap().get(globalId));
            if (cached.isPresent()) {
                return cached;
            }
            long changesBefore = changes.get();
            long resetsBefore = resets.get();
            Optional<StoredVersion> loaded = timed("version_by_global_id", () -> delegate().byGlobalId(globalId));
            if (loaded.isPresent()) {
                long stripeCount = stripes.get(stripe(loaded.get().artifactId()));
                if (changes.get() == changesBefore) {
                    byGlobalId.put(globalId, new Stamped<>(loaded.get(), stripeCount, resetsBefore));
                }
            }
            return loaded;
        }

        @Override
        public long count() {
            return timed("count_versions", delegate()::count);
        }

        @Override
        public List<Integer> list(String artifactId) {
            return timed("list_versions", () -> delegate().list(artifactId));
        }

        @Override
        public Optional<StoredVersion> findByCanonicalHash(String artifactId, String canonicalHash) {
            return timed("find_by_content", () -> delegate().findByCanonicalHash(artifactId, canonicalHash));
        }

        @Override
        public StoredVersion updateMeta(String artifactId, int version, EditableMeta meta,
                String modifiedBy) {
            return timed("update_meta", () -> delegate().updateMeta(artifactId, version, meta, modifiedBy));
        }

        @Override
        public StoredVersion updateState(String artifactId, int version, VersionState state,
                String modifiedBy) {
            return timed("update_state", () -> delegate().updateState(artifactId, version, state, modifiedBy));
        }

        @Override
        public void delete(String artifactId, int version) {
            timed("delete_version", () -> delegate().delete(artifactId, version));
        }
    }

    private final class TimedTransfer implements TransferStore {

        @Override
        public void export(Consumer<TransferRecord> sink) {
            timed("export", () -> backend.transfer().export(sink));
        }

        @Override
        public void importBatch(List<TransferRecord> batch) {
            timed("import_batch", () -> backend.transfer().importBatch(batch));
        }
    }

    private final class TimedSearch implements SearchStore {

        @Override
        public Page<StoredArtifact> artifacts(ArtifactQuery query) {
            return timed("search_artifacts", () -> backend.search().artifacts(query));
        }

        @Override
        public Page<StoredVersion> versions(String artifactId, PageRequest page) {
            return timed("search_versions", () -> backend.search().versions(artifactId, page));
        }
    }

    private final class CachedContents implements ContentStore {

        @Override
        public Optional<StoredContent> byContentId(long contentId) {
            StoredContent cached = contents.asMap().get(contentId);
            if (cached != null) {
                return Optional.of(cached);
            }
            Optional<StoredContent> loaded = timed("content_by_id", () -> backend.contents().byContentId(contentId));
            loaded.ifPresent(c -> contents.put(contentId, c));
            return loaded;
        }

        @Override
        public Optional<StoredContent> byGlobalId(long globalId) {
            return versions.byGlobalId(globalId).flatMap(v -> byContentId(v.contentId()));
        }
    }
}
