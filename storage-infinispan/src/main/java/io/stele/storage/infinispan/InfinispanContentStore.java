package io.stele.storage.infinispan;

import io.stele.storage.ContentStore;
import io.stele.storage.StoredContent;
import java.util.Optional;

/** Content by its id, and by a globalId through that globalId's pointer. */
final class InfinispanContentStore implements ContentStore {

    private final Cluster cluster;

    InfinispanContentStore(Cluster cluster) {
        this.cluster = cluster;
    }

    @Override
    public Optional<StoredContent> byContentId(long contentId) {
        return Optional.ofNullable(cluster.contents.get(contentId)).map(e -> Entries.stored(contentId, e));
    }

    @Override
    public Optional<StoredContent> byGlobalId(long globalId) {
        Pointer pointer = cluster.keys.get(Keys.globalId(globalId));
        return pointer == null ? Optional.empty() : byContentId(pointer.contentId());
    }
}
