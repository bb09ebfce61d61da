package io.stele.storage.infinispan;

import io.stele.storage.AlreadyExistsException;
import io.stele.storage.ArtifactType;
import io.stele.storage.Change;
import io.stele.storage.ImportPlan;
import io.stele.storage.InvalidRequestException;
import io.stele.storage.PageRequest;
import io.stele.storage.RuleScope;
import io.stele.storage.RuleType;
import io.stele.storage.StoredVersion;
import io.stele.storage.TransferRecord;
import io.stele.storage.TransferStore;
import java.time.Instant;
import java.util.HashMap;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeMap;
import java.util.function.Consumer;

/**
 * Export page by page in id order (not one consistent view: each artifact is read whole, but writes
 * meanwhile may show in a later page); import one batch per transaction, after its contents in
 * transactions of their own (a content stored by a batch that then fails is kept, and skipped when
 * the import is run again).
 */
final class InfinispanTransferStore implements TransferStore {

    /** The most content bytes one import transaction writes, unless one content is larger. */
    static final long CONTENT_BYTES_PER_TRANSACTION = 4L << 20;

    private static final int PAGE = 500;

    private final Cluster cluster;
    private final Transactions transactions;
    private final VersionWrites writes;
    private final InfinispanArtifactStore artifacts;
    private final InfinispanVersionStore versions;
    private final Consumer<Change> changes;

    InfinispanTransferStore(
            Cluster cluster,
            Transactions transactions,
            VersionWrites writes,
            InfinispanArtifactStore artifacts,
            InfinispanVersionStore versions,
            Consumer<Change> changes) {
        this.cluster = cluster;
        this.transactions = transactions;
        this.writes = writes;
        this.artifacts = artifacts;
        this.versions = versions;
        this.changes = changes;
    }

    @Override
    public void export(Consumer<TransferRecord> sink) {
        Map<String, Map<RuleType, String>> rulesAhead = new TreeMap<>();
        for (String key : cluster.rules.keySet()) {
            if (key.startsWith("a:")) {
                rulesAhead.put(key.substring(2), InfinispanRuleStore.rules(cluster.rules.get(key)));
            }
        }
        InfinispanRuleStore.rules(cluster.rules.get(Keys.rules(RuleScope.GLOBAL)))
                .forEach((type, config) -> sink.accept(new TransferRecord.Rule(RuleScope.GLOBAL, type, config)));
        Set<Long> given = new HashSet<>();
        List<String> ids = artifacts.ids(new PageRequest(0, PAGE));
        while (!ids.isEmpty()) {
            for (String id : ids) {
                ArtifactEntry artifact = cluster.artifacts.get(id);
                if (artifact == null) {
                    continue;
                }
                sink.accept(new TransferRecord.Artifact(
                        id,
                        ArtifactType.valueOf(artifact.type()),
                        artifact.createdBy(),
                        Instant.parse(artifact.createdOn()),
                        artifact.lastVersion()));
                rules(RuleScope.artifact(id), rulesAhead.remove(id), sink);
                for (VersionEntry entry : versions.entries(artifact, artifact.versions())) {
                    StoredVersion version = Entries.stored(entry);
                    if (given.add(version.contentId())) {
                        ContentEntry content = cluster.contents.get(version.contentId());
                        sink.accept(new TransferRecord.ContentBlob(
                                version.contentId(),
                                Entries.stored(version.contentId(), content).content()));
                    }
                    sink.accept(new TransferRecord.Version(version, entry.canonicalHash()));
                }
            }
            ids = artifacts.ids(PageRequest.after(ids.get(ids.size() - 1), PAGE));
        }
        // rules configured ahead of their artifacts, last
        rulesAhead.forEach((id, rules) -> rules(RuleScope.artifact(id), rules, sink));
    }

