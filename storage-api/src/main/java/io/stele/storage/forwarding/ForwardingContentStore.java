package io.stele.storage.forwarding;

import io.stele.storage.ContentStore;
import io.stele.storage.StoredContent;
import java.util.Optional;

/** Forwards every call to {@link #delegate()}; see the package's javadoc. */
public abstract class ForwardingContentStore implements ContentStore {

    protected abstract ContentStore delegate();

    @Override
    public Optional<StoredContent> byContentId(long contentId) {
        return delegate().byContentId(contentId);
    }

    @Override
    public Optional<StoredContent> byGlobalId(long globalId) {
        return delegate().byGlobalId(globalId);
    }

    @Override
    public Optional<StoredContent> byIdentity(String sha256) {
        return delegate().byIdentity(sha256);
    }
}
