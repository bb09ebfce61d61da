package io.stele.storage.testkit.backends;

import java.util.List;

/**
 * A look at what a store's server does on its own, beside answering the registry: upkeep that
 * competes with the registry for the machine and may show as a stall in a benchmark. Opened by
 * {@link Store#activity()}; not thread-safe.
 */
public interface ServerActivity extends AutoCloseable {

    /** For backends with nothing to report: always sees nothing. */
    ServerActivity NONE = new ServerActivity() {
        @Override
        public List<String> now() {
            return List.of();
        }

        @Override
        public void close() {}
    };

    /**
     * The server's own work under way at this moment, each in a few words ({@code "checkpoint"},
     * {@code "autovacuum: VACUUM public.versions"}); empty when it does none.
     *
     * @throws IllegalStateException when the server cannot be asked
     */
    List<String> now();

    @Override
    void close();
}
