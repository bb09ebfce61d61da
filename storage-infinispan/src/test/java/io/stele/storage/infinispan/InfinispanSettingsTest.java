package io.stele.storage.infinispan;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.quarkus.runtime.configuration.DurationConverter;
import io.smallrye.config.PropertiesConfigSource;
import io.smallrye.config.SmallRyeConfig;
import io.smallrye.config.SmallRyeConfigBuilder;
import io.stele.storage.StorageMisconfiguredException;
import java.time.Duration;
import java.util.HashMap;
import java.util.Map;
import org.junit.jupiter.api.Test;

/** The settings as the registry reads them, through the same configuration mapping and converters. */
class InfinispanSettingsTest {

    private static InfinispanSettings settings(Map<String, String> values) {
        SmallRyeConfig config = new SmallRyeConfigBuilder()
                .withMapping(InfinispanStorageConfig.class)
                .withConverter(Duration.class, 100, new DurationConverter())
                .withSources(new PropertiesConfigSource(values, "test", 500))
                .build();
        return config.getConfigMapping(InfinispanStorageConfig.class).settings();
    }

    private static Map<String, String> with(String name, String value) {
        Map<String, String> values = new HashMap<>();
        values.put("stele.storage.infinispan." + name, value);
        return values;
    }

    @Test
    void defaultsReachOneLocalServerWithTwoOwnersInAFileStore() {
        InfinispanSettings s = settings(Map.of());
        assertThat(s.servers()).containsExactly("127.0.0.1:11222");
        assertThat(s.cachePrefix()).isEqualTo("stele");
        assertThat(s.replicated()).isFalse();
        assertThat(s.owners()).isEqualTo(2);
        assertThat(s.persistent()).isTrue();
        assertThat(s.username()).isEmpty();
        assertThat(s.tls()).isFalse();
        assertThat(s.transactionTimeout()).isEqualTo(Duration.ofSeconds(30));
    }

    @Test
    void takesSeveralServersAndReplicatedCaches() {
        Map<String, String> values = with("servers", "10.0.0.1:11222; ispn-2:11223");
        values.put("stele.storage.infinispan.cache-mode", "Replicated");
        InfinispanSettings s = settings(values);
        assertThat(s.servers()).containsExactly("10.0.0.1:11222", "ispn-2:11223");
        assertThat(s.replicated()).isTrue();
    }

    @Test
    void eachWrongSettingIsRefusedByName() {
        assertRefused(with("servers", " ; "), "stele.storage.infinispan.servers");
        assertRefused(with("servers", "no-port"), "stele.storage.infinispan.servers");
        assertRefused(with("username", "registry"), "stele.storage.infinispan.username");
        assertRefused(with("tls.trust-store", "/no/such/file.p12"), "stele.storage.infinispan.tls.trust-store");
        assertRefused(with("cache-prefix", "has space"), "stele.storage.infinispan.cache-prefix");
        assertRefused(with("cache-mode", "scattered"), "stele.storage.infinispan.cache-mode");
        assertRefused(with("owners", "0"), "stele.storage.infinispan.owners");
        assertRefused(with("socket-timeout", "0s"), "stele.storage.infinispan.socket-timeout");
    }

    private static void assertRefused(Map<String, String> values, String setting) {
        assertThatThrownBy(() -> settings(values))
                .isInstanceOf(StorageMisconfiguredException.class)
                .hasMessageStartingWith(setting + " ");
    }

    @Test
    void cacheConfigurationIsTransactionalIndexedAndPersistent() {
        InfinispanSettings s = settings(Map.of());
        assertThat(Cluster.cacheName(s)).isEqualTo("stele-registry");
        assertThat(Cluster.cacheXml(s, "stele-registry"))
                .startsWith("<distributed-cache name=\"stele-registry\" owners=\"2\"")
                .contains("<transaction mode=\"NON_DURABLE_XA\" locking=\"PESSIMISTIC\"/>")
                .contains("<locking isolation=\"REPEATABLE_READ\" acquire-timeout=\"5000\"/>")
                .contains("<indexed-entity>stele.ArtifactEntry</indexed-entity>")
                .contains("<indexed-entity>stele.VersionEntry</indexed-entity>")
                .contains("<file-store/>");
        InfinispanSettings replicated = settings(with("cache-mode", "replicated"));
        assertThat(Cluster.cacheXml(replicated, "stele-registry"))
                .startsWith("<replicated-cache name=\"stele-registry\" mode=\"SYNC\"");
    }

    @Test
    void theDefaultSniHostIsTheFirstServersHost() {
        assertThat(Cluster.host("ispn-1.data.svc:11222")).isEqualTo("ispn-1.data.svc");
        assertThat(Cluster.host("[::1]:11222")).isEqualTo("::1");
        assertThat(Cluster.host("ispn-2")).isEqualTo("ispn-2");
    }
}
