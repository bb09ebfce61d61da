package io.stele.storage.forwarding;

import io.stele.storage.ArtifactStore;
import io.stele.storage.PageRequest;
import io.stele.storage.StoredArtifact;
import io.stele.storage.StoredVersion;
import io.stele.storage.VersionDraft;
import java.util.List;
import java.util.Optional;

/** Forwards every call to {@link #delegate()}; see the package's javadoc. */
public abstract class ForwardingArtifactStore implements ArtifactStore {

    protected abstract ArtifactStore delegate();

    @Override
    public StoredVersion create(VersionDraft draft) {
        return delegate().create(draft);
    }

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

    @Override
    public void delete(String artifactId) {
        delegate().delete(artifactId);
    }
}
