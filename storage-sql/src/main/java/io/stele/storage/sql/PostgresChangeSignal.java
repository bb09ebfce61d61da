package io.stele.storage.sql;

import io.stele.storage.Change;
import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.ArrayList;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.concurrent.LinkedBlockingQueue;
import java.util.concurrent.TimeUnit;
import javax.sql.DataSource;
import org.jboss.logging.Logger;
import org.postgresql.PGConnection;
import org.postgresql.PGNotification;

/**
 * Changes between the nodes on one PostgreSQL database, over {@code NOTIFY} on one channel.
 *
 * <p>Announcing: triggers announce updates and deletes from inside their transaction, whoever made
 * them (migrations V2, V3). Changes this node commits are also announced by a sender thread, after
 * the commit, several in one transaction that does not wait for its WAL flush: a NOTIFY inside each
 * writing transaction would hold PostgreSQL's server-wide notification lock across that
 * transaction's flush and queue every writer behind it. Should this node die between a commit and
 * its announcement (milliseconds), other nodes learn of that change only when their cache entry
 * expires ({@code stele.cache.version-ttl}).
 *
 * <p>Hearing: a connection of its own {@code LISTEN}s and reports what it hears to this node's
 * listeners, but for the sender's own announcements, known by their connection's backend process
 * id: this node reported those changes to its listeners when it committed them, and hearing them
 * again would drop cache entries read since, such as the latest version a write just cached. After
 * losing that connection it reports {@link Change.Unknown}, since it may have missed changes
 * meanwhile. A {@link Change.VersionsChanged} goes out as an {@link Change.ArtifactChanged}: other
 * nodes drop the artifact's rules too, which costs them a read, never a stale one.
 */
final class PostgresChangeSignal implements SqlChangeFeed.Signal {

    static final String CHANNEL = "stele_changes";
    private static final Logger LOG = Logger.getLogger(PostgresChangeSignal.class);
    private static final int POLL_MILLIS = 250;
    /** How often the listening connection is probed, so a silently dead one is found. */
    private static final long PROBE_NANOS = TimeUnit.SECONDS.toNanos(5);

    private static final int NO_PID = -1;

    private final DataSource dataSource;
    private final LinkedBlockingQueue<String> outgoing = new LinkedBlockingQueue<>();
    /** The sender's connection while it has one; used by the sender thread only. */
    private Connection announcing;
    /** The backend process id of {@link #announcing}, or {@link #NO_PID}. */
    private volatile int announcerPid = NO_PID;

    private volatile boolean running = true;
    private Thread listener;
    private Thread sender;

    PostgresChangeSignal(DataSource dataSource) {
        this.dataSource = dataSource;
    }

    static Change decode(String payload) {
        if (payload.startsWith("A ")) {
            return new Change.ArtifactChanged(payload.substring(2));
        }
        return "G".equals(payload) ? new Change.GlobalChanged() : new Change.Unknown();
    }

    @Override
    public void committed(Change change) {
        if (change instanceof Change.ArtifactChanged a) {
            outgoing.add("A " + a.artifactId());
        } else if (change instanceof Change.VersionsChanged v) {
            outgoing.add("A " + v.artifactId());
        } else if (change instanceof Change.GlobalChanged) {
            outgoing.add("G");
        }
    }

    @Override
    public synchronized void listen(SqlChangeFeed feed) {
        if (listener != null) {
            return;
        }
        listener = new Thread(() -> loop(feed), "stele-postgres-listen");
        listener.setDaemon(true);
        listener.start();
        sender = new Thread(this::send, "stele-postgres-announce");
        sender.setDaemon(true);
        sender.start();
    }

    /** Sends what this node committed, as many announcements per transaction as are waiting. */
    private void send() {
        try {
            sendUntilClosed();
        } finally {
            closeAnnouncing();
        }
    }

