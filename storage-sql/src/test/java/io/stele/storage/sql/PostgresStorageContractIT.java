package io.stele.storage.sql;

import io.stele.storage.RegistryStorage;
import io.stele.storage.testkit.StorageContractSuite;
import io.stele.testservers.PostgresServer;
import org.flywaydb.core.Flyway;
import org.postgresql.ds.PGSimpleDataSource;

/** PostgreSQL, on a real server the build starts, in a database of its own. */
class PostgresStorageContractIT extends StorageContractSuite {

    private final PostgresServer server = PostgresServer.shared();
    private final String database = server.createDatabase();

    @Override
    protected RegistryStorage openStorage() {
        PGSimpleDataSource dataSource = new PGSimpleDataSource();
        dataSource.setURL(server.jdbcUrl(database));
        dataSource.setUser(PostgresServer.USER);
        dataSource.setPassword(PostgresServer.PASSWORD);
        Flyway flyway = Flyway.configure()
                .dataSource(dataSource)
                .locations(SqlDialect.POSTGRESQL.migrations())
                .load();
        SqlStorage storage = SqlStorage.postgresql(server.jdbcUrl(database), dataSource, flyway, () -> {});
        storage.start();
        return storage;
    }
}
