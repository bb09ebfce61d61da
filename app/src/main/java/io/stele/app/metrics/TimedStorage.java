package io.stele.app.metrics;

import io.micrometer.core.instrument.MeterRegistry;
import io.micrometer.core.instrument.Timer;
import io.stele.storage.ArtifactQuery;
import io.stele.storage.ArtifactStore;
import io.stele.storage.ContentStore;
import io.stele.storage.EditableMeta;
import io.stele.storage.ImportedVersion;
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
import io.stele.storage.forwarding.ForwardingArtifactStore;
import io.stele.storage.forwarding.ForwardingContentStore;
import io.stele.storage.forwarding.ForwardingRuleStore;
import io.stele.storage.forwarding.ForwardingSearchStore;
import io.stele.storage.forwarding.ForwardingStorage;
import io.stele.storage.forwarding.ForwardingTransferStore;
import io.stele.storage.forwarding.ForwardingVersionStore;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.ConcurrentHashMap;
import java.util.function.Consumer;
import java.util.function.Supplier;

/**
 * Times every call that reaches a backend, as {@code stele.storage.operation} with the backend's
 * kind, the operation and its outcome ({@code success} or {@code error}). Placed below the read
 * cache, it times only what the cache passes on: misses and writes. Thread-safe; adds a timer
 * sample to each call and nothing else.
 */
public final class TimedStorage extends ForwardingStorage {

    private final RegistryStorage backend;
    private final MeterRegistry meters;
    /** The timer of each operation and outcome, registered once. */
    private final Map<String, Timer> timers = new ConcurrentHashMap<>();

    private final ArtifactStore artifacts = new Artifacts();
    private final VersionStore versions = new Versions();
    private final ContentStore contents = new Contents();
    private final RuleStore rules = new Rules();
    private final SearchStore search = new Search();
    private final TransferStore transfer = new Transfer();

    public TimedStorage(RegistryStorage backend, MeterRegistry meters) {
        this.backend = backend;
        this.meters = meters;
    }

    @Override
    protected RegistryStorage delegate() {
        return backend;
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
    public ArtifactStore artifacts() {
        return artifacts;
    }

    @Override
    public VersionStore versions() {
        return versions;
    }

    @Override
    public ContentStore contents() {
        return contents;
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

    private final class Artifacts extends ForwardingArtifactStore {
        @Override
        protected ArtifactStore delegate() {
            return backend.artifacts();
        }

        @Override
        public StoredVersion create(VersionDraft draft) {
            return timed("create_artifact", () -> super.create(draft));
        }

        @Override
        public Optional<StoredArtifact> get(String artifactId) {
            return timed("get_artifact", () -> super.get(artifactId));
        }

        @Override
        public List<String> ids(PageRequest page) {
            return timed("list_artifacts", () -> super.ids(page));
        }

        @Override
        public List<String> liveIds(PageRequest page) {
            return timed("list_live_artifacts", () -> super.liveIds(page));
        }

        @Override
        public long estimatedCount() {
            return timed("count_artifacts", super::estimatedCount);
        }

        @Override
        public void delete(String artifactId) {
            timed("delete_artifact", () -> super.delete(artifactId));
        }
    }

    private final class Versions extends ForwardingVersionStore {
        @Override
        protected VersionStore delegate() {
            return backend.versions();
        }

        @Override
        public StoredArtifact add(VersionDraft draft) {
            return timed("add_version", () -> super.add(draft));
        }

        @Override
        public StoredVersion importVersion(ImportedVersion imported) {
            return timed("import_version", () -> super.importVersion(imported));
        }

        @Override
        public Optional<StoredVersion> latest(String artifactId) {
            return timed("latest_version", () -> super.latest(artifactId));
        }

        @Override
        public Optional<StoredVersion> get(String artifactId, int version) {
            return timed("get_version", () -> super.get(artifactId, version));
        }

        @Override
        public Optional<StoredVersion> byGlobalId(long globalId) {
            return timed("version_by_global_id", () -> super.byGlobalId(globalId));
        }

        @Override
        public List<StoredVersion> byContentId(long contentId) {
            return timed("versions_by_content_id", () -> super.byContentId(contentId));
        }

        @Override
        public long estimatedCount() {
            return timed("count_versions", super::estimatedCount);
        }

        @Override
        public List<Integer> list(String artifactId) {
            return timed("list_versions", () -> super.list(artifactId));
        }

        @Override
        public Optional<StoredVersion> findByCanonicalHash(String artifactId, String canonicalHash) {
            return timed("find_by_content", () -> super.findByCanonicalHash(artifactId, canonicalHash));
        }

        @Override
        public StoredVersion updateMeta(String artifactId, int version, EditableMeta meta, String modifiedBy) {
            return timed("update_meta", () -> super.updateMeta(artifactId, version, meta, modifiedBy));
        }

        @Override
        public StoredVersion updateState(String artifactId, int version, VersionState state, String modifiedBy) {
            return timed("update_state", () -> super.updateState(artifactId, version, state, modifiedBy));
        }

        @Override
        public void delete(String artifactId, int version) {
            timed("delete_version", () -> super.delete(artifactId, version));
        }
    }

    private final class Contents extends ForwardingContentStore {
        @Override
        protected ContentStore delegate() {
            return backend.contents();
        }

        @Override
        public Optional<StoredContent> byContentId(long contentId) {
            return timed("content_by_id", () -> super.byContentId(contentId));
        }

        @Override
        public Optional<StoredContent> byGlobalId(long globalId) {
            return timed("content_by_global_id", () -> super.byGlobalId(globalId));
        }

        @Override
        public Optional<StoredContent> byIdentity(String sha256) {
            return timed("content_by_identity", () -> super.byIdentity(sha256));
        }
    }

    private final class Rules extends ForwardingRuleStore {
        @Override
        protected RuleStore delegate() {
            return backend.rules();
        }

        @Override
        public Map<RuleType, String> list(RuleScope scope) {
            return timed("list_rules", () -> super.list(scope));
        }

        @Override
        public Optional<String> get(RuleScope scope, RuleType type) {
            return timed("get_rule", () -> super.get(scope, type));
        }

        @Override
        public void create(RuleScope scope, RuleType type, String config) {
            timed("create_rule", () -> super.create(scope, type, config));
        }

        @Override
        public void update(RuleScope scope, RuleType type, String config) {
            timed("update_rule", () -> super.update(scope, type, config));
        }

        @Override
        public void delete(RuleScope scope, RuleType type) {
            timed("delete_rule", () -> super.delete(scope, type));
        }

        @Override
        public void deleteAll(RuleScope scope) {
            timed("delete_rules", () -> super.deleteAll(scope));
        }
    }

    private final class Search extends ForwardingSearchStore {
        @Override
        protected SearchStore delegate() {
            return backend.search();
        }

        @Override
        public Page<StoredArtifact> artifacts(ArtifactQuery query) {
            return timed("search_artifacts", () -> super.artifacts(query));
        }

        @Override
        public Page<StoredVersion> versions(String artifactId, PageRequest page) {
            return timed("search_versions", () -> super.versions(artifactId, page));
        }
    }

    private final class Transfer extends ForwardingTransferStore {
        @Override
        protected TransferStore delegate() {
            return backend.transfer();
        }

        @Override
        public void export(Consumer<TransferRecord> sink) {
            timed("export", () -> super.export(sink));
        }

        @Override
        public void importBatch(List<TransferRecord> batch) {
            timed("import_batch", () -> super.importBatch(batch));
        }
    }
}
