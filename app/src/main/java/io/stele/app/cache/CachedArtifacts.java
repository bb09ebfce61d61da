package io.stele.app.cache;

import io.stele.storage.ArtifactStore;
import io.stele.storage.StoredVersion;
import io.stele.storage.VersionDraft;
import io.stele.storage.forwarding.ForwardingArtifactStore;

/** Artifacts through the read cache: a new artifact's first version is cached as its latest, with no rules. */
final class CachedArtifacts extends ForwardingArtifactStore {

    private final CachingStorage cache;

    CachedArtifacts(CachingStorage cache) {
        this.cache = cache;
    }

    @Override
    protected ArtifactStore delegate() {
        return cache.delegate().artifacts();
    }

    @Override
    public StoredVersion create(VersionDraft draft) {
        return cache.addingVersion(draft.artifactId(), () -> super.create(draft), created -> created);
    }
}
