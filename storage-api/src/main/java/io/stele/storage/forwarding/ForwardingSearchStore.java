package io.stele.storage.forwarding;

import io.stele.storage.ArtifactQuery;
import io.stele.storage.Page;
import io.stele.storage.PageRequest;
import io.stele.storage.SearchStore;
import io.stele.storage.StoredArtifact;
import io.stele.storage.StoredVersion;

/** Forwards every call to {@link #delegate()}; see the package's javadoc. */
public abstract class ForwardingSearchStore implements SearchStore {

    protected abstract SearchStore delegate();

    @Override
    public Page<StoredArtifact> artifacts(ArtifactQuery query) {
        return delegate().artifacts(query);
    }

    @Override
    public Page<StoredVersion> versions(String artifactId, PageRequest page) {
        return delegate().versions(artifactId, page);
    }
}
