package io.stele.storage.sql;

import io.stele.storage.Change;
import io.stele.storage.ChangeFeed;
import java.util.List;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.function.Consumer;
import org.jboss.logging.Logger;

/** Delivers changes to the listeners registered on this node. */
final class LocalChangeFeed implements ChangeFeed {

    private static final Logger LOG = Logger.getLogger(LocalChangeFeed.class);

    private final List<Consumer<Change>> listeners = new CopyOnWriteArrayList<>();

    @Override
    public AutoCloseable subscribe(Consumer<Change> listener) {
        listeners.add(listener);
        return () -> listeners.remove(listener);
    }

    void publish(Change change) {
        for (Consumer<Change> listener : listeners) {
            try {
                listener.accept(change);
            } catch (RuntimeException e) {
                LOG.warnf(e, "A change listener failed on %s", change);
            }
        }
    }
}
