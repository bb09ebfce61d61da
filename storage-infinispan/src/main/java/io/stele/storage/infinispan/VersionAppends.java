package io.stele.storage.infinispan;

import io.stele.storage.ArtifactTypeMismatchException;
import io.stele.storage.NotFoundException;
import io.stele.storage.StorageUnavailableException;
import io.stele.storage.VersionDraft;
import io.stele.storage.VersionState;
import java.time.Duration;
import java.time.Instant;
import java.util.Map;

/**
 * Adds a version whose content references nothing to an artifact that exists, without a Hot Rod
 * transaction: the registry's most frequent write, made in the order that keeps it whole.
 *
 * <ol>
 *   <li>Read the artifact's entry with its version.
 *   <li>Claim a contentId if the content is new ({@link VersionWrites#claimContent}) and take a
 *       globalId.
 *   <li>Write the version's entry under its globalId, with the new content in the same request. No
 *       other write uses that key, so this entry is the writer's own; it is not yet a version,
 *       because the artifact's entry does not list it.
 *   <li>Replace the artifact's entry, listing the version under the next number, if the entry is
 *       still the one read (compare-and-set). This one write makes the version exist: everything it
 *       points to is already there.
 * </ol>
 *
 * <p>When another write changed the artifact's entry first, the compare-and-set fails and the
 * append runs steps 3 and 4 again on the entry as it is now, with the same content and globalId:
 * version numbers stay consecutive, and the entry names one globalId per number. When the artifact's
 * entry lists this globalId even though the compare-and-set failed, the client had retried, after a
 * server failed, a replacement that server had applied: the append is done. The globalId is the
 * token that tells the two apart.
 *
 * <p>A registry stopped between steps 3 and 4 leaves a version entry that no artifact lists. Every
 * read goes through the artifact's entry or checks it ({@link ArtifactEntries#lists}), so such an
 * entry is never served; an append that gives up removes its own. Each of its requests touches one
 * key (seven for a version with new content), where a transaction costs a prepare and a commit that
 * each look the transaction up among all those the servers hold (ADR 0025).
 */
final class VersionAppends {

    private final Cluster cluster;
    private final VersionWrites writes;
    private final Duration timeout;
    private final InfinispanChangeFeed feed;
    private final Runnable beforeCompareAndSet;

    VersionAppends(Cluster cluster, VersionWrites writes, Duration timeout, InfinispanChangeFeed feed) {
        this(cluster, writes, timeout, feed, () -> {});
    }

    /** @param beforeCompareAndSet runs before each compare-and-set: where a test makes another write */
    VersionAppends(
            Cluster cluster,
            VersionWrites writes,
            Duration timeout,
            InfinispanChangeFeed feed,
            Runnable beforeCompareAndSet) {
        this.cluster = cluster;
        this.writes = writes;
        this.timeout = timeout;
        this.feed = feed;
        this.beforeCompareAndSet = beforeCompareAndSet;
    }

    /** Whether an append can store this draft: a version that references others needs a transaction. */
    static boolean appendable(VersionDraft draft) {
        return draft.content().references().isEmpty();
    }

    /**
     * Adds the draft as the artifact's next version.
     *
     * @throws NotFoundException when the artifact does not exist, or is deleted meanwhile
     * @throws ArtifactTypeMismatchException when the draft's type is not the artifact's
     * @throws StorageUnavailableException when the servers fail, or the entry keeps changing under
     *     the append for the transaction timeout
     */
    VersionWrites.Stored append(VersionDraft draft) {
        if (!appendable(draft)) {
            throw new IllegalArgumentException("A version with references is added in a transaction");
        }
        String id = draft.artifactId();
        long deadline = System.nanoTime() + timeout.toNanos();
        Region.Versioned<ArtifactEntry> read = cluster.artifacts.getVersioned(id);
        if (read == null) {
            throw NotFoundException.artifact(id);
        }
        VersionWrites.requireType(read.value(), draft.type());
        VersionWrites.ContentClaim content = writes.claimContent(draft.content());
        long contentId = content.id();
        Instant now = Instant.now();
        long globalId = writes.next(cluster.globalIds);
        int number = read.value().lastVersion() + 1;
        int written = 0; // the number the entry under globalId holds; none yet
        while (true) {
            VersionEntry entry = VersionWrites.entry(draft, number, globalId, contentId, now);
            if (written == 0 && content.unwritten() != null) {
                // the new content and the version's entry in one request
                cluster.putAll(Map.of(
                        cluster.contents.key(contentId), content.unwritten(), cluster.versions.key(globalId), entry));
                written = number;
            } else if (number != written) {
                cluster.versions.put(globalId, entry); // the key is this append's own
                written = number;
            }
            ArtifactEntry after = ArtifactEntries.showing(
                    ArtifactEntries.withVersion(
                            read.value(), number, globalId, VersionState.ENABLED, draft.canonicalHash()),
                    entry);
            if (replaced(id, after, read.version())) {
                return new VersionWrites.Stored(Entries.stored(entry), after);
            }
            read = reread(id, draft, globalId);
            if (ArtifactEntries.lists(read.value(), entry)) {
                return new VersionWrites.Stored(Entries.stored(entry), read.value()); // applied by a retried request
            }
            if (System.nanoTime() > deadline) {
                cluster.versions.remove(globalId);
                throw new StorageUnavailableException(
                        "Infinispan: adding a version to '" + id
                                + "' kept conflicting with other writes for " + timeout.toSeconds()
                                + " s (stele.storage.infinispan.transaction-timeout)",
                        null);
            }
            number = read.value().lastVersion() + 1;
        }
    }

    /**
     * Replaces the artifact's entry if it is still at {@code version}, expecting the servers' event
     * for the write as its echo, which the feed then does not report again (the caller reports the
     * append itself).
     */
    private boolean replaced(String id, ArtifactEntry after, long version) {
        beforeCompareAndSet.run();
        feed.expectEcho(id);
        boolean replaced = false;
        try {
            replaced = cluster.artifacts.replace(id, after, version);
            return replaced;
        } finally {
            if (!replaced) {
                feed.noEcho(id);
            }
        }
    }

    /**
     * The artifact's entry again after a lost compare-and-set. When the artifact is gone, or was
     * deleted and created again with another type, removes the version entry this append wrote
     * under {@code globalId} (no artifact lists it) and fails as a first read would.
     */
    private Region.Versioned<ArtifactEntry> reread(String id, VersionDraft draft, long globalId) {
        Region.Versioned<ArtifactEntry> read = cluster.artifacts.getVersioned(id);
        try {
            if (read == null) {
                throw NotFoundException.artifact(id);
            }
            VersionWrites.requireType(read.value(), draft.type());
            return read;
        } catch (NotFoundException | ArtifactTypeMismatchException refused) {
            cluster.versions.remove(globalId);
            throw refused;
        }
    }
}
