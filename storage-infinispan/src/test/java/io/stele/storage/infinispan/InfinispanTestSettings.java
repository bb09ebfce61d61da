package io.stele.storage.infinispan;

import io.stele.storage.testkit.backends.InfinispanBackend;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.Optional;

/** Settings that reach the caches of a test store. */
final class InfinispanTestSettings {

    private InfinispanTestSettings() {}

    static InfinispanSettings of(InfinispanBackend.Caches caches) {
        return of(caches.servers(), caches.prefix());
    }

    /** Settings for the caches under {@code prefix} on these servers ({@code host:port;...}). */
    static InfinispanSettings of(String servers, String prefix) {
        return new InfinispanSettings(
                List.of(servers.split(";")),
                Optional.empty(),
                Optional.empty(),
                "SCRAM-SHA-512",
                false,
                Optional.empty(),
                Optional.empty(),
                "PKCS12",
                Optional.empty(),
                prefix,
                false,
                1,
                true,
                Duration.ofSeconds(10),
                Duration.ofSeconds(10),
                Duration.ofSeconds(30));
    }

    /**
     * Settings for a one-node cluster that serves over TLS only: with {@code trustStore} present,
     * trusting that PKCS12 store, else the JVM's own trust store; {@code tls} false connects in the
     * clear.
     */
    static InfinispanSettings overTls(
            String servers, String prefix, boolean tls, Optional<Path> trustStore, Optional<String> password) {
        return new InfinispanSettings(
                List.of(servers.split(";")),
                Optional.empty(),
                Optional.empty(),
                "SCRAM-SHA-512",
                tls,
                trustStore,
                password,
                "PKCS12",
                Optional.empty(),
                prefix,
                false,
                1,
                true,
                Duration.ofSeconds(10),
                Duration.ofSeconds(10),
                Duration.ofSeconds(30));
    }

    /** The same settings with another number of owners. */
    static InfinispanSettings withOwners(InfinispanSettings s, int owners) {
        return new InfinispanSettings(
                s.servers(),
                s.username(),
                s.password(),
                s.saslMechanism(),
                s.tls(),
                s.trustStore(),
                s.trustStorePassword(),
                s.trustStoreType(),
                s.sniHostName(),
                s.cachePrefix(),
                s.replicated(),
                owners,
                s.persistent(),
                s.connectTimeout(),
                s.socketTimeout(),
                s.transactionTimeout());
    }
}
