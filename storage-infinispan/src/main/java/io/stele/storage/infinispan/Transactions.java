package io.stele.storage.infinispan;

import io.stele.storage.StorageException;
import io.stele.storage.StorageUnavailableException;
import jakarta.transaction.RollbackException;
import jakarta.transaction.Status;
import jakarta.transaction.SystemException;
import jakarta.transaction.TransactionManager;
import java.time.Duration;
import java.util.concurrent.ThreadLocalRandom;
import java.util.concurrent.locks.LockSupport;
import java.util.function.Supplier;
import javax.transaction.xa.XAException;
import javax.transaction.xa.XAResource;
import javax.transaction.xa.Xid;
import org.infinispan.commons.tx.TransactionImpl;

/**
 * Runs a write as one Hot Rod transaction, again and again while it conflicts.
 *
 * <p>A Hot Rod transaction reads from the servers and keeps its writes on the client until it
 * commits; the commit sends them all at once, and the servers apply them all, or none when another
 * transaction changed one of the entries it writes since it read it. A conflicting write then runs
 * again from the start, on what the other one left, after a short random pause; the registry holds
 * no lock meanwhile. A write that still conflicts after the transaction timeout, or that meets a
 * server error, fails with {@link StorageUnavailableException}; its writes were not applied unless
 * the error came during the commit itself, whose outcome the client cannot know.
 *
 * <p>Each transaction whose outcome is known, committed or rolled back, is then forgotten on the
 * servers. They keep every transaction's state until told to forget it, or until their reaper's
 * round a minute later, and they look a transaction up by scanning those states: without the
 * forget, each commit scans all the others of the last minute.
 */
final class Transactions {

    private static final long FIRST_PAUSE_NANOS = 200_000;
    private static final long LONGEST_PAUSE_NANOS = 20_000_000;

    private final TransactionManager manager;
    private final XAResource servers;
    private final Duration timeout;

    /**
     * @param servers an {@link XAResource} of the client's, not enlisted in any transaction, through
     *     which finished transactions are forgotten
     */
    Transactions(TransactionManager manager, XAResource servers, Duration timeout) {
        this.manager = manager;
        this.servers = servers;
        this.timeout = timeout;
    }

    /**
     * Runs {@code work} in a transaction and commits it, again while it conflicts.
     *
     * @param what the write, in the words of an error message ("adding a version to 'orders'")
     * @throws StorageException what {@code work} throws (nothing written), or {@link
     *     StorageUnavailableException}
     */
    <T> T write(String what, Supplier<T> work) {
        long deadline = System.nanoTime() + timeout.toNanos();
        long pause = FIRST_PAUSE_NANOS;
        while (true) {
            Xid xid = begin(what);
            boolean committed = false;
            try {
                T result = work.get();
                manager.commit();
                committed = true;
                forget(xid);
                return result;
            } catch (RollbackException conflict) {
                committed = true; // the commit ended the transaction
                forget(xid);
                if (System.nanoTime() + pause > deadline) {
                    throw new StorageUnavailableException(
                            "Infinispan: " + what + " kept conflicting with other writes for " + timeout.toSeconds()
                                    + " s (stele.storage.infinispan.transaction-timeout)",
                            conflict);
                }
                LockSupport.parkNanos(ThreadLocalRandom.current().nextLong(pause / 2, pause + 1));
                pause = Math.min(LONGEST_PAUSE_NANOS, pause * 2);
            } catch (RuntimeException e) {
                if (Unavailable.fromClient(e)) {
                    throw unavailable(what, e);
                }
                throw e; // what work throws, nothing written: the transaction is rolled back
            } catch (jakarta.transaction.HeuristicMixedException
                    | jakarta.transaction.HeuristicRollbackException
                    | SystemException e) {
                committed = true;
                throw unavailable(what, e);
            } finally {
                if (!committed) {
                    rollbackQuietly();
                }
            }
        }
    }

    /** Begins a transaction and returns its id. */
    private Xid begin(String what) {
        try {
            if (manager.getStatus() != Status.STATUS_NO_TRANSACTION) {
                throw new IllegalStateException("Infinispan: " + what + " began inside another transaction");
            }
            manager.begin();
            return ((TransactionImpl) manager.getTransaction()).getXid();
        } catch (jakarta.transaction.NotSupportedException | SystemException e) {
            throw new IllegalStateException("Infinispan: cannot begin a transaction for " + what, e);
        }
    }

    /** Tells the servers to drop the state of a transaction that has ended; sent, not awaited. */
    private void forget(Xid xid) {
        try {
            servers.forget(xid);
        } catch (XAException | RuntimeException e) {
            // the servers' reaper drops the state a minute later
        }
    }

    private void rollbackQuietly() {
        try {
            if (manager.getStatus() != Status.STATUS_NO_TRANSACTION) {
                manager.rollback();
            }
        } catch (SystemException | IllegalStateException e) {
            // nothing was sent to the servers before the commit: there is nothing to undo there
        }
    }

    /** A server error as the API reports it: 503, saying what failed. */
    static StorageUnavailableException unavailable(String what, Exception e) {
        return new StorageUnavailableException("Infinispan did not answer while " + what + ": " + e.getMessage(), e);
    }
}
