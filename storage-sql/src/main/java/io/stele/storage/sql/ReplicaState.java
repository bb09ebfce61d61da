package io.stele.storage.sql;

import io.stele.storage.RegistryStorage;
import io.stele.storage.StorageMisconfiguredException;
import io.stele.storage.StorageUnavailableException;
import java.nio.file.Path;
import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.time.Instant;
import java.util.function.Supplier;
import javax.sql.DataSource;

/**
 * The embedded database as the local state of a replica that applies a shared, ordered log: the
 * registry's tables, and where in the log they stand (the log's id, the last offset applied and the
 * id sequences as they were then). The position is written in the same transaction as each change
 * it describes, so after a crash the state and its position agree, and the sequences (which a
 * database does not roll back) are set back to where that position left them.
 *
 * <p>One thread applies the log: every write to {@link #storage()} and every call of
 * {@link #applying}, {@link #recordUnchanged} and {@link #done} is made on it. Reads may come from
 * any thread.
 */
public final class ReplicaState implements AutoCloseable {

    /** Where the local state stands: the log's id and the last offset applied (-1 for none). */
    public record Position(String logId, long appliedOffset) {}

    private static final String RECORD = "UPDATE log_position SET applied_offset = ?,"
            + " next_global_id = (SELECT base_value FROM information_schema.sequences WHERE sequence_name = 'global_ids'),"
            + " next_content_id = (SELECT base_value FROM information_schema.sequences WHERE sequence_name = 'content_ids')"
            + " WHERE id = 1";

    private final SqlStorage storage;
    private final String notBuiltFromTheLog;

    /** The offset being applied, -1 between records; read by the commit hook on the applying thread. */
    private long applying = -1;
    /** Whether a write transaction recorded the offset being applied. */
    private boolean recorded;

    private ReplicaState(String kind, Path dir, String notBuiltFromTheLog, Supplier<Instant> clock) {
        this.notBuiltFromTheLog = notBuiltFromTheLog;
        this.storage = SqlStorage.openLocalState(kind, dir, clock, this::beforeCommit);
    }

    /**
     * Opens the local state in {@code dir}, not started. The time stamps of what it stores come from
     * {@code clock} (the time the log gives, so that every replica stores the same). Each commit is
     * not forced to disk before it returns, because the log, not this database, is what must survive
     * a crash: a replica that loses its last commits applies them again.
     *
     * @param kind the storage kind the registry reports
     * @param notBuiltFromTheLog what {@link #start} tells the operator, in the log's terms, when
     *     {@code dir} holds a registry that no log built
     */
    public static ReplicaState open(String kind, Path dir, String notBuiltFromTheLog, Supplier<Instant> clock) {
        return new ReplicaState(kind, dir, notBuiltFromTheLog, clock);
    }

    /** The registry's tables: reads from any thread, writes only from the thread that applies the log. */
    public RegistryStorage storage() {
        return storage;
    }

    /** The pooled data source, for tests that make the local database fail. */
    public DataSource dataSource() {
        return storage.dataSource();
    }

    /**
     * Starts the database and reads its position, restoring the id sequences to it; a state that
     * has none is recorded as built from the start of {@code logId}.
     *
     * @throws StorageMisconfiguredException when the folder holds a registry not built from a log
     * @throws StorageUnavailableException when the database cannot be read
     */
    public Position start(String logId) {
        storage.start();
        try (Connection c = storage.dataSource().getConnection();
                Statement s = c.createStatement()) {
            s.execute(
                    "CREATE TABLE IF NOT EXISTS log_position (id INT PRIMARY KEY, topic_id VARCHAR(64) NOT NULL,"
                            + " applied_offset BIGINT NOT NULL, next_global_id BIGINT NOT NULL, next_content_id BIGINT NOT NULL)");
            try (ResultSet rs = s.executeQuery(
                    "SELECT topic_id, applied_offset, next_global_id, next_content_id FROM log_position WHERE id = 1")) {
                if (rs.next()) {
                    Position position = new Position(rs.getString(1), rs.getLong(2));
                    restart(s, rs.getLong(3), rs.getLong(4));
                    return position;
                }
            }
            try (ResultSet rs = s.executeQuery("SELECT 1 FROM artifacts LIMIT 1")) {
                if (rs.next()) {
                    throw new StorageMisconfiguredException(notBuiltFromTheLog);
                }
            }
            try (PreparedStatement p = c.prepareStatement("INSERT INTO log_position VALUES (1, ?, -1, 1, 1)")) {
                p.setString(1, logId);
                p.executeUpdate();
            }
            return new Position(logId, -1);
        } catch (SQLException e) {
            throw new StorageUnavailableException("Cannot read the local state's position: " + e.getMessage(), e);
        }
    }

    /**
     * Begins applying the record at {@code offset}: every write transaction from now on records it
     * as applied. On a second attempt after a failure, the id sequences are first set back to where
     * the last applied record left them, since the failed attempt may have drawn ids the other
     * replicas did not.
     */
    public void applying(long offset, boolean again) {
        if (again) {
            restoreSequences();
        }
        applying = offset;
        recorded = false;
    }

    /**
     * Records, in a transaction of its own, that the record being applied is applied, unless a write
     * transaction already did (the record changed nothing). Returns quietly once it is recorded.
     *
     * @throws StorageUnavailableException when the database cannot record it; the caller tries again
     */
    public void recordUnchanged() {
        if (recorded || applying < 0) {
            return;
        }
        try (Connection c = storage.dataSource().getConnection()) {
            record(c, applying);
        } catch (SQLException e) {
            throw new StorageUnavailableException("Cannot record the local state's position: " + e.getMessage(), e);
        }
        recorded = true;
    }

    /** Ends applying the record: later transactions record nothing. */
    public void done() {
        applying = -1;
    }

    private void restoreSequences() {
        try (Connection c = storage.dataSource().getConnection();
                Statement s = c.createStatement();
                ResultSet rs =
                        s.executeQuery("SELECT next_global_id, next_content_id FROM log_position WHERE id = 1")) {
            if (rs.next()) {
                restart(s, rs.getLong(1), rs.getLong(2));
            }
        } catch (SQLException e) {
            throw new StorageUnavailableException(
                    "Cannot restore the local state's id sequences: " + e.getMessage(), e);
        }
    }

    private static void restart(Statement s, long nextGlobalId, long nextContentId) throws SQLException {
        s.execute("ALTER SEQUENCE global_ids RESTART WITH " + nextGlobalId);
        s.execute("ALTER SEQUENCE content_ids RESTART WITH " + nextContentId);
    }

    /** The commit hook: records, inside each write transaction, the offset being applied. */
    private void beforeCommit(Connection c) throws SQLException {
        if (applying >= 0) {
            record(c, applying);
            recorded = true;
        }
    }

    private static void record(Connection c, long offset) throws SQLException {
        try (PreparedStatement p = c.prepareStatement(RECORD)) {
            p.setLong(1, offset);
            p.executeUpdate();
        }
    }

    @Override
    public void close() {
        storage.close();
    }
}
