package io.stele.storage;

import java.util.ArrayList;
import java.util.List;
import java.util.Optional;

/**
 * One storage backend: its lifecycle and the stores for each aggregate.
 *
 * <p>Lifecycle: {@link #start()} once, before any store is used; {@link #close()} once, at the end.
 * The stores may be called from many threads at once.
 */
public interface RegistryStorage extends AutoCloseable {

    /** The value of {@code stele.storage.kind} that selects this backend. */
    String kind();

    /**
     * Connects and prepares the backend (for example, migrates its schema).
     *
     * @throws StorageUnavailableException when the backend cannot be reached or prepared
     */
    void start();

    /** Whether the backend answers now. Cheap enough to call from a readiness probe. */
    boolean isReady();

    ArtifactStore artifacts();

    VersionStore versions();

    ContentStore contents();

    RuleStore rules();

    SearchStore search();

    TransferStore transfer();

    ChangeFeed changes();

    /**
     * The servable (ENABLED or DEPRECATED) latest version of each of the next artifacts in id order,
     * with its content: what a replica reads to fill its read cache before it takes requests. The
     * page covers the {@code page.limit()} artifacts whose ids come after {@code page.after()} (from
     * the first when empty); its offset must be 0. Each version is as of its own read, so a caller
     * that keeps them guards against changes reported meanwhile as it does for any read.
     *
     * <p>This default reads the page's ids, then each artifact's latest version and its content one
     * by one; a backend that can read them together overrides it.
     *
     * @throws StorageUnavailableException when the backend does not answer
     */
    default LatestPage latestVersions(PageRequest page) {
        LatestPage.requireByKey(page);
        List<String> ids = artifacts().ids(page);
        List<LatestPage.Latest> found = new ArrayList<>();
        for (String id : ids) {
            versions().latest(id).ifPresent(version -> contents()
                    .byContentId(version.contentId())
                    .ifPresent(content -> found.add(new LatestPage.Latest(version, content))));
        }
        return new LatestPage(found, ids.isEmpty() ? Optional.empty() : Optional.of(ids.get(ids.size() - 1)));
    }

    @Override
    void close();
}
