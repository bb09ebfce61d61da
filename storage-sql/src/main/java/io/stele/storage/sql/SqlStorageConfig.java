package io.stele.storage.sql;

import io.smallrye.config.ConfigMapping;

/**
 * Settings of the SQL backends, under {@code stele.storage}. Their defaults are in this module's
 * META-INF/microprofile-config.properties, which also maps them onto the Quarkus datasources.
 */
@ConfigMapping(prefix = "stele.storage")
public interface SqlStorageConfig {

    /** Which backend serves the registry. */
    String kind();

    Embedded embedded();

    Postgresql postgresql();

    /** The embedded default. */
    interface Embedded {

        /** The folder of the database files. */
        String dir();
    }

    /** PostgreSQL. */
    interface Postgresql {

        /** JDBC URL, {@code jdbc:postgresql://host:port/database[?options]}. */
        String url();

        String username();

        String password();

        /** Most connections to the database, one of which listens for changes. */
        int poolSize();
    }

    /**
     * Checks the PostgreSQL settings that no database answer could fix.
     *
     * @throws IllegalStateException naming the setting and what is wrong with it
     */
    static void validate(Postgresql postgresql) {
        if (!postgresql.url().startsWith("jdbc:postgresql:")) {
            throw new IllegalStateException(
                    "stele.storage.postgresql.url must be a jdbc:postgresql: URL, was '" + postgresql.url() + "'.");
        }
        if (postgresql.poolSize() < 2) {
            throw new IllegalStateException("stele.storage.postgresql.pool-size must be 2 or more (one connection"
                    + " listens for changes), was " + postgresql.poolSize() + ".");
        }
    }
}
