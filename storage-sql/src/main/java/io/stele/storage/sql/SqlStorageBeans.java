package io.stele.storage.sql;

import io.agroal.api.AgroalDataSource;
import io.quarkus.agroal.DataSource;
import io.quarkus.arc.lookup.LookupIfProperty;
import io.quarkus.flyway.FlywayDataSource;
import io.stele.storage.RegistryStorage;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.enterprise.inject.Any;
import jakarta.enterprise.inject.Instance;
import jakarta.enterprise.inject.Produces;
import org.flywaydb.core.Flyway;

/**
 * Contributes the SQL backends. Each is looked up only when {@code stele.storage.kind} names it;
 * {@link StorageKindConfigSource} activates the matching Quarkus datasource.
 */
@ApplicationScoped
public class SqlStorageBeans {

    /** The embedded default: H2 in a local folder, no server to install. */
    public static final String EMBEDDED = "embedded";

    public static final String POSTGRESQL = "postgresql";

    @Produces
    @ApplicationScoped
    @LookupIfProperty(name = "stele.storage.kind", stringValue = EMBEDDED, lookupIfMissing = true)
    RegistryStorage embedded(
            SqlStorageConfig config, @Any Instance<AgroalDataSource> dataSources, @Any Instance<Flyway> flyways) {
        return SqlStorage.embedded(
                config.embedded().dir() + " (stele.storage.embedded.dir)",
                dataSource(EMBEDDED, dataSources),
                flyway(EMBEDDED, flyways),
                () -> {});
    }

    @Produces
    @ApplicationScoped
    @LookupIfProperty(name = "stele.storage.kind", stringValue = POSTGRESQL)
    RegistryStorage postgresql(
            SqlStorageConfig config, @Any Instance<AgroalDataSource> dataSources, @Any Instance<Flyway> flyways) {
        SqlStorageConfig.validate(config.postgresql());
        String location = config.postgresql().url() + " (stele.storage.postgresql.url) as user '"
                + config.postgresql().username()
                + "' (stele.storage.postgresql.username, stele.storage.postgresql.password)";
        return SqlStorage.postgresql(
                location, dataSource(POSTGRESQL, dataSources), flyway(POSTGRESQL, flyways), () -> {});
    }

    private static AgroalDataSource dataSource(String name, Instance<AgroalDataSource> dataSources) {
        return dataSources.select(new DataSource.DataSourceLiteral(name)).get();
    }

    private static Flyway flyway(String name, Instance<Flyway> flyways) {
        return flyways.select(FlywayDataSource.FlywayDataSourceLiteral.of(name)).get();
    }
}
