package io.stele.storage.sql;

import io.stele.storage.Change;
import java.sql.Connection;
import java.sql.SQLException;
import java.sql.Statement;
import javax.sql.DataSource;
import org.jboss.logging.Logger;
import org.postgresql.PGConnection;
import org.postgresql.PGNotification;

/**
 * Hears the changes that triggers announce with {@code NOTIFY} (migration V2), on a connection of
 * its own that {@code LISTEN}s, and reports them to this node's listeners. This node's own writes
 * are heard too, which only repeats an invalidation. After losing the connection it reports {@link
 * Change.Unknown}, since it may have missed changes meanwhile.
 */
final class PostgresChangeSignal implements SqlChangeFeed.Signal {

    static final String CHANNEL = "stele_changes";
    private static final Logger LOG = Logger.getLogger(PostgresChangeSignal.class);
    private static final int POLL_MILLIS = 250;
    /** How often the listening connection is probed, so a silently dead one is found. */
    private static final long PROBE_NANOS = java.util.concurrent.TimeUnit.SECONDS.toNanos(5);

    private final DataSource dataSource;
    private volatile boolean running = true;
    private Thread listener;

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
    public synchronized void listen(SqlChangeFeed feed) {
        if (listener != null) {
            return;
        }
        listener = new Thread(() -> loop(feed), "stele-postgres-listen");
        listener.setDaemon(true);
        listener.start();
    }

    private void loop(SqlChangeFeed feed) {
        boolean lost = false;
        while (running) {
            try (Connection c = dataSource.getConnection()) {
                c.setAutoCommit(true);
                // reads that hang this long mean a dead connection; the probe below makes sure one happens
                c.setNetworkTimeout(Runnable::run, (int) java.util.concurrent.TimeUnit.NANOSECONDS.toMillis(2 * PROBE_NANOS));
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
                            feed.publish(decode(n.getParameter()));
                        }
                    }
                }
            } catch (SQLException | RuntimeException e) {
                if (!lost && running) {
                    LOG.warnf("Lost the connection that listens for changes on the database: %s; retrying", e.getMessage());
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
        if (listener != null) {
            listener.interrupt();
            try {
                listener.join(2000);
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
            }
        }
    }
}
