package io.stele.storage.infinispan;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.stele.storage.ArtifactType;
import io.stele.storage.Content;
import io.stele.storage.EditableMeta;
import io.stele.storage.StorageException;
import io.stele.storage.StorageMisconfiguredException;
import io.stele.storage.VersionDraft;
import io.stele.testservers.InfinispanServer;
import java.nio.file.Path;
import java.util.Optional;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

/**
 * A node that serves Hot Rod over TLS only, with a certificate of its own: the registry writes and
 * reads through it when its settings trust that certificate, and refuses to start, naming the
 * settings to check, when they do not.
 */
class InfinispanTlsIT {

    private static InfinispanServer node;

    @BeforeAll
    static void startNode() {
        node = InfinispanServer.startOverTls(Path.of("target"));
    }

    @AfterAll
    static void stopNode() {
        if (node != null) {
            node.close();
        }
    }

    private static InfinispanStorage storage(String prefix, boolean tls, Optional<Path> trustStore) {
        Optional<String> password = trustStore.map(t -> node.tls().password());
        return new InfinispanStorage(
                () -> InfinispanTestSettings.overTls(node.servers(), prefix, tls, trustStore, password));
    }

    @Test
    void trustingTheNodesCertificate_writesAndReadsOverTls() {
        try (InfinispanStorage storage =
                storage("tls-trusted", true, Optional.of(node.tls().keyStore()))) {
            storage.start();
            String schema = "{\"type\":\"record\",\"name\":\"Order\",\"fields\":[]}";
            long globalId = storage.artifacts()
                    .create(new VersionDraft(
                            "orders",
                            ArtifactType.AVRO,
                            Content.of(schema),
                            EditableMeta.named("orders", null),
                            "alice"))
                    .globalId();
            assertThat(storage.versions().latest("orders").orElseThrow().globalId())
                    .isEqualTo(globalId);
            assertThat(storage.contents()
                            .byGlobalId(globalId)
                            .orElseThrow()
                            .content()
                            .text())
                    .isEqualTo(schema);
        }
    }

    @Test
    void withTheJvmsTrustStore_theNodeIsNotTrusted_andStartFailsNamingTheTlsSettings() {
        try (InfinispanStorage storage = storage("tls-untrusted", true, Optional.empty())) {
            assertThatThrownBy(storage::start)
                    .isInstanceOf(StorageMisconfiguredException.class)
                    .hasMessageContaining("TLS handshake")
                    .hasMessageContaining(node.servers())
                    .hasMessageContaining("stele.storage.infinispan.tls.trust-store");
        }
    }

    @Test
    void withoutTls_theNodeDoesNotAnswer_andStartFails() {
        try (InfinispanStorage storage = storage("tls-clear", false, Optional.empty())) {
            assertThatThrownBy(storage::start)
                    .isInstanceOf(StorageException.class)
                    .hasMessageContaining(node.servers());
        }
    }
}
