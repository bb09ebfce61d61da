package io.stele.storage.forwarding;

import io.stele.storage.ArtifactStore;
import io.stele.storage.PageRequest;
import io.stele.storage.StoredArtifact;
import java.util.List;
import java.util.Optional;

/**
 * Forwards every read of a {@link ArtifactStore} to {@link #delegate()} and leaves its writes abstract:
 * the base of a guard, which must then decide each write, including any the SPI gains later (the
 * compiler asks). See the package's javadoc.
 */
public abstract class ForwardingArtifactReads implements ArtifactStore {

    protected abstract ArtifactStore delegate();

    @Override
    public Optional<StoredArtifact> get(String artifactId) {
        return delegate().get(artifactId);
    }

    @Override
    public List<String> ids(PageRequest page) {
        return delegate().ids(page);
    }

    @Override
    public List<String> liveIds(PageRequest page) {
        return delegate().liveIds(page);
    }

    @Override
    public long count() {
        return delegate().count();
    }

    @Override
    public long estimatedCount() {
        return delegate().estimatedCount();
    }
}
