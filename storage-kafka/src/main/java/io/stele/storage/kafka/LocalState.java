package io.stele.storage.kafka;

import io.stele.storage.StorageMisconfiguredException;
import io.stele.storage.StorageUnavailableException;
import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.Optional;
import javax.sql.DataSource;

/**
 * Where a replica's local state stands in the log: the topic it was built from, the last offset
 * applied and the id sequences as they were then. It is written in the same transaction as each
 * change it describes, so after a crash the local state and its position agree, and the sequences
 * (which a database does not roll back) are set back to where that position left them.
 */
final class LocalState {

    /** Where the local state stands: the topic's id and the last offset applied (-1 for none). */
    record Position(String topicId, long appliedOffset) {}

    private static final String RECORD = "UPDATE log_position SET applied_offset = ?,"
            + " next_global_id = (SELECT base_value FROM information_schema.sequences WHERE sequence_name = 'global_ids'),"
            + " next_content_id = (SELECT base_value FROM information_schema.sequences WHERE sequence_name = 'content_ids')"
            + " WHERE id = 1";

    private final DataSource dataSource;

    LocalState(DataSource dataSource) {
        this.dataSource = dataSource;
    }

    /**
     * Reads the position, restoring the id sequences to it, or records a new one for a local state
     * built from the start of the topic.
     */
    Position open(String topicId) {
        try (Connection c = dataSource.getConnection();
                Statement s = c.createStatement()) {
            s.execute(
                    "CREATE TABLE IF NOT EXISTS log_position (id INT PRIMARY KEY, topic_id VARCHAR(64) NOT NULL,"
                            + " applied_offset BIGINT NOT NULL, next_global_id BIGINT NOT NULL, next_content_id BIGINT NOT NULL)");
            Optional<long[]> row = Optional.empty();
            String storedTopic = null;
            try (ResultSet rs = s.executeQuery(
                    "SELECT topic_id, applied_offset, next_global_id, next_content_id FROM log_position WHERE id = 1")) {
                if (rs.next()) {
                    storedTopic = rs.getString(1);
                    row = Optional.of(new long[] {rs.getLong(2), rs.getLong(3), rs.getLong(4)});
                }
            }
            if (row.isEmpty()) {
                try (ResultSet rs = s.executeQuery("SELECT 1 FROM artifacts LIMIT 1")) {
                    if (rs.next()) {
                        throw new StorageMisconfiguredException(
                                "The folder of the local state holds a registry that was not"
                                        + " built from a Kafka log (an embedded database?): give"
                                        + " stele.storage.kafka.state-dir a folder of its own.");
                    }
                }
                try (PreparedStatement p = c.prepareStatement("INSERT INTO log_position VALUES (1, ?, -1, 1, 1)")) {
                    p.setString(1, topicId);
                    p.executeUpdate();
                }
                return new Position(topicId, -1);
            }
            restart(s, row.get()[1], row.get()[2]);
            return new Position(storedTopic, row.get()[0]);
        } catch (SQLException e) {
            throw new StorageUnavailableException("Cannot read the local state's position: " + e.getMessage(), e);
        }
    }

    /**
     * Sets the id sequences back to where the last applied record left them. A transaction that
     * failed and was rolled back may have drawn ids from them, which the other replicas did not.
     */
    void restoreSequences() {
        try (Connection c = dataSource.getConnection();
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

    /** Records, inside the caller's transaction, that the record at {@code offset} is applied. */
    static void record(Connection c, long offset) throws SQLException {
        try (PreparedStatement p = c.prepareStatement(RECORD)) {
            p.setLong(1, offset);
            p.executeUpdate();
        }
    }

    /** Records in a transaction of its own that the record at {@code offset} is applied (it changed nothing). */
    void record(long offset) {
        try (Connection c = dataSource.getConnection()) {
            record(c, offset);
        } catch (SQLException e) {
            throw new StorageUnavailableException("Cannot record the local state's position: " + e.getMessage(), e);
        }
    }
}
