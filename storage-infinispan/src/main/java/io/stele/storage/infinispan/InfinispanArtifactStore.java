package io.stele.storage.infinispan;

import io.stele.storage.AlreadyExistsException;
import io.stele.storage.ArtifactStore;
import io.stele.storage.Change;
import io.stele.storage.NotFoundException;
import io.stele.storage.PageRequest;
import io.stele.storage.ReferenceExistsException;
import io.stele.storage.RuleScope;
import io.stele.storage.StoredArtifact;
import io.stele.storage.StoredVersion;
import io.stele.storage.VersionDraft;
import java.time.Instant;
import java.util.List;
import java.util.Optional;
import java.util.function.Consumer;
import org.infinispan.commons.api.query.Query;

/** Artifacts: their entries by id, and their ids in order from the index. */
final class InfinispanArtifactStore implements ArtifactStore {

    private final Cluster cluster;
    private final Transactions transactions;
    private final VersionWrites writes;
    private final InfinispanVersionStore versions;
    private final Consumer<Change> changes;

    InfinispanArtifactStore(
            Cluster cluster,
            Transactions transactions,
            VersionWrites writes,
            InfinispanVersionStore versions,
            Consumer<Change> changes) {
        this.cluster = cluster;
        this.transactions = transactions;
        this.writes = writes;
        this.versions = versions;
        this.changes = changes;
    }

    @Override
    public StoredVersion create(VersionDraft draft) {
        String id = draft.artifactId();
        StoredVersion created = transactions.write("creating artifact '" + id + "'", () -> {
            if (cluster.artifacts.get(id) != null) {
                throw AlreadyExistsException.artifact(id);
            }
            Instant now = Instant.now();
            ArtifactEntry artifact =
                    ArtifactEntries.created(id, draft.type().name(), draft.createdBy(), now.toString());
            return writes.store(artifact, draft, 1, 0, now).version();
        });
        changes.accept(new Change.ArtifactChanged(id));
        return created;
    }

    @Override
    public Optional<StoredArtifact> get(String artifactId) {
        // The artifact's entry and its shown version are two reads: a write between them may move or
        // remove that version, in which case the entry is read again.
        for (int attempt = 0; attempt < 5; attempt++) {
            ArtifactEntry artifact = cluster.artifacts.get(artifactId);
            if (artifact == null) {
                return Optional.empty();
            }
            Optional<StoredVersion> shown = versions.get(artifactId, artifact.shown());
            if (shown.isPresent()) {
                return Optional.of(new StoredArtifact(
                        artifactId, artifact.createdBy(), Instant.parse(artifact.createdOn()), shown.get()));
            }
        }
        return Optional.empty();
    }

    @Override
    public List<String> ids(PageRequest page) {
        return ids(page, "");
    }

    @Override
    public List<String> liveIds(PageRequest page) {
        return ids(page, "a.live = true");
    }

    private List<String> ids(PageRequest page, String filter) {
        StringBuilder where = new StringBuilder(filter);
        if (page.after().isPresent()) {
            where.append(where.isEmpty() ? "" : " AND ").append("a.id > :after");
        }
        Query<Object[]> query = cluster.artifacts.query("SELECT a.id FROM stele.ArtifactEntry a"
                + (where.isEmpty() ? "" : " WHERE " + where) + " ORDER BY a.id");
        page.after().ifPresent(after -> query.setParameter("after", after));
        query.startOffset(page.offset());
        query.maxResults(page.limit());
        return cluster.artifacts.run(query, "listing artifacts").list().stream()
                .map(row -> (String) row[0])
                .toList();
    }

    @Override
    public long count() {
        return Queries.count(cluster.artifacts, "stele.ArtifactEntry");
    }

    @Override
    public void delete(String artifactId) {
        transactions.write("deleting artifact '" + artifactId + "'", () -> {
            ArtifactEntry artifact = cluster.artifacts.get(artifactId);
            if (artifact == null) {
                throw NotFoundException.artifact(artifactId);
            }
            for (int version : artifact.versions()) {
                for (StoredVersion referrer : versions.referrers(artifactId, version)) {
                    if (!referrer.artifactId().equals(artifactId)) {
                        throw new ReferenceExistsException(artifactId, version);
                    }
                }
            }
            for (long globalId : artifact.globalIds()) {
                cluster.versions.remove(globalId);
            }
            cluster.rules.remove(Keys.rules(RuleScope.artifact(artifactId)));
            cluster.artifacts.remove(artifactId);
            return null;
        });
        changes.accept(new Change.ArtifactChanged(artifactId));
    }
}
