package io.stele.storage.forwarding;

import io.stele.storage.EditableMeta;
import io.stele.storage.ImportedVersion;
import io.stele.storage.StoredArtifact;
import io.stele.storage.StoredVersion;
import io.stele.storage.VersionDraft;
import io.stele.storage.VersionState;

/**
 * Forwards every call to {@link #delegate()}: the reads as {@link ForwardingVersionReads} does, and
 * the writes. See the package's javadoc.
 */
public abstract class ForwardingVersionStore extends ForwardingVersionReads {
    @Override
    public StoredVersion importVersion(ImportedVersion imported) {
        return delegate().importVersion(imported);
    }

    @Override
    public StoredArtifact add(VersionDraft draft) {
        return delegate().add(draft);
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
