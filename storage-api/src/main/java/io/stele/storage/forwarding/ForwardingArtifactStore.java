package io.stele.storage.forwarding;

import io.stele.storage.StoredVersion;
import io.stele.storage.VersionDraft;

/**
 * Forwards every call to {@link #delegate()}: the reads as {@link ForwardingArtifactReads} does, and
 * the writes. See the package's javadoc.
 */
public abstract class ForwardingArtifactStore extends ForwardingArtifactReads {
    @Override
    public StoredVersion create(VersionDraft draft) {
        return delegate().create(draft);
    }

    @Override
    public void delete(String artifactId) {
        delegate().delete(artifactId);
    }
}