    private void sendUntilClosed() {
        long lastSent = System.nanoTime();
        while (running) {
            List<String> batch = new ArrayList<>();
            try {
                String first = outgoing.poll(POLL_MILLIS, TimeUnit.MILLISECONDS);
                if (first == null) {
                    // An idle connection could die unnoticed and its process id go to another
                    // node's connection, whose announcements would then be taken for ours.
                    if (System.nanoTime() - lastSent > PROBE_NANOS) {
                        closeAnnouncing();
                    }
                    continue;
                }
                batch.add(first);
                outgoing.drainTo(batch, 999);
                announce(new ArrayList<>(new LinkedHashSet<>(batch)));
                lastSent = System.nanoTime();
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
                return;
            } catch (SQLException | RuntimeException e) {
                LOG.debugf("Could not announce %d changes, retrying: %s", batch.size(), e.getMessage());
                outgoing.addAll(batch);
                pause();
            }
        }
    }

    private void announce(List<String> payloads) throws SQLException {
        Connection c = announcing();
        try {
            try (Statement s = c.createStatement()) {
                s.execute("SET LOCAL synchronous_commit = off");
            }
            try (PreparedStatement ps =
                    c.prepareStatement("SELECT pg_notify('" + CHANNEL + "', p) FROM unnest(?::text[]) AS p")) {
                ps.setArray(1, c.createArrayOf("text", payloads.toArray()));
                ps.execute();
            }
            c.commit();
        } catch (SQLException | RuntimeException e) {
            closeAnnouncing();
            throw e;
        }
    }

    /**
     * The sender's own connection, kept open so that the listener knows its announcements by their
     * backend process id: they repeat what this node already told its listeners when it committed.
     */
    private Connection announcing() throws SQLException {
        if (announcing == null) {
            Connection c = dataSource.getConnection();
            try {
                c.setAutoCommit(false);
                try (Statement s = c.createStatement();
                        ResultSet rs = s.executeQuery("SELECT pg_backend_pid()")) {
                    rs.next();
                    announcerPid = rs.getInt(1);
                }
                c.commit();
            } catch (SQLException | RuntimeException e) {
                c.close();
                throw e;
            }
            announcing = c;
        }
        return announcing;
    }

    private void closeAnnouncing() {
        announcerPid = NO_PID;
        if (announcing != null) {
            try {
                announcing.close();
            } catch (SQLException e) {
                LOG.debugf("Closing the announcing connection: %s", e.getMessage());
            }
            announcing = null;
        }
    }

    private void loop(SqlChangeFeed feed) {
        boolean lost = false;
        while (running) {
            try (Connection c = dataSource.getConnection()) {
                c.setAutoCommit(true);
                // reads that hang this long mean a dead connection; the probe below makes sure one happens
                c.setNetworkTimeout(Runnable::run, (int) TimeUnit.NANOSECONDS.toMillis(2 * PROBE_NANOS));
                try (Statement s = c.createStatement()) {
                    s.execute("LISTEN " + CHANNEL);
                }
                if (lost) {
                    LOG.info("Listening for changes on the database again");
                    feed.publish(new Change.Unknown());
                    lost = false;
                }
                PGConnection pg = c.unwrap(PGConnection.class);
                long probed = System.nanoTime();
                while (running) {
                    if (System.nanoTime() - probed > PROBE_NANOS) {
                        probe(c);
                        probed = System.nanoTime();
                    }
                    PGNotification[] notifications = pg.getNotifications(POLL_MILLIS);
                    if (notifications != null) {
                        for (PGNotification n : notifications) {
                            if (n.getPID() != announcerPid) {
                                feed.publish(decode(n.getParameter()));
                            }
                        }
                    }
                }
            } catch (SQLException | RuntimeException e) {
                if (!lost && running) {
                    LOG.warnf(
                            "Lost the connection that listens for changes on the database: %s; retrying",
                            e.getMessage());
                }
                lost = true;
                feed.publish(new Change.Unknown());
                pause();
            }
        }
    }

    /** A round trip with a time limit: fails when the connection died without the socket noticing. */
    private static void probe(Connection c) throws SQLException {
        try (Statement s = c.createStatement()) {
            s.setQueryTimeout(5);
            s.execute("SELECT 1");
        }
    }

    private void pause() {
        try {
            Thread.sleep(1000);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            running = false;
        }
    }

    @Override
    public synchronized void close() {
        running = false;
        for (Thread t : new Thread[] {sender, listener}) {
            if (t != null) {
                t.interrupt();
                try {
                    t.join(2000);
                } catch (InterruptedException e) {
                    Thread.currentThread().interrupt();
                }
            }
        }
    }
}
