package io.stele.storage.forwarding;

import io.stele.storage.ArtifactStore;
import io.stele.storage.ChangeFeed;
import io.stele.storage.ContentStore;
import io.stele.storage.LatestPage;
import io.stele.storage.PageRequest;
import io.stele.storage.RegistryStorage;
import io.stele.storage.RuleStore;
import io.stele.storage.SearchStore;
import io.stele.storage.TransferStore;
import io.stele.storage.VersionStore;

/** A backend that forwards its lifecycle and its stores to another; see the package's javadoc. */
public abstract class ForwardingStorage implements RegistryStorage {

    protected abstract RegistryStorage delegate();

    @Override
    public String kind() {
        return delegate().kind();
    }

    @Override
    public void start() {
        delegate().start();
    }

    @Override
    public boolean isReady() {
        return delegate().isReady();
    }

    @Override
    public ArtifactStore artifacts() {
        return delegate().artifacts();
    }

    @Override
    public VersionStore versions() {
        return delegate().versions();
    }

    @Override
    public ContentStore contents() {
        return delegate().contents();
    }

    @Override
    public RuleStore rules() {
        return delegate().rules();
    }

    @Override
    public SearchStore search() {
        return delegate().search();
    }

    @Override
    public TransferStore transfer() {
        return delegate().transfer();
    }

    @Override
    public ChangeFeed changes() {
        return delegate().changes();
    }

    @Override
    public LatestPage latestVersions(PageRequest page) {
        return delegate().latestVersions(page);
    }

    @Override
    public void close() {
        delegate().close();
    }
}
