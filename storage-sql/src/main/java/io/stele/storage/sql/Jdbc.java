package io.stele.storage.sql;

import io.stele.storage.ConflictException;
import io.stele.storage.InvalidRequestException;
import io.stele.storage.StorageUnavailableException;
import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.SQLTransientConnectionException;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import javax.sql.DataSource;

/**
 * Runs units of work on a pooled connection and turns {@link SQLException}s into the storage SPI's
 * exceptions: lost connections into {@link StorageUnavailableException}, lock time-outs and
 * serialization failures (after retries) into {@link ConflictException}.
 */
final class Jdbc {

    /** SQLState of a unique-constraint violation, in PostgreSQL and H2 alike. */
    static final String UNIQUE_VIOLATION = "23505";

    /** SQLState of a serialization failure: the transaction may succeed when run again. */
    static final String SERIALIZATION_FAILURE = "40001";

    private static final int MAX_ATTEMPTS = 5;

    private final DataSource dataSource;
    private final SqlStorage.CommitHook beforeCommit;
    private final Durability durability;

    Jdbc(DataSource dataSource, SqlStorage.CommitHook beforeCommit, Durability durability) {
        this.dataSource = dataSource;
        this.beforeCommit = beforeCommit;
        this.durability = durability;
    }

    /** A unit of work on one connection. */
    @FunctionalInterface
    interface Work<T> {
        T run(Connection connection) throws SQLException;
    }

    /** What to do with the current row of a result set. */
    @FunctionalInterface
    interface RowConsumer {
        void accept(ResultSet rs) throws SQLException;
    }

    /** A mapper from the current row of a result set. */
    @FunctionalInterface
    interface RowMapper<T> {
        T map(ResultSet rs) throws SQLException;
    }

    /**
     * Runs work in one transaction, retrying it when the database asks for a retry, and returns once
     * the commit is durable (see {@link Durability}).
     */
    <T> T inTransaction(Work<T> work) {
        for (int attempt = 1; ; attempt++) {
            T result;
            Durability.Written written;
            try (Connection c = dataSource.getConnection()) {
                c.setAutoCommit(false);
                try {
                    result = work.run(c);
                    beforeCommit.run(c);
                    written = durability.commit(c);
                } catch (SQLException | RuntimeException e) {
                    rollbackQuietly(c, e);
                    throw e;
                }
            } catch (SQLException e) {
                if (isRetryable(e) && attempt < MAX_ATTEMPTS) {
                    continue;
                }
                throw translate(e);
            }
            written.await();
            return result;
        }
    }

    /**
     * Runs read-only work with auto-commit, and returns once what it read is durable (see {@link
     * Durability#awaitReadWritten()}). A read that lost its connection (a pooled connection that went
     * stale when the database restarted) is tried once more on a fresh one.
     */
    <T> T read(Work<T> work) {
        for (int attempt = 1; ; attempt++) {
            T result;
            try (Connection c = dataSource.getConnection()) {
                result = work.run(c);
            } catch (SQLException e) {
                if (isConnectionLost(e) && attempt < 2) {
                    continue;
                }
                throw translate(e);
            }
            durability.awaitReadWritten();
            return result;
        }
    }

    /**
     * Runs a long read in one read-only, repeatable-read transaction, so that it sees one snapshot
     * of the database however long it takes. It is not retried: what it read may have been handed on.
     * What it hands on as it reads cannot wait for {@link Durability}, so it returns only once all
     * of it is durable: an export writes its trailer after that, and a file without its trailer is
     * refused as cut when imported.
     */
    <T> T snapshot(Work<T> work) {
        T result;
        try (Connection c = dataSource.getConnection()) {
            int isolation = c.getTransactionIsolation();
            c.setAutoCommit(false);
            c.setReadOnly(true);
            c.setTransactionIsolation(Connection.TRANSACTION_REPEATABLE_READ);
            try {
                result = commitOrRollback(c, work);
            } finally {
                c.setReadOnly(false);
                c.setTransactionIsolation(isolation);
            }
        } catch (SQLException e) {
            throw translate(e);
        }
        durability.awaitReadWritten();
        return result;
    }

    /** Runs work in one transaction on the connection: committed if it returns, rolled back if it throws. */
    private static <T> T commitOrRollback(Connection c, Work<T> work) throws SQLException {
        c.setAutoCommit(false);
        try {
            T result = work.run(c);
            c.commit();
            return result;
        } catch (SQLException | RuntimeException e) {
            rollbackQuietly(c, e);
            throw e;
        }
    }

    /** Hands each row to the consumer, fetching {@code fetchSize} rows at a time (outside auto-commit). */
    static void forEach(Connection c, String sql, int fetchSize, RowConsumer consumer, Object... params)
            throws SQLException {
        try (PreparedStatement ps = prepare(c, sql, params)) {
            ps.setFetchSize(fetchSize);
            try (ResultSet rs = ps.executeQuery()) {
                while (rs.next()) {
                    consumer.accept(rs);
                }
            }
        }
    }

