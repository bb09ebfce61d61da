package io.stele.storage.sql;

import io.stele.storage.Change;
import io.stele.storage.ChangeFeed;
import java.util.List;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.function.Consumer;
import org.jboss.logging.Logger;

/**
 * Changes of a SQL backend: delivered to this node's listeners after each write, and, where the
 * database can tell of them, those made by other nodes on the same database.
 */
final class SqlChangeFeed implements ChangeFeed {

    private static final Logger LOG = Logger.getLogger(SqlChangeFeed.class);

    /** How a database tells of changes made by other nodes; a no-op where only one node can run. */
    interface Signal extends AutoCloseable {

        Signal NONE = new Signal() {
            @Override
            public void committed(Change change) {}

            @Override
            public void listen(SqlChangeFeed feed) {}

            @Override
            public void close() {}
        };

        /** Tells other nodes, where the database does not, of a change this node committed. */
        void committed(Change change);

        /** Starts delivering other nodes' changes to the feed. */
        void listen(SqlChangeFeed feed);

        @Override
        void close();
    }

    private final List<Consumer<Change>> listeners = new CopyOnWriteArrayList<>();
    private final Signal signal;

    SqlChangeFeed(Signal signal) {
        this.signal = signal;
    }

    @Override
    public AutoCloseable subscribe(Consumer<Change> listener) {
        listeners.add(listener);
        return () -> listeners.remove(listener);
    }

    /**
     * Runs a write in one transaction, then tells this node's listeners. They are told even when the
     * write fails: dropping a cache entry that was still valid costs one read, keeping one that went
     * stale would be wrong.
     */
    <T> T write(Jdbc jdbc, Change change, Jdbc.Work<T> work) {
        try {
            T result = jdbc.inTransaction(work);
            signal.committed(change);
            return result;
        } finally {
            publish(change);
        }
    }

    /** Starts hearing other nodes' changes, where the database can tell of them. */
    void listen() {
        signal.listen(this);
    }

    void close() {
        signal.close();
    }

    /** Tells this node's listeners of a change. */
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
