package io.stele.storage.sql;

import io.agroal.api.AgroalDataSource;
import io.agroal.api.configuration.supplier.AgroalDataSourceConfigurationSupplier;
import io.agroal.api.security.NamePrincipal;
import io.agroal.api.security.SimplePassword;
import io.stele.storage.ArtifactStore;
import io.stele.storage.ChangeFeed;
import io.stele.storage.ContentStore;
import io.stele.storage.LatestPage;
import io.stele.storage.PageRequest;
import io.stele.storage.RegistryStorage;
import io.stele.storage.RuleStore;
import io.stele.storage.SearchStore;
import io.stele.storage.StorageMisconfiguredException;
import io.stele.storage.StorageUnavailableException;
import io.stele.storage.TransferStore;
import io.stele.storage.VersionStore;
import java.nio.file.Path;
import java.sql.Connection;
import java.sql.SQLException;
import java.time.Duration;
import java.time.Instant;
import java.util.Map;
import java.util.function.Supplier;
import javax.sql.DataSource;
import org.flywaydb.core.Flyway;
import org.flywaydb.core.api.FlywayException;

/**
 * A backend on a SQL database reached through a JDBC {@link DataSource}: H2 for the embedded
 * default, PostgreSQL for production. The schema is migrated by Flyway in {@link #start()}.
 */
public final class SqlStorage implements RegistryStorage {

    /** How long a write waits for its commit to be written to the embedded database's file. */
    private static final Duration GROUP_WRITE_DEADLINE = Duration.ofSeconds(30);

    private final String kind;
    private final String location;
    private final DataSource dataSource;
    private final Flyway flyway;
    private final Runnable onClose;
    private final Durability durability;
    private final SqlChangeFeed changes;
    private final Jdbc jdbc;
    private final SqlArtifactStore artifacts;
    private final SqlVersionStore versions;
    private final SqlContentStore contents;
    private final SqlRuleStore rules;
    private final SqlSearchStore search;
    private final SqlTransferStore transfer;

    /**
     * @param kind the {@code stele.storage.kind} this backend answers to
     * @param location where the database is and which settings say so, for error messages
     * @param dataSource a pooled data source
     * @param flyway a Flyway configured with this data source and the migrations for its database
     * @param onClose what to release on {@link #close()}, such as a pool the caller opened
     */
    private SqlStorage(
            String kind,
            SqlDialect dialect,
            String location,
            DataSource dataSource,
            Flyway flyway,
            SqlChangeFeed.Signal signal,
            Durability durability,
            Runnable onClose) {
        this(kind, dialect, location, dataSource, flyway, signal, durability, onClose, Instant::now, c -> {});
    }

    private SqlStorage(
            String kind,
            SqlDialect dialect,
            String location,
            DataSource dataSource,
            Flyway flyway,
            SqlChangeFeed.Signal signal,
            Durability durability,
            Runnable onClose,
            Supplier<Instant> clock,
            CommitHook beforeCommit) {
        this.kind = kind;
        this.location = location;
        this.dataSource = dataSource;
        this.flyway = flyway;
        this.onClose = onClose;
        this.durability = durability;
        this.changes = new SqlChangeFeed(signal);
        this.jdbc = new Jdbc(dataSource, beforeCommit, durability);
        this.artifacts = new SqlArtifactStore(jdbc, changes, dialect, clock);
        this.versions = new SqlVersionStore(jdbc, changes, dialect, clock);
        this.contents = new SqlContentStore(jdbc);
        this.rules = new SqlRuleStore(jdbc, changes);
        this.search = new SqlSearchStore(jdbc);
        this.transfer = new SqlTransferStore(jdbc, changes, dialect);
    }

    /**
     * The embedded default on H2: one process owns the files, so there are no other nodes to tell.
     * Commits are written to the file in groups ({@link GroupCommit}), and a write is acknowledged
     * once its group is written.
     */
    public static SqlStorage embedded(String location, DataSource dataSource, Flyway flyway, Runnable onClose) {
        return new SqlStorage(
                SqlStorageBeans.EMBEDDED,
                SqlDialect.H2,
                location,
                dataSource,
                flyway,
                SqlChangeFeed.Signal.NONE,
                new GroupCommit(dataSource, location, GROUP_WRITE_DEADLINE),
                onClose);
    }

    /**
     * The embedded default in a folder, outside any container: its own connection pool and schema
     * migration, released on {@link #close()}. Not started.
     */
    public static SqlStorage openEmbedded(Path dir) {
        AgroalDataSource pool = h2Pool(StorageKindConfigSource.embeddedJdbcUrl(dir), 16);
        Flyway flyway = Flyway.configure()
                .dataSource(pool)
                .locations(SqlDialect.H2.migrations())
                .load();
        return embedded(dir.toString(), pool, flyway, pool::close);
    }

    /**
     * Work that every write transaction runs last, on its connection, before it commits; a
     * replica that applies a log records there how far it has applied.
     */
    @FunctionalInterface
    interface CommitHook {
        void run(Connection connection) throws SQLException;
    }