    /**
     * Stores contents in transactions of at most {@link #CONTENT_BYTES_PER_TRANSACTION} bytes (or of
     * one content): a server refuses a request larger than its {@code max-content-length}, 10 MB by
     * default, and a batch's contents can be many times that.
     */
    private void importContents(List<TransferRecord.ContentBlob> contents) {
        int from = 0;
        while (from < contents.size()) {
            int to = from;
            long bytes = 0;
            do {
                bytes += contents.get(to).content().bytes().length;
                to++;
            } while (to < contents.size()
                    && bytes + contents.get(to).content().bytes().length <= CONTENT_BYTES_PER_TRANSACTION);
            List<TransferRecord.ContentBlob> part = contents.subList(from, to);
            transactions.write("importing " + part.size() + " contents", () -> {
                for (TransferRecord.ContentBlob blob : part) {
                    writes.importContent(blob.content(), blob.contentId());
                }
                return null;
            });
            from = to;
        }
    }

    private static void rules(RuleScope scope, Map<RuleType, String> rules, Consumer<TransferRecord> sink) {
        if (rules != null) {
            rules.forEach((type, config) -> sink.accept(new TransferRecord.Rule(scope, type, config)));
        }
    }

    @Override
    public void importBatch(List<TransferRecord> batch) {
        ImportPlan plan = ImportPlan.of(batch);
        long[] highestGlobalId = {0};
        importContents(plan.contents());
        transactions.write("importing " + batch.size() + " records", () -> {
            Map<String, ArtifactEntry> entries = new HashMap<>();
            for (TransferRecord.Artifact a : plan.artifacts()) {
                if (cluster.artifacts.get(a.artifactId()) != null) {
                    throw AlreadyExistsException.artifact(a.artifactId());
                }
                entries.put(
                        a.artifactId(),
                        ArtifactEntries.created(
                                a.artifactId(),
                                a.type().name(),
                                a.createdBy(),
                                a.createdOn().toString(),
                                a.lastVersion()));
            }
            Map<String, VersionEntry> shownCandidates = new HashMap<>();
            for (TransferRecord.Version v : plan.versions()) {
                StoredVersion version = v.version();
                // an entry no artifact lists (an append's under way, or one a stopped registry left) counts too
                if (cluster.versions.get(version.globalId()) != null) {
                    throw new AlreadyExistsException("Global id " + version.globalId() + " is taken.");
                }
                ContentEntry content = cluster.contents.get(version.contentId());
                if (content == null) {
                    throw new InvalidRequestException("Version " + version.version() + " of artifact '"
                            + version.artifactId() + "' uses content " + version.contentId()
                            + ", which neither its batch nor the registry holds.");
                }
                VersionEntry entry = Entries.entry(
                        version,
                        v.canonicalHash(),
                        Entries.stored(version.contentId(), content).content().references());
                cluster.versions.put(version.globalId(), entry);
                entries.compute(
                        version.artifactId(),
                        (id, a) -> ArtifactEntries.withVersion(
                                a, version.version(), version.globalId(), version.state(), v.canonicalHash()));
                shownCandidates.put(Keys.version(version.artifactId(), version.version()), entry);
                highestGlobalId[0] = Math.max(highestGlobalId[0], version.globalId());
            }
            for (ArtifactEntry a : entries.values()) {
                VersionEntry shown = shownCandidates.get(Keys.version(a.id(), ArtifactEntries.shown(a)));
                cluster.artifacts.put(a.id(), ArtifactEntries.showing(a, shown));
            }
            for (TransferRecord.Rule rule : plan.rules()) {
                String key = Keys.rules(rule.scope());
                Map<RuleType, String> rules = InfinispanRuleStore.rules(cluster.rules.get(key));
                if (rules.putIfAbsent(rule.type(), rule.config()) != null) {
                    throw AlreadyExistsException.rule(rule.scope(), rule.type());
                }
                cluster.rules.put(key, InfinispanRuleStore.entry(rules));
            }
            writes.movePast(cluster.globalIds, highestGlobalId[0]);
            return null;
        });
        changes.accept(new Change.Unknown());
    }
}
