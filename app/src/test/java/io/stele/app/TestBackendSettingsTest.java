package io.stele.app;

import static org.assertj.core.api.Assertions.assertThat;

import io.stele.storage.testkit.backends.EmbeddedBackend;
import io.stele.storage.testkit.backends.InfinispanBackend;
import io.stele.storage.testkit.backends.KafkaBackend;
import io.stele.storage.testkit.backends.PostgresBackend;
import io.stele.storage.testkit.backends.Store;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * The settings the test backends give a registry (and the benchmarks, through ServeBackend) are
 * settings the registry reads, as its {@code @ConfigMapping}s declare them: a key misspelled there
 * would leave a test running on a default.
 */
class TestBackendSettingsTest {

    @Test
    void everyTestBackendsStore_givesOnlySettingsTheRegistryReads() throws Exception {
        List<Store> stores = List.of(
                new EmbeddedBackend.Folder(Path.of("data")),
                new PostgresBackend.Database("jdbc:postgresql://127.0.0.1:5432/stele"),
                new KafkaBackend.Topic("127.0.0.1:9092", "stele-log", Path.of("states")),
                new InfinispanBackend.Caches("127.0.0.1:11222", "stele"));
        for (Store store : stores) {
            assertThat(store.replica("a").keySet())
                    .as("the settings of %s", store.getClass().getSimpleName())
                    .isNotEmpty()
                    .isSubsetOf(SettingsDocumentedTest.settingsRead());
        }
    }
}
