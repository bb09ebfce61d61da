package io.stele.storage.sql;

import io.stele.storage.StorageFactory;
import java.nio.file.Path;

/** The SQL backends opened from {@code stele.storage.*} outside a container, one factory per kind. */
public final class SqlStorageFactory {

    private SqlStorageFactory() {}

    /** The embedded default in {@code stele.storage.embedded.dir}. */
    public static final class Embedded extends StorageFactory {

        public Embedded() {
            super(
                    SqlStorageBeans.EMBEDDED,
                    settings -> SqlStorage.openEmbedded(Path.of(
                            mapping(SqlStorageConfig.class, settings).embedded().dir())));
        }
    }

    /** PostgreSQL at {@code stele.storage.postgresql.url}. */
    public static final class Postgresql extends StorageFactory {

        public Postgresql() {
            super(
                    SqlStorageBeans.POSTGRESQL,
                    settings -> SqlStorage.openPostgresql(
                            mapping(SqlStorageConfig.class, settings).postgresql()));
        }
    }
}
