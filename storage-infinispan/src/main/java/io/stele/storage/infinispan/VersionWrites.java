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
 * What every write that stores a version in a transaction does: checks what the content references,
 * stores the content once per distinct identity, takes a globalId, and writes the version's entry
 * and the artifact's entry. The caller commits. Also what those writes share with {@link
 * VersionAppends}, which writes without a transaction.
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
        VersionEntry entry = entry(draft, number, globalId, content, now);
        StoredVersion version = Entries.stored(entry);
        cluster.versions.put(globalId, entry);
        ArtifactEntry after =
                ArtifactEntries.withVersion(artifact, number, globalId, VersionState.ENABLED, draft.canonicalHash());
        after = showing(after, entry);
        cluster.artifacts.put(draft.artifactId(), after);
        return new Stored(version, after);
    }

    /** The entry of a new, enabled version made from a draft. */
    static VersionEntry entry(VersionDraft draft, int number, long globalId, long contentId, Instant now) {
        StoredVersion version = draft.asVersion(number, globalId, contentId, now);
        return Entries.entry(version, draft.canonicalHash(), draft.content().references());
    }

    /**
     * The entry with the search fields of the version it now shows: {@code changed} when that is the
     * one, else read in the transaction.
     */
    ArtifactEntry showing(ArtifactEntry artifact, VersionEntry changed) {
        int shown = ArtifactEntries.shown(artifact);
        VersionEntry entry =
                shown == changed.version() ? changed : cluster.versions.get(ArtifactEntries.globalId(artifact, shown));
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

    /** In a transaction: the id of this content, the one it is stored under, else a new one, storing it. */
    private long contentIdOf(Content content) {
        Pointer stored = cluster.keys.get(Keys.contentHash(content.sha256()));
        if (stored != null) {
            return ensureStored(stored.contentId(), content);
        }
        long id = next(cluster.contentIds);
        cluster.contents.put(id, Entries.entry(content));
        cluster.keys.put(Keys.contentHash(content.sha256()), new Pointer(id));
        return id;
    }

    /** A content's id, and its entry when the caller claimed the id and must still write it there. */
    record ContentClaim(long id, ContentEntry unwritten) {}

    /**
     * Outside a transaction: the id of this content, as {@link #contentIdOf}. A new id is claimed by
     * writing the pointer to it if absent; the caller then writes the content, before anything that
     * uses it. Whoever finds the pointer and not yet the content (its writer is between the two, or
     * stopped there) writes the content too, from the same bytes.
     */
    ContentClaim claimContent(Content content) {
        String hash = Keys.contentHash(content.sha256());
        Pointer stored = cluster.keys.get(hash);
        if (stored != null) {
            return new ContentClaim(ensureStored(stored.contentId(), content), null);
        }
        long id = next(cluster.contentIds);
        Pointer winner = cluster.keys.putIfAbsent(hash, new Pointer(id));
        if (winner != null && winner.contentId() != id) {
            return new ContentClaim(ensureStored(winner.contentId(), content), null);
        }
        return new ContentClaim(id, Entries.entry(content));
    }

    /** Writes this content under its id unless it is there: the id's pointer is written first. */
    private long ensureStored(long contentId, Content content) {
        if (cluster.contents.get(contentId) == null) {
            cluster.contents.put(contentId, Entries.entry(content));
        }
        return contentId;
    }

    /** Keeps content under the id another registry gave it, or finds it stored there already. */
    long importContent(Content content, long contentId) {
        Pointer stored = cluster.keys.get(Keys.contentHash(content.sha256()));
        if (stored != null) {
            if (stored.contentId() != contentId) {
                throw new ConflictException(
                        "This content is stored as schema id " + stored.contentId() + ", not " + contentId + ".");
            }
            return ensureStored(contentId, content);
        }
        ContentEntry there = cluster.contents.get(contentId);
        if (there != null) {
            throw new ConflictException("Schema id " + contentId + " holds other content.");
        }
        cluster.contents.put(contentId, Entries.entry(content));
        cluster.keys.put(Keys.contentHash(content.sha256()), new Pointer(contentId));
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
