package io.stele.storage.sql;

import io.stele.storage.StorageMisconfiguredException;
import io.stele.storage.StorageUnavailableException;
import java.sql.Connection;
import java.sql.SQLException;
import java.sql.Statement;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.LinkedBlockingQueue;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.concurrent.atomic.AtomicLong;
import javax.sql.DataSource;
import org.jboss.logging.Logger;

/**
 * Group commit for the embedded database. H2 commits in memory, and one thread writes the database
 * file (H2's {@code CHECKPOINT}) once for every commit that finished while it was writing the last
 * time: a committer waits for a write that began after its commit, so a killed process loses no
 * acknowledged write, and 32 writers share one write of the file instead of queueing for 32.
 *
 * <p>A read that may have seen a commit not yet written waits for the same write before it hands
 * on what it found, so that no client learns of a version (its globalId, say) that a kill could
 * still take back and a later write could then reuse. When no commit is waiting to be written, a
 * read costs one volatile read here.
 *
 * <p>No lock is held while the file is written: committers wait on futures that the writing thread
 * completes, each with a deadline.
 */
final class GroupCommit implements Durability {

    private static final Logger LOG = Logger.getLogger(GroupCommit.class);

    /** H2's error code for a statement that needs the database's admin. */
    private static final int ADMIN_RIGHTS_REQUIRED = 90040;

    /** Wakes the writing thread to end it. */
    private static final CompletableFuture<Void> STOP = new CompletableFuture<>();

    private final DataSource dataSource;
    private final String location;
    private final Duration deadline;

    /** Commits begun and not yet written, or whose writing failed or timed out. */
    private final AtomicLong unwritten = new AtomicLong();

    private final LinkedBlockingQueue<CompletableFuture<Void>> waiting = new LinkedBlockingQueue<>();
    private final Thread writer = new Thread(this::writeWhileOpen, "stele-embedded-writer");
    private final AtomicBoolean started = new AtomicBoolean();
    private final AtomicBoolean closed = new AtomicBoolean();

    /** Used by the writing thread only. */
    private Connection connection;

    /** Whether the last write failed, so that a failure is logged once and the recovery once. */
    private boolean failing;

    /**
     * @param dataSource the embedded database's pool; one of its connections is kept for writing
     * @param location where the database is and which setting says so, for messages
     * @param deadline how long a committer waits for its commit to be written before it answers that
     *     the database is unavailable
     */
    GroupCommit(DataSource dataSource, String location, Duration deadline) {
        this.dataSource = dataSource;
        this.location = location;
        this.deadline = deadline;
        writer.setDaemon(true);
    }

    /**
     * Writes what the migrations committed, which also proves that the registry's user may write
     * the file, and starts the writing thread. May be called again after it threw; the thread is
     * started once. A closed group commit does not start again.
     *
     * @throws StorageMisconfiguredException when the user is not the database's admin
     */
    @Override
    public void start() {
        try (Connection c = dataSource.getConnection()) {
            checkpoint(c);
        } catch (SQLException e) {
            if (e.getErrorCode() == ADMIN_RIGHTS_REQUIRED) {
                throw new StorageMisconfiguredException(
                        "The user of the embedded database at " + location + " may not write its file to disk (H2's"
                                + " CHECKPOINT needs the database's admin): connect as the user that created the"
                                + " database (quarkus.datasource.embedded.username and .password).",
                        e);
            }
            throw new StorageUnavailableException(
                    "Cannot write the embedded database at " + location + ": " + e.getMessage(), e);
        }
        if (!closed.get() && started.compareAndSet(false, true)) {
            writer.start();
        }
    }

    @Override
    public Written commit(Connection c) throws SQLException {
        unwritten.incrementAndGet();
        try {
            c.commit();
        } catch (SQLException | RuntimeException e) {
            unwritten.decrementAndGet();
            throw e;
        }
        return () -> {
            try {
                awaitWrite();
            } finally {
                unwritten.decrementAndGet();
            }
        };
    }

    @Override
    public void awaitReadWritten() {
        if (unwritten.get() > 0) {
            awaitWrite();
        }
    }

    /** Waits for a write of the file that begins after this call. */
    private void awaitWrite() {
        CompletableFuture<Void> written = new CompletableFuture<>();
        waiting.add(written);
        try {
            written.get(deadline.toMillis(), TimeUnit.MILLISECONDS);
        } catch (ExecutionException e) {
            throw (StorageUnavailableException) e.getCause();
        } catch (TimeoutException e) {
            throw new StorageUnavailableException(
                    "The embedded database at " + location + " did not write its file within " + deadline.toMillis()
                            + " ms; the last write may or may not be kept.",
                    e);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new StorageUnavailableException("Interrupted while the embedded database wrote its file.", e);
        }
    }

    /** The writing thread: one write of the file for everyone who waits, until {@link #close()}. */
    private void writeWhileOpen() {
        List<CompletableFuture<Void>> group = new ArrayList<>();
        boolean stopping = false;
        while (!stopping) {
            try {
                group.add(waiting.take());
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
                break;
            }
            waiting.drainTo(group);
            stopping = group.remove(STOP);
            writeFor(group);
            group.clear();
        }
        closeConnection();
    }

    private void writeFor(List<CompletableFuture<Void>> group) {
        try {
            if (connection == null) {
                connection = dataSource.getConnection();
            }
            checkpoint(connection);
            if (failing) {
                failing = false;
                LOG.infof("The embedded database at %s writes its file again", location);
            }
            group.forEach(written -> written.complete(null));
        } catch (SQLException | RuntimeException e) {
            closeConnection();
            if (!failing) {
                failing = true;
                LOG.errorf(e, "The embedded database at %s cannot write its file", location);
            }
            StorageUnavailableException failure = new StorageUnavailableException(
                    "The embedded database at " + location + " cannot write its file: " + e.getMessage()
                            + " The last write may or may not be kept.",
                    e);
            group.forEach(written -> written.completeExceptionally(failure));
        }
    }

    private static void checkpoint(Connection c) throws SQLException {
        try (Statement s = c.createStatement()) {
            s.execute("CHECKPOINT");
        }
    }

    private void closeConnection() {
        if (connection != null) {
            try {
                connection.close();
            } catch (SQLException e) {
                LOG.debugf(e, "Closing the writing connection of %s", location);
            }
            connection = null;
        }
    }

    /** Writes for everyone still waiting, then ends the writing thread; the pool is closed after. */
    @Override
    public void close() {
        if (!closed.compareAndSet(false, true) || !started.get()) {
            return;
        }
        waiting.add(STOP);
        try {
            writer.join(deadline.toMillis());
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
    }
}
