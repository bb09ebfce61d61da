package io.stele.storage.infinispan;

import io.stele.storage.AlreadyExistsException;
import io.stele.storage.Change;
import io.stele.storage.EditableMeta;
import io.stele.storage.ImportedVersion;
import io.stele.storage.NotFoundException;
import io.stele.storage.ReferenceExistsException;
import io.stele.storage.RuleScope;
import io.stele.storage.StoredArtifact;
import io.stele.storage.StoredVersion;
import io.stele.storage.VersionDraft;
import io.stele.storage.VersionState;
import io.stele.storage.VersionStore;
import java.time.Instant;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Optional;
import java.util.OptionalInt;
import java.util.Set;
import java.util.function.BiFunction;
import java.util.function.Consumer;
import java.util.stream.Collectors;

/**
 * Versions: a version that references nothing is added by compare-and-set ({@link VersionAppends}),
 * every other write is one transaction ({@link Transactions}); reads go through the artifact's
 * entry, which lists each version's globalId, or from the index.
 */
final class InfinispanVersionStore implements VersionStore {

    private final Cluster cluster;
    private final Transactions transactions;
    private final VersionWrites writes;
    private final VersionAppends appends;
    private final Consumer<Change> changes;

    InfinispanVersionStore(
            Cluster cluster,
            Transactions transactions,
            VersionWrites writes,
            VersionAppends appends,
            Consumer<Change> changes) {
        this.cluster = cluster;
        this.transactions = transactions;
        this.writes = writes;
        this.appends = appends;
        this.changes = changes;
    }

    @Override
    public StoredArtifact add(VersionDraft draft) {
        String id = draft.artifactId();
        VersionWrites.Stored stored = VersionAppends.appendable(draft)
                ? appends.append(draft)
                : transactions.write("adding a version to '" + id + "'", () -> {
                    ArtifactEntry artifact = requireArtifact(id);
                    VersionWrites.requireType(artifact, draft.type());
                    return writes.store(artifact, draft, artifact.lastVersion() + 1, 0, Instant.now());
                });
        changes.accept(new Change.VersionsChanged(id));
        return new StoredArtifact(
                id,
                stored.artifact().createdBy(),
                Instant.parse(stored.artifact().createdOn()),
                stored.version());
    }

    @Override
    public StoredVersion importVersion(ImportedVersion imported) {
        VersionDraft draft = imported.draft();
        String id = draft.artifactId();
        VersionWrites.Stored stored =
                transactions.write("importing version " + imported.version() + " of '" + id + "'", () -> {
                    Instant now = Instant.now();
                    ArtifactEntry artifact = cluster.artifacts.get(id);
                    if (artifact == null) {
                        artifact = ArtifactEntries.created(id, draft.type().name(), draft.createdBy(), now.toString());
                    } else {
                        VersionWrites.requireType(artifact, draft.type());
                        if (ArtifactEntries.has(artifact, imported.version())) {
                            throw AlreadyExistsException.version(id, imported.version());
                        }
                    }
                    return writes.store(artifact, draft, imported.version(), imported.contentId(), now);
                });
        changes.accept(new Change.ArtifactChanged(id));
        return stored.version();
    }

    @Override
    public Optional<StoredVersion> latest(String artifactId) {
        ArtifactEntry artifact = cluster.artifacts.get(artifactId);
        if (artifact == null) {
            return Optional.empty();
        }
        OptionalInt latest = ArtifactEntries.latestServable(artifact);
        return latest.isEmpty() ? Optional.empty() : version(artifact, latest.getAsInt());
    }

    @Override
    public Optional<StoredVersion> get(String artifactId, int version) {
        ArtifactEntry artifact = cluster.artifacts.get(artifactId);
        return artifact == null ? Optional.empty() : version(artifact, version);
    }

    /** A version the artifact's entry lists, read by its globalId. */
    private Optional<StoredVersion> version(ArtifactEntry artifact, int version) {
        long globalId = ArtifactEntries.globalId(artifact, version);
        return globalId == 0
                ? Optional.empty()
                : Optional.ofNullable(cluster.versions.get(globalId)).map(Entries::stored);
    }

    @Override
    public Optional<StoredVersion> byGlobalId(long globalId) {
        VersionEntry entry = cluster.versions.get(globalId);
        if (entry == null || !ArtifactEntries.lists(cluster.artifacts.get(entry.artifactId()), entry)) {
            return Optional.empty();
        }
        return Optional.of(Entries.stored(entry));
    }

    @Override
    public List<StoredVersion> byContentId(long contentId) {
        List<VersionEntry> found = Queries.versions(cluster.versions, "v.contentId = :value", contentId);
        Map<String, ArtifactEntry> artifacts = cluster.artifacts.getAll(
                found.stream().map(VersionEntry::artifactId).collect(Collectors.toSet()));
        return found.stream()
                .filter(e -> ArtifactEntries.lists(artifacts.get(e.artifactId()), e))
                .map(Entries::stored)
                .toList();
    }

    /**
     * {@inheritDoc}
     *
     * <p>Every version entry that references another was written in a transaction, whole or not at
     * all: the index's answer needs no check against the artifacts' entries, so a transaction that
     * asks reads no artifact entry it does not write.
     */
    @Override
    public List<StoredVersion> referrers(String artifactId, int version) {
        return Queries.versions(cluster.versions, "v.references = :value", Keys.version(artifactId, version)).stream()
                .map(Entries::stored)
                .toList();
    }

