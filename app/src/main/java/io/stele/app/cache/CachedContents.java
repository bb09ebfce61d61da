package io.stele.app.cache;

import io.stele.storage.ContentStore;
import io.stele.storage.StoredContent;
import io.stele.storage.forwarding.ForwardingContentStore;
import java.util.Optional;

/** Content through the read cache: content never changes, so an entry is kept until it is evicted. */
final class CachedContents extends ForwardingContentStore {

    private final CachingStorage cache;

    CachedContents(CachingStorage cache) {
        this.cache = cache;
    }

    @Override
    protected ContentStore delegate() {
        return cache.delegate().contents();
    }

    @Override
    public Optional<StoredContent> byContentId(long contentId) {
        StoredContent cached = cache.contentCache().asMap().get(contentId);
        if (cached != null) {
            return Optional.of(cached);
        }
        Optional<StoredContent> loaded = super.byContentId(contentId);
        loaded.ifPresent(c -> cache.contentCache().put(contentId, c));
        return loaded;
    }

    /** Asks the backend, whose index knows every content stored; what it finds is cached by id. */
    @Override
    public Optional<StoredContent> byIdentity(String sha256) {
        Optional<StoredContent> loaded = super.byIdentity(sha256);
        loaded.ifPresent(c -> cache.contentCache().put(c.contentId(), c));
        return loaded;
    }

    @Override
    public Optional<StoredContent> byGlobalId(long globalId) {
        return cache.versions().byGlobalId(globalId).flatMap(v -> byContentId(v.contentId()));
    }
}
