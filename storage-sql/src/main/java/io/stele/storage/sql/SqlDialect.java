package io.stele.storage.sql;

import java.sql.Connection;
import java.sql.SQLException;
import java.util.Collections;
import java.util.List;
import java.util.Map;

/** The databases the SQL backend runs on, where their SQL differs. */
enum SqlDialect {
    /** H2 in PostgreSQL compatibility mode: the portable statements. */
    H2("classpath:db/migration/common"),
    /**
     * PostgreSQL: also data-modifying CTEs and ON CONFLICT, to save round trips on the write path,
     * and triggers that announce changes to other nodes.
     */
    POSTGRESQL("classpath:db/migration/common", "classpath:db/migration/postgresql");

    /**
     * The PostgreSQL driver's settings the backend relies on: imports send rows in JDBC batches,
     * which the driver folds into multi-row INSERTs. The registry's datasource takes them through
     * {@link StorageKindConfigSource}, a pool opened outside it through {@link SqlStorage}.
     */
    static final Map<String, String> POSTGRESQL_DRIVER_SETTINGS = Map.of("reWriteBatchedInserts", "true");

    private final String[] migrations;

    SqlDialect(String... migrations) {
        this.migrations = migrations;
    }

    /**
     * Moves a sequence so that it never gives a value of {@code atLeast} or below again. Imports
     * call it with the highest id they stored; a registry that others write to meanwhile may race.
     */
    void advanceSequence(Connection c, String sequence, long atLeast) throws SQLException {
        if (this == POSTGRESQL) {
            Jdbc.queryOne(
                    c,
                    "SELECT setval('" + sequence + "', GREATEST((SELECT last_value FROM " + sequence + "), ?))",
                    rs -> rs.getLong(1),
                    atLeast);
            return;
        }
        long next = Jdbc.queryOne(
                        c,
                        "SELECT base_value FROM information_schema.sequences WHERE sequence_name = ?",
                        rs -> rs.getLong(1),
                        sequence)
                .orElseThrow(() -> new SQLException("no sequence " + sequence));
        if (next <= atLeast) {
            Jdbc.update(c, "ALTER SEQUENCE " + sequence + " RESTART WITH " + (atLeast + 1));
        }
    }

    /**
     * Inserts many rows into one table, as one JDBC batch of inserts on H2 and as one {@code COPY}
     * on PostgreSQL, which stores a batch several times faster ({@link CopyRows}).
     *
     * @param columns the columns, comma-separated, in the order of each row's values
     */
    void insertRows(Connection c, String table, String columns, List<Object[]> rows) throws SQLException {
        if (this == POSTGRESQL) {
            CopyRows.copy(c, table, columns, rows);
            return;
        }
        String parameters = String.join(", ", Collections.nCopies(columns.split(",").length, "?"));
        Jdbc.batch(c, "INSERT INTO " + table + " (" + columns + ") VALUES (" + parameters + ")", rows);
    }

    /** Tables estimated at fewer rows than this are counted exactly by {@link #estimatedRows}. */
    static final long COUNTED_BELOW = 100_000;

    /** The rows of a table, counted: a scan of them all on PostgreSQL, the table's own tally on H2. */
    static long countRows(Connection c, String table) throws SQLException {
        return Jdbc.queryOne(c, "SELECT count(*) FROM " + table, rs -> rs.getLong(1))
                .orElse(0L);
    }

    /**
     * About how many rows a table has, without a scan: on PostgreSQL the planner's estimate, kept by
     * ANALYZE (and autovacuum's), counted exactly while the estimate is below {@code countedBelow}
     * or the table was never analyzed; on H2, where counting a whole table reads its tally, the
     * count.
     */
    long estimatedRows(Connection c, String table, long countedBelow) throws SQLException {
        if (this == POSTGRESQL) {
            long estimate = Jdbc.queryOne(
                            c,
                            "SELECT reltuples::bigint FROM pg_class WHERE oid = to_regclass(?)",
                            rs -> rs.getLong(1),
                            table)
                    .orElse(-1L);
            if (estimate >= countedBelow) {
                return estimate;
            }
        }
        return countRows(c, table);
    }

    /** Where Flyway finds this database's migrations (the same in META-INF/microprofile-config.properties). */
    String[] migrations() {
        return migrations.clone();
    }
}