    /** Counted from the artifacts' entries, which list exactly the versions that exist. */
    @Override
    public long count() {
        return Queries.sum(cluster.artifacts, "stele.ArtifactEntry", "versionCount");
    }

    /** Counted by the index of version entries, with any that an append stopped half-way left. */
    @Override
    public long estimatedCount() {
        return Queries.count(cluster.versions, "stele.VersionEntry");
    }

    @Override
    public List<Integer> list(String artifactId) {
        return requireArtifact(artifactId).versions();
    }

    @Override
    public Optional<StoredVersion> findByCanonicalHash(String artifactId, String canonicalHash) {
        ArtifactEntry artifact = cluster.artifacts.get(artifactId);
        if (artifact == null) {
            return Optional.empty();
        }
        for (int candidate : ArtifactEntries.servableWithDigest(artifact, canonicalHash)) {
            Optional<VersionEntry> entry =
                    Optional.ofNullable(cluster.versions.get(ArtifactEntries.globalId(artifact, candidate)));
            if (entry.isPresent() && entry.get().canonicalHash().equals(canonicalHash)) {
                return entry.map(Entries::stored);
            }
        }
        return Optional.empty();
    }

    @Override
    public StoredVersion updateMeta(String artifactId, int version, EditableMeta meta, String modifiedBy) {
        StoredVersion updated = change(artifactId, version, "editing", (artifact, entry) -> {
            VersionEntry changed =
                    Entries.changed(entry, meta, VersionState.valueOf(entry.state()), modifiedBy, Instant.now());
            return new Edit(changed, artifact);
        });
        changes.accept(new Change.VersionsChanged(artifactId));
        return updated;
    }

    @Override
    public StoredVersion updateState(String artifactId, int version, VersionState state, String modifiedBy) {
        StoredVersion updated = change(artifactId, version, "changing the state of", (artifact, entry) -> {
            VersionState was = VersionState.valueOf(entry.state());
            if (state == VersionState.DELETED && was != VersionState.DELETED && isReferenced(artifactId, version)) {
                throw new ReferenceExistsException(artifactId, version);
            }
            VersionEntry changed = Entries.changed(entry, Entries.meta(entry), state, modifiedBy, Instant.now());
            return new Edit(changed, ArtifactEntries.withState(artifact, version, state));
        });
        changes.accept(new Change.VersionsChanged(artifactId));
        return updated;
    }

    /** A version's entry after an edit, and its artifact's entry (search fields aside). */
    private record Edit(VersionEntry version, ArtifactEntry artifact) {}

    private StoredVersion change(
            String artifactId, int version, String what, BiFunction<ArtifactEntry, VersionEntry, Edit> edit) {
        return transactions.write(what + " version " + version + " of '" + artifactId + "'", () -> {
            ArtifactEntry artifact = requireArtifact(artifactId);
            long key = ArtifactEntries.globalId(artifact, version);
            VersionEntry entry = key == 0 ? null : cluster.versions.get(key);
            if (entry == null) {
                throw NotFoundException.version(artifactId, version);
            }
            Edit done = edit.apply(artifact, entry);
            cluster.versions.put(key, done.version());
            cluster.artifacts.put(artifactId, writes.showing(done.artifact(), done.version()));
            return Entries.stored(done.version());
        });
    }

    @Override
    public void delete(String artifactId, int version) {
        boolean artifactGone = transactions.write("deleting version " + version + " of '" + artifactId + "'", () -> {
            ArtifactEntry artifact = requireArtifact(artifactId);
            long key = ArtifactEntries.globalId(artifact, version);
            if (key == 0) {
                throw NotFoundException.version(artifactId, version);
            }
            if (isReferenced(artifactId, version)) {
                throw new ReferenceExistsException(artifactId, version);
            }
            cluster.versions.remove(key);
            if (artifact.versions().size() == 1) {
                cluster.artifacts.remove(artifactId);
                cluster.rules.remove(Keys.rules(RuleScope.artifact(artifactId)));
                return true;
            }
            ArtifactEntry after = ArtifactEntries.without(artifact, version);
            long shown = ArtifactEntries.globalId(after, ArtifactEntries.shown(after));
            cluster.artifacts.put(artifactId, ArtifactEntries.showing(after, cluster.versions.get(shown)));
            return false;
        });
        changes.accept(artifactGone ? new Change.ArtifactChanged(artifactId) : new Change.VersionsChanged(artifactId));
    }

    /** Whether a version of any state references this one. Read from the index, which commits see. */
    boolean isReferenced(String artifactId, int version) {
        return !referrers(artifactId, version).isEmpty();
    }

    private ArtifactEntry requireArtifact(String artifactId) {
        ArtifactEntry artifact = cluster.artifacts.get(artifactId);
        if (artifact == null) {
            throw NotFoundException.artifact(artifactId);
        }
        return artifact;
    }

    /** Several of the artifact's versions by number, in the order given, one request for them all. */
    List<StoredVersion> getAll(ArtifactEntry artifact, List<Integer> numbers) {
        return entries(artifact, numbers).stream().map(Entries::stored).toList();
    }

    /** The entries of several of the artifact's versions by number, in the order given, one request for them all. */
    List<VersionEntry> entries(ArtifactEntry artifact, List<Integer> numbers) {
        List<Long> globalIds = numbers.stream()
                .map(n -> ArtifactEntries.globalId(artifact, n))
                .filter(g -> g != 0)
                .toList();
        Map<Long, VersionEntry> found = cluster.versions.getAll(Set.copyOf(globalIds));
        return globalIds.stream().map(found::get).filter(Objects::nonNull).toList();
    }
}
