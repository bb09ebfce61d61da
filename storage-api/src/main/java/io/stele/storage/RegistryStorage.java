package io.stele.storage;

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

    @Override
    void close();
}
