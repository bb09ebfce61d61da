package io.stele.storage.infinispan;

import io.stele.storage.ContentStore;
import io.stele.storage.StoredContent;
import java.util.Optional;

/**
 * Content by its id, by a globalId through the version it is of, and by its identity hash through
 * the pointer each new content is stored with.
 */
final class InfinispanContentStore implements ContentStore {

    private final Cluster cluster;
    private final InfinispanVersionStore versions;

    InfinispanContentStore(Cluster cluster, InfinispanVersionStore versions) {
        this.cluster = cluster;
        this.versions = versions;
    }

    @Override
    public Optional<StoredContent> byContentId(long contentId) {
        return Optional.ofNullable(cluster.contents.get(contentId)).map(e -> Entries.stored(contentId, e));
    }

    @Override
    public Optional<StoredContent> byGlobalId(long globalId) {
        return versions.byGlobalId(globalId).flatMap(v -> byContentId(v.contentId()));
    }

    @Override
    public Optional<StoredContent> byIdentity(String sha256) {
        return Optional.ofNullable(cluster.keys.get(Keys.contentHash(sha256))).flatMap(p -> byContentId(p.contentId()));
    }
}
