package io.stele.storage.infinispan;

import io.stele.storage.testkit.backends.InfinispanBackend;
import java.time.Duration;
import java.util.List;
import java.util.Optional;

/** Settings that reach the caches of a test store. */
final class InfinispanTestSettings {

    private InfinispanTestSettings() {}

    static InfinispanSettings of(InfinispanBackend.Caches caches) {
        return new InfinispanSettings(
                List.of(caches.servers().split(";")),
                Optional.empty(),
                Optional.empty(),
                "SCRAM-SHA-512",
                false,
                Optional.empty(),
                Optional.empty(),
                "PKCS12",
                Optional.empty(),
                caches.prefix(),
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