    /** Runs one statement for each row of parameters, as one JDBC batch. */
    static void batch(Connection c, String sql, List<Object[]> rows) throws SQLException {
        if (rows.isEmpty()) {
            return;
        }
        try (PreparedStatement ps = c.prepareStatement(sql)) {
            for (Object[] row : rows) {
                bind(ps, row);
                ps.addBatch();
            }
            ps.executeBatch();
        }
    }

    static <T> Optional<T> queryOne(Connection c, String sql, RowMapper<T> mapper, Object... params)
            throws SQLException {
        try (PreparedStatement ps = prepare(c, sql, params);
                ResultSet rs = ps.executeQuery()) {
            return rs.next() ? Optional.of(mapper.map(rs)) : Optional.empty();
        }
    }

    static <T> List<T> queryList(Connection c, String sql, RowMapper<T> mapper, Object... params) throws SQLException {
        try (PreparedStatement ps = prepare(c, sql, params);
                ResultSet rs = ps.executeQuery()) {
            List<T> rows = new ArrayList<>();
            while (rs.next()) {
                rows.add(mapper.map(rs));
            }
            return rows;
        }
    }

    static int update(Connection c, String sql, Object... params) throws SQLException {
        try (PreparedStatement ps = prepare(c, sql, params)) {
            return ps.executeUpdate();
        }
    }

    /**
     * Runs an INSERT or UPDATE and maps the values the database gives {@code columns} in the one row
     * it wrote, or returns empty when it wrote none. One round trip: PostgreSQL answers with
     * RETURNING, H2 with its generated keys.
     */
    static <T> Optional<T> updateReturning(
            Connection c, String sql, String[] columns, RowMapper<T> mapper, Object... params) throws SQLException {
        try (PreparedStatement ps = c.prepareStatement(sql, columns)) {
            bind(ps, params);
            if (ps.executeUpdate() == 0) {
                return Optional.empty();
            }
            try (ResultSet keys = ps.getGeneratedKeys()) {
                if (!keys.next()) {
                    throw new SQLException("The database returned no " + String.join(", ", columns) + " for: " + sql);
                }
                return Optional.of(mapper.map(keys));
            }
        }
    }

    /** {@link #updateReturning(Connection, String, String[], RowMapper, Object...)} for one number. */
    static Optional<Long> updateReturning(Connection c, String sql, String column, Object... params)
            throws SQLException {
        return updateReturning(c, sql, new String[] {column}, rs -> rs.getLong(1), params);
    }

    private static PreparedStatement prepare(Connection c, String sql, Object... params) throws SQLException {
        PreparedStatement ps = c.prepareStatement(sql);
        try {
            bind(ps, params);
            return ps;
        } catch (SQLException e) {
            ps.close();
            throw e;
        }
    }

    private static void bind(PreparedStatement ps, Object[] params) throws SQLException {
        for (int i = 0; i < params.length; i++) {
            ps.setObject(i + 1, params[i]);
        }
    }

    /** A row refers to one that does not exist (PostgreSQL's and H2's codes). */
    static boolean isForeignKeyViolation(SQLException e) {
        return "23503".equals(e.getSQLState()) || "23506".equals(e.getSQLState());
    }

    static boolean isUniqueViolation(SQLException e) {
        return UNIQUE_VIOLATION.equals(e.getSQLState());
    }

    /** Serialization failures and deadlocks: the database rolled back and a retry may succeed. */
    private static boolean isRetryable(SQLException e) {
        String state = e.getSQLState();
        return SERIALIZATION_FAILURE.equals(state) || "40P01".equals(state);
    }

    private static boolean isConnectionLost(SQLException e) {
        String state = e.getSQLState();
        return e instanceof SQLTransientConnectionException
                || (state != null && (state.startsWith("08") || state.startsWith("57P") || "53300".equals(state)))
                || (state == null && e.getMessage() != null && e.getMessage().contains("acquisition timeout"));
    }

    private static boolean isLockTimeout(SQLException e) {
        String state = e.getSQLState();
        return "HYT00".equals(state) || "55P03".equals(state) || "40001".equals(state) || "40P01".equals(state);
    }

    static RuntimeException translate(SQLException e) {
        if (isConnectionLost(e)) {
            return new StorageUnavailableException("The database cannot be reached: " + e.getMessage(), e);
        }
        if (isLockTimeout(e)) {
            return new ConflictException("Concurrent writes to the same data did not settle in time; retry.", e);
        }
        if (e.getSQLState() != null && e.getSQLState().startsWith("22")) {
            // A data exception: a value the database cannot hold, the same whenever it is sent.
            String reason =
                    e.getMessage() == null ? e.getSQLState() : e.getMessage().split("; SQL statement:")[0];
            return new InvalidRequestException("The database cannot store a value of this request: " + reason);
        }
        return new IllegalStateException("Database error " + e.getSQLState() + ": " + e.getMessage(), e);
    }

    private static void rollbackQuietly(Connection c, Exception cause) {
        try {
            c.rollback();
        } catch (SQLException rollbackFailure) {
            cause.addSuppressed(rollbackFailure);
        }
    }
}
