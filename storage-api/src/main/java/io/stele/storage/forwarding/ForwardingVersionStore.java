package io.stele.storage.forwarding;

import io.stele.storage.EditableMeta;
import io.stele.storage.ImportedVersion;
import io.stele.storage.StoredArtifact;
import io.stele.storage.StoredVersion;
import io.stele.storage.VersionDraft;
import io.stele.storage.VersionState;
import io.stele.storage.VersionStore;
import java.util.List;
import java.util.Optional;

/** Forwards every call to {@link #delegate()}; see the package's javadoc. */
public abstract class ForwardingVersionStore implements VersionStore {

    protected abstract VersionStore delegate();

    @Override
    public StoredVersion importVersion(ImportedVersion imported) {
        return delegate().importVersion(imported);
    }

    @Override
    public StoredArtifact add(VersionDraft draft) {
        return delegate().add(draft);
    }

    @Override
    public Optional<StoredVersion> latest(String artifactId) {
        return delegate().latest(artifactId);
    }

    @Override
    public Optional<StoredVersion> get(String artifactId, int version) {
        return delegate().get(artifactId, version);
    }

    @Override
    public Optional<StoredVersion> byGlobalId(long globalId) {
        return delegate().byGlobalId(globalId);
    }

    @Override
    public List<StoredVersion> byContentId(long contentId) {
        return delegate().byContentId(contentId);
    }

    @Override
    public List<StoredVersion> referrers(String artifactId, int version) {
        return delegate().referrers(artifactId, version);
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
    public List<Integer> list(String artifactId) {
        return delegate().list(artifactId);
    }

    @Override
    public Optional<StoredVersion> findByCanonicalHash(String artifactId, String canonicalHash) {
        return delegate().findByCanonicalHash(artifactId, canonicalHash);
    }

    @Override
    public StoredVersion updateMeta(String artifactId, int version, EditableMeta meta, String modifiedBy) {
        return delegate().updateMeta(artifactId, version, meta, modifiedBy);
    }

    @Override
    public StoredVersion updateState(String artifactId, int version, VersionState state, String modifiedBy) {
        return delegate().updateState(artifactId, version, state, modifiedBy);
    }

    @Override
    public void delete(String artifactId, int version) {
        delegate().delete(artifactId, version);
    }
}
