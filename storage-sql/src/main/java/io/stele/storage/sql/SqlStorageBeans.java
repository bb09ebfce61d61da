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
    RegistryStorage embedded(@Any Instance<AgroalDataSource> dataSources, @Any Instance<Flyway> flyways) {
        return open(EMBEDDED, dataSources, flyways);
    }

    @Produces
    @ApplicationScoped
    @LookupIfProperty(name = "stele.storage.kind", stringValue = POSTGRESQL)
    RegistryStorage postgresql(@Any Instance<AgroalDataSource> dataSources, @Any Instance<Flyway> flyways) {
        return open(POSTGRESQL, dataSources, flyways);
    }

    private static RegistryStorage open(String name, Instance<AgroalDataSource> dataSources, Instance<Flyway> flyways) {
        AgroalDataSource dataSource = dataSources.select(new DataSource.DataSourceLiteral(name)).get();
        Flyway flyway = flyways.select(FlywayDataSource.FlywayDataSourceLiteral.of(name)).get();
        return new SqlStorage(name, dataSource, flyway, () -> {});
    }
}
