package io.stele.storage;

import java.util.function.Consumer;

/**
 * Reports changes to the data of a backend, made through this node or, where the backend can tell,
 * through other nodes.
 *
 * <p>A change made through this node is reported before the write method returns. Listeners are
 * called on the thread that observed the change; they must be quick and must not throw.
 */
public interface ChangeFeed {

    /**
     * Registers a listener.
     *
     * @return closing it unregisters the listener
     */
    AutoCloseable subscribe(Consumer<Change> listener);
}
