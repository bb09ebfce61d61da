package io.stele.storage.sql;

import io.stele.storage.Change;
import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.UUID;
import javax.sql.DataSource;
import org.jboss.logging.Logger;
import org.postgresql.PGConnection;
import org.postgresql.PGNotification;

/**
 * Tells the other registry nodes on one PostgreSQL database of each change with {@code NOTIFY},
 * sent inside the writing transaction so it is delivered exactly when the change commits, and
 * hears theirs on a connection of its own that {@code LISTEN}s. After losing that connection it
 * reports {@link Change.Unknown}, since it may have missed changes meanwhile.
 */
final class PostgresChangeSignal implements SqlChangeFeed.Signal {

    static final String CHANNEL = "stele_changes";
    private static final Logger LOG = Logger.getLogger(PostgresChangeSignal.class);
    private static final int POLL_MILLIS = 250;

    private final DataSource dataSource;
    private final String node = UUID.randomUUID().toString();
    private volatile boolean running = true;
    private Thread listener;

    PostgresChangeSignal(DataSource dataSource) {
        this.dataSource = dataSource;
    }

    @Override
    public void send(Connection c, Change change) throws SQLException {
        try (PreparedStatement ps = c.prepareStatement("SELECT pg_notify('" + CHANNEL + "', ?)")) {
            ps.setString(1, encode(change));
            ps.execute();
        }
    }

    /** {@code node kind [artifactId]}: A for an artifact, G for global changes. */
    private String encode(Change change) {
        if (change instanceof Change.ArtifactChanged a) {
            return node + " A " + a.artifactId();
        }
        return node + (change instanceof Change.GlobalChanged ? " G" : " U");
    }

    private Change decode(String payload) {
        String[] parts = payload.split(" ", 3);
        if (parts.length == 3 && "A".equals(parts[1])) {
            return new Change.ArtifactChanged(parts[2]);
        }
        return parts.length >= 2 && "G".equals(parts[1]) ? new Change.GlobalChanged() : new Change.Unknown();
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
                try (Statement s = c.createStatement()) {
                    s.execute("LISTEN " + CHANNEL);
                }
                if (lost) {
                    LOG.info("Listening for other nodes' changes again");
                    feed.publish(new Change.Unknown());
                    lost = false;
                }
                PGConnection pg = c.unwrap(PGConnection.class);
                while (running) {
                    PGNotification[] notifications = pg.getNotifications(POLL_MILLIS);
                    if (notifications == null) {
                        continue;
                    }
                    for (PGNotification n : notifications) {
                        if (!n.getParameter().startsWith(node + " ")) {
                            feed.publish(decode(n.getParameter()));
                        }
                    }
                }
            } catch (SQLException | RuntimeException e) {
                if (!lost && running) {
                    LOG.warnf("Lost the connection that listens for other nodes' changes: %s; retrying", e.getMessage());
                }
                lost = true;
                feed.publish(new Change.Unknown());
                pause();
            }
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