    /**
     * The embedded database as the local state of a replica that applies a shared log in order
     * ({@link ReplicaState}): the time stamps of what it stores come from {@code clock}, and
     * {@code beforeCommit} runs in every write transaction. Commits are not forced to disk. Not
     * started.
     */
    static SqlStorage openLocalState(String kind, Path dir, Supplier<Instant> clock, CommitHook beforeCommit) {
        AgroalDataSource pool = h2Pool(StorageKindConfigSource.embeddedJdbcUrl(dir), 32);
        Flyway flyway = Flyway.configure()
                .dataSource(pool)
                .locations(SqlDialect.H2.migrations())
                .load();
        return new SqlStorage(
                kind,
                SqlDialect.H2,
                dir.toString(),
                pool,
                flyway,
                SqlChangeFeed.Signal.NONE,
                Durability.AT_COMMIT,
                pool::close,
                clock,
                beforeCommit);
    }

    /**
     * PostgreSQL outside any container, from its settings: its own connection pool and schema
     * migration, released on {@link #close()}. Not started.
     *
     * @throws IllegalStateException naming the setting, when one is wrong whatever the database says
     */
    public static SqlStorage openPostgresql(SqlStorageConfig.Postgresql settings) {
        SqlStorageConfig.validate(settings);
        AgroalDataSource pool = pool(
                settings.url(),
                org.postgresql.Driver.class,
                settings.username(),
                settings.password(),
                settings.poolSize(),
                SqlDialect.POSTGRESQL_DRIVER_SETTINGS);
        Flyway flyway = Flyway.configure()
                .dataSource(pool)
                .locations(SqlDialect.POSTGRESQL.migrations())
                .load();
        return postgresql(settings.url() + " (stele.storage.postgresql.url)", pool, flyway, pool::close);
    }

    /**
     * A pool of connections to an H2 database, the same pool Quarkus gives its datasources. H2's own
     * pool rolls every connection back when it is handed out, and a rollback empties H2's cache of
     * parsed statements, so every statement was parsed again on every use.
     */
    private static AgroalDataSource h2Pool(String url, int maxConnections) {
        return pool(url, org.h2.Driver.class, "stele", "stele", maxConnections, Map.of());
    }

    private static AgroalDataSource pool(
            String url,
            Class<? extends java.sql.Driver> driver,
            String user,
            String password,
            int maxConnections,
            Map<String, String> properties) {
        try {
            return AgroalDataSource.from(new AgroalDataSourceConfigurationSupplier()
                    .connectionPoolConfiguration(pool -> pool.maxSize(maxConnections)
                            .acquisitionTimeout(Duration.ofSeconds(30))
                            .connectionFactoryConfiguration(factory -> {
                                factory.jdbcUrl(url)
                                        .connectionProviderClass(driver)
                                        .principal(new NamePrincipal(user))
                                        .credential(new SimplePassword(password));
                                properties.forEach(factory::jdbcProperty);
                                return factory;
                            })));
        } catch (SQLException e) {
            throw new StorageUnavailableException("Cannot open the database at " + url + ": " + e.getMessage(), e);
        }
    }

    /** The pooled data source, for a caller that keeps tables of its own beside the registry's. */
    public DataSource dataSource() {
        return dataSource;
    }

    /** PostgreSQL: nodes sharing the database tell each other of changes with NOTIFY. */
    public static SqlStorage postgresql(String location, DataSource dataSource, Flyway flyway, Runnable onClose) {
        return new SqlStorage(
                SqlStorageBeans.POSTGRESQL,
                SqlDialect.POSTGRESQL,
                location,
                dataSource,
                flyway,
                new PostgresChangeSignal(dataSource),
                Durability.AT_COMMIT,
                onClose);
    }

    @Override
    public String kind() {
        return kind;
    }

    /**
     * Migrates the schema and starts hearing other nodes' changes.
     *
     * @throws StorageUnavailableException when the database cannot be reached now (not there yet, a
     *     network error, a timeout); the caller may try again
     * @throws StorageMisconfiguredException when only an operator can fix it: the login is refused,
     *     the database does not exist, the schema's migrations do not validate or one fails
     */
    @Override
    public void start() {
        try {
            flyway.migrate();
        } catch (FlywayException e) {
            throw StartFailures.classify(kind, location, e);
        }
        durability.start();
        changes.listen();
    }

    @Override
    public boolean isReady() {
        try (Connection c = dataSource.getConnection()) {
            return c.isValid(2);
        } catch (SQLException e) {
            return false;
        }
    }

    @Override
    public ArtifactStore artifacts() {
        return artifacts;
    }

    @Override
    public VersionStore versions() {
        return versions;
    }

    @Override
    public ContentStore contents() {
        return contents;
    }

    @Override
    public LatestPage latestVersions(PageRequest page) {
        return LatestPages.read(jdbc, page);
    }

    @Override
    public RuleStore rules() {
        return rules;
    }

    @Override
    public SearchStore search() {
        return search;
    }

    @Override
    public TransferStore transfer() {
        return transfer;
    }

    @Override
    public ChangeFeed changes() {
        return changes;
    }

    @Override
    public void close() {
        changes.close();
        durability.close();
        onClose.run();
    }
}
