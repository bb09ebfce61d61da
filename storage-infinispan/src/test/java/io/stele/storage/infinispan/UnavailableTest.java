package io.stele.storage.infinispan;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.stele.storage.ContentStore;
import io.stele.storage.NotFoundException;
import io.stele.storage.StorageUnavailableException;
import io.stele.storage.StoredContent;
import java.util.Optional;
import org.infinispan.client.hotrod.exceptions.TransportException;
import org.junit.jupiter.api.Test;

/**
 * What the guard around each store takes for the servers' unavailability: the Hot Rod client's
 * errors, including the one its transport throws when it moves requests to another channel as a
 * server is killed, and nothing the registry's own code throws.
 */
class UnavailableTest {

    /** The error Hot Rod 15.x's dispatcher threw out of a write when a node of the cluster was killed. */
    private static UnsupportedOperationException channelChangeFailure() {
        UnsupportedOperationException error = new UnsupportedOperationException("remove");
        error.setStackTrace(new StackTraceElement[] {
            new StackTraceElement(
                    "io.netty.util.internal.shaded.org.jctools.queues.BaseMpscLinkedArrayQueue$WeakIterator",
                    "remove",
                    null,
                    654),
            new StackTraceElement("java.util.AbstractCollection", "remove", null, 283),
            new StackTraceElement(
                    "org.infinispan.client.hotrod.impl.transport.netty.OperationDispatcher",
                    "handleChannelChangePossibility",
                    null,
                    335),
            new StackTraceElement("io.stele.storage.infinispan.VersionWrites", "next", null, 172)
        });
        return error;
    }

    /** A store whose every read throws {@code error}. */
    private static ContentStore throwing(RuntimeException error) {
        return Unavailable.guard(ContentStore.class, new ContentStore() {
            @Override
            public Optional<StoredContent> byContentId(long contentId) {
                throw error;
            }

            @Override
            public Optional<StoredContent> byGlobalId(long globalId) {
                throw error;
            }

            @Override
            public Optional<StoredContent> byIdentity(String sha256) {
                throw error;
            }
        });
    }

    @Test
    void theClientsTransportFailing_whileItChangesChannels_isTheServersUnavailability() {
        assertThat(Unavailable.fromClient(channelChangeFailure())).isTrue();
        assertThatThrownBy(() -> throwing(channelChangeFailure()).byContentId(1))
                .isInstanceOf(StorageUnavailableException.class)
                .hasMessageContaining("byContentId");
    }

    @Test
    void theClientsOwnErrors_areTheServersUnavailability() {
        assertThat(Unavailable.fromClient(new TransportException("gone", null))).isTrue();
        assertThatThrownBy(() -> throwing(new TransportException("gone", null)).byIdentity("x"))
                .isInstanceOf(StorageUnavailableException.class);
    }

    @Test
    void whatTheRegistryThrows_passesThroughAsItIs() {
        UnsupportedOperationException ours = new UnsupportedOperationException("not here");
        ours.setStackTrace(new StackTraceElement[] {
            new StackTraceElement("io.stele.storage.infinispan.VersionWrites", "next", null, 1),
            new StackTraceElement("org.infinispan.client.hotrod.impl.transport.netty.ChannelPool", "x", null, 1)
        });
        NotFoundException missing = NotFoundException.contentId(1);

        assertThat(Unavailable.fromClient(ours)).isFalse();
        assertThat(Unavailable.fromClient(new IllegalStateException("a bug"))).isFalse();
        assertThatThrownBy(() -> throwing(missing).byContentId(1)).isSameAs(missing);
        assertThatThrownBy(() -> throwing(ours).byContentId(1)).isSameAs(ours);
    }
}
