package io.stele.storage.infinispan;

import io.stele.storage.ArtifactType;
import io.stele.storage.ArtifactTypeMismatchException;
import io.stele.storage.ConflictException;
import io.stele.storage.Content;
import io.stele.storage.MissingReferenceException;
import io.stele.storage.SchemaReference;
import io.stele.storage.StoredVersion;
import io.stele.storage.VersionDraft;
import io.stele.storage.VersionState;
import java.time.Instant;
import org.infinispan.counter.api.StrongCounter;

/**
 * What every write that stores a version does inside its transaction: checks what the content
 * references, stores the content once per distinct identity, takes a globalId, and writes the
 * version, its globalId's pointer and the artifact's entry. The caller commits.
 */
final class VersionWrites {

    private final Cluster cluster;

    VersionWrites(Cluster cluster) {
        this.cluster = cluster;
    }

    /** A version stored, with its artifact's entry after it. */
    record Stored(StoredVersion version, ArtifactEntry artifact) {}

    /**
     * Stores version {@code number} of the artifact whose entry is {@code artifact}.
     *
     * @param contentId the id the content must keep (an import), or 0 to find or allocate one
     */
    Stored store(ArtifactEntry artifact, VersionDraft draft, int number, long contentId, Instant now) {
        for (SchemaReference reference : draft.content().references()) {
            requireReferenceable(artifact, reference);
        }
        long content = contentId == 0 ? contentIdOf(draft.content()) : importContent(draft.content(), contentId);
        long globalId = next(cluster.globalIds);
        StoredVersion version = new StoredVersion(
                draft.artifactId(),
                number,
                globalId,
                content,
                draft.type(),
                VersionState.ENABLED,
                draft.meta(),
                draft.createdBy(),
                now,
                draft.createdBy(),
                now);
        VersionEntry entry =
                Entries.entry(version, draft.canonicalHash(), draft.content().references());
        cluster.versions.put(Keys.version(draft.artifactId(), number), entry);
        cluster.keys.put(Keys.globalId(globalId), new Pointer(draft.artifactId(), number, content));
        ArtifactEntry after =
                ArtifactEntries.withVersion(artifact, number, VersionState.ENABLED, draft.canonicalHash());
        after = showing(after, entry);
        cluster.artifacts.put(draft.artifactId(), after);
        return new Stored(version, after);
    }

    /**
     * The entry with the search fields of the version it now shows: {@code changed} when that is the
     * one, else read in the transaction.
     */
    ArtifactEntry showing(ArtifactEntry artifact, VersionEntry changed) {
        int shown = ArtifactEntries.shown(artifact);
        VersionEntry entry =
                shown == changed.version() ? changed : cluster.versions.get(Keys.version(artifact.id(), shown));
        return ArtifactEntries.showing(artifact, entry);
    }

    /**
     * Checks that a referenced version exists and is not deleted, and rewrites its artifact's entry
     * unchanged, so that a concurrent deletion of it, which rewrites that entry too, conflicts with
     * this write at commit and one of the two runs again on what the other left.
     */
    private void requireReferenceable(ArtifactEntry writing, SchemaReference reference) {
        boolean self = reference.artifactId().equals(writing.id());
        ArtifactEntry target = self ? writing : cluster.artifacts.get(reference.artifactId());
        if (target == null
                || !ArtifactEntries.has(target, reference.version())
                || ArtifactEntries.state(target, reference.version()) == VersionState.DELETED) {
            throw new MissingReferenceException(reference);
        }
        if (!self) {
            cluster.artifacts.put(target.id(), target);
        }
    }

    /** The id of this content: the one it is stored under, else a new one, storing it. */
    private long contentIdOf(Content content) {
        Pointer stored = cluster.keys.get(Keys.contentHash(content.sha256()));
        if (stored != null) {
            return stored.contentId();
        }
        long id = next(cluster.contentIds);
        cluster.contents.put(id, Entries.entry(content));
        cluster.keys.put(Keys.contentHash(content.sha256()), new Pointer(null, 0, id));
        return id;
    }

    /** Keeps content under the id another registry gave it, or finds it stored there already. */
    long importContent(Content content, long contentId) {
        Pointer stored = cluster.keys.get(Keys.contentHash(content.sha256()));
        if (stored != null) {
            if (stored.contentId() != contentId) {
                throw new ConflictException(
                        "This content is stored as schema id " + stored.contentId() + ", not " + contentId + ".");
            }
            return contentId;
        }
        ContentEntry there = cluster.contents.get(contentId);
        if (there != null) {
            throw new ConflictException("Schema id " + contentId + " holds other content.");
        }
        cluster.contents.put(contentId, Entries.entry(content));
        cluster.keys.put(Keys.contentHash(content.sha256()), new Pointer(null, 0, contentId));
        movePast(cluster.contentIds, contentId);
        return contentId;
    }

    /** Checks that a version may join an artifact of this type. */
    static void requireType(ArtifactEntry artifact, ArtifactType type) {
        ArtifactType artifactType = ArtifactType.valueOf(artifact.type());
        if (artifactType != type) {
            throw new ArtifactTypeMismatchException(artifact.id(), artifactType, type);
        }
    }

    /** The counter's next value, waiting for the servers no longer than one request may. */
    long next(StrongCounter counter) {
        return cluster.deadline.await(counter.incrementAndGet(), "allocating an id");
    }

    /** Moves a counter to at least {@code value}, so that it never gives an id already kept. */
    void movePast(StrongCounter counter, long value) {
        String what = "moving id allocation past " + value;
        long current = cluster.deadline.await(counter.getValue(), what);
        while (current < value) {
            long witnessed = cluster.deadline.await(counter.compareAndSwap(current, value), what);
            if (witnessed == current) {
                return;
            }
            current = witnessed;
        }
    }
}
