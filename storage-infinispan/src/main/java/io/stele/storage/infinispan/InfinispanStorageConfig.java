package io.stele.storage.infinispan;

import io.smallrye.config.ConfigMapping;
import io.smallrye.config.WithDefault;
import java.time.Duration;
import java.util.Optional;

/**
 * Settings of the Infinispan backend, under {@code stele.storage.infinispan}; each may also come from
 * the environment ({@code STELE_STORAGE_INFINISPAN_SERVERS} and so on). Checked when the backend
 * starts ({@link InfinispanSettings#of}), with a message naming the setting that is wrong.
 */
@ConfigMapping(prefix = "stele.storage.infinispan")
public interface InfinispanStorageConfig {

    /** The Hot Rod servers to start from, {@code host:port} separated by {@code ;} (the client learns the rest). */
    @WithDefault("127.0.0.1:11222")
    String servers();

    /** The user to authenticate as; none when absent. */
    Optional<String> username();

    /** That user's password. */
    Optional<String> password();

    /** The SASL mechanism to authenticate with. */
    @WithDefault("SCRAM-SHA-512")
    String saslMechanism();

    /** TLS to the servers. */
    Tls tls();

    /** Prefix of the cache's and counters' names: {@code <prefix>-registry} and so on. */
    @WithDefault("stele")
    String cachePrefix();

    /** How the cache the registry creates spreads its entries: {@code distributed} or {@code replicated}. */
    @WithDefault("distributed")
    String cacheMode();

    /** How many nodes keep each entry of a distributed cache. */
    @WithDefault("2")
    int owners();

    /** Whether the cache the registry creates keeps its entries in a file store on each server. */
    @WithDefault("true")
    boolean persistent();

    /** How long connecting to a server may take. */
    @WithDefault("10s")
    Duration connectTimeout();

    /** How long one request may wait for its answer. */
    @WithDefault("10s")
    Duration socketTimeout();

    /** How long a write's transaction may take before the servers roll it back. */
    @WithDefault("30s")
    Duration transactionTimeout();

    /** TLS settings. */
    interface Tls {

        /** Whether to connect over TLS. */
        @WithDefault("false")
        boolean enabled();

        /** A trust store holding the servers' certificate or its issuer; the JVM's own when absent. */
        Optional<String> trustStore();

        /** The trust store's password. */
        Optional<String> trustStorePassword();

        /** The trust store's type ({@code PKCS12}, {@code JKS}). */
        @WithDefault("PKCS12")
        String trustStoreType();

        /** The host name to send as SNI and to verify the certificate against; the first server's host when absent. */
        Optional<String> sniHostName();
    }

    /** The settings, checked. */
    default InfinispanSettings settings() {
        return InfinispanSettings.of(this);
    }
}
