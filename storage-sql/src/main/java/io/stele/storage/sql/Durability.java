package io.stele.storage.sql;

import io.stele.storage.StorageException;
import java.sql.Connection;
import java.sql.SQLException;

/**
 * When a commit may be acknowledged: {@link Jdbc} commits through this, and hands nothing on (no
 * answer to a write, no row a read found) before it says that what was committed will survive the
 * process being killed.
 *
 * <p>Called from any number of worker threads at once; never from an event loop, since the calls
 * may wait.
 */
interface Durability {

    /**
     * The database writes each commit before its commit call returns: PostgreSQL with
     * {@code synchronous_commit=on}, and a replica's local state, which its log makes durable.
     */
    Durability AT_COMMIT = new Durability() {
        @Override
        public Written commit(Connection connection) throws SQLException {
            connection.commit();
            return () -> {};
        }

        @Override
        public void awaitReadWritten() {}
    };

    /**
     * Commits the connection's transaction. If the commit throws, nothing is left to await.
     *
     * @return what to await, after the connection went back to its pool, before the write is
     *     acknowledged
     */
    Written commit(Connection connection) throws SQLException;

    /**
     * Returns once everything a read that has just finished could have seen is as durable as an
     * acknowledged write, so that no caller learns of a write that a kill could still take back.
     *
     * @throws StorageException when it cannot be made durable in time
     */
    void awaitReadWritten();

    /** Prepares what commits need; called by {@link SqlStorage#start()} after the schema is migrated. */
    default void start() {}

    /** Makes what was committed durable and releases what {@link #start()} took. */
    default void close() {}

    /** A commit that may not be acknowledged before {@link #await()} returns. */
    @FunctionalInterface
    interface Written {
        /**
         * Returns once the commit is durable. Called exactly once.
         *
         * @throws StorageException when it cannot be made durable in time: the write may or may not
         *     be kept
         */
        void await();
    }
}
