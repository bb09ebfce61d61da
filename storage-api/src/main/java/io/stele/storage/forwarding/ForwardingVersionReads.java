package io.stele.storage.forwarding;

import io.stele.storage.StoredVersion;
import io.stele.storage.VersionStore;
import java.util.List;
import java.util.Optional;

/**
 * Forwards every read of a {@link VersionStore} to {@link #delegate()} and leaves its writes abstract:
 * the base of a guard, which must then decide each write, including any the SPI gains later (the
 * compiler asks). See the package's javadoc.
 */
public abstract class ForwardingVersionReads implements VersionStore {

    protected abstract VersionStore delegate();

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
}
