package io.stele.storage.sql;

/** The databases the SQL backend runs on, where their SQL differs. */
enum SqlDialect {
    /** H2 in PostgreSQL compatibility mode: the portable statements. */
    H2("classpath:db/migration/common"),
    /**
     * PostgreSQL: also data-modifying CTEs and ON CONFLICT, to save round trips on the write path,
     * and triggers that announce changes to other nodes.
     */
    POSTGRESQL("classpath:db/migration/common", "classpath:db/migration/postgresql");

    private final String[] migrations;

    SqlDialect(String... migrations) {
        this.migrations = migrations;
    }

    /** Where Flyway finds this database's migrations (the same in META-INF/microprofile-config.properties). */
    String[] migrations() {
        return migrations.clone();
    }
}
