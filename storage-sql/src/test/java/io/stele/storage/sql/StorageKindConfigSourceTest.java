package io.stele.storage.sql;

import static org.assertj.core.api.Assertions.assertThat;

import io.smallrye.config.SmallRyeConfig;
import io.smallrye.config.SmallRyeConfigBuilder;
import org.junit.jupiter.api.Test;

/** What the SQL backends derive for Quarkus' datasources from the registry's own settings. */
class StorageKindConfigSourceTest {

    private static SmallRyeConfig config(String kind) {
        return new SmallRyeConfigBuilder()
                .withDefaultValue("stele.storage.kind", kind)
                .withDefaultValue("stele.storage.embedded.dir", "target/derived")
                .withSources(new StorageKindConfigSource())
                .build();
    }

    @Test
    void postgresql_activatesItsDatasource_withTheDriverSettingsTheBackendReliesOn() {
        SmallRyeConfig config = config(SqlStorageBeans.POSTGRESQL);
        assertThat(config.getValue("quarkus.datasource.postgresql.active", Boolean.class))
                .isTrue();
        assertThat(config.getValue("quarkus.datasource.embedded.active", Boolean.class))
                .isFalse();
        SqlDialect.POSTGRESQL_DRIVER_SETTINGS.forEach((name, value) -> assertThat(config.getValue(
                        "quarkus.datasource.postgresql.jdbc.additional-jdbc-properties." + name, String.class))
                .isEqualTo(value));
        assertThat(SqlDialect.POSTGRESQL_DRIVER_SETTINGS).containsEntry("reWriteBatchedInserts", "true");
    }

    @Test
    void embedded_activatesItsDatasource_atTheUrlOfItsFolder() {
        SmallRyeConfig config = config(SqlStorageBeans.EMBEDDED);
        assertThat(config.getValue("quarkus.datasource.embedded.active", Boolean.class))
                .isTrue();
        assertThat(config.getValue("quarkus.datasource.embedded.jdbc.url", String.class))
                .startsWith("jdbc:h2:file:")
                .contains("derived");
    }
}
