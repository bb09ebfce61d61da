package io.stele.storage.sql;

/** The databases the SQL backend runs on, where their SQL differs. */
enum SqlDialect {
    /** H2 in PostgreSQL compatibility mode: the portable statements. */
    H2,
    /** PostgreSQL: also data-modifying CTEs and ON CONFLICT, to save round trips on the write path. */
    POSTGRESQL
}
