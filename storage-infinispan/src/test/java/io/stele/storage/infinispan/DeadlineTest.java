package io.stele.storage.infinispan;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.stele.storage.StorageUnavailableException;
import java.time.Duration;
import java.util.concurrent.CompletableFuture;
import org.infinispan.client.hotrod.exceptions.TransportException;
import org.junit.jupiter.api.Test;

/**
 * A request waits for the servers within one bound, whatever the Hot Rod client does: once its
 * reconnect failed inside the client and the operation it carried never completed, so a read held
 * its request for about 35 s instead of failing with 503.
 */
class DeadlineTest {

    private final Deadline deadline = new Deadline(Duration.ofMillis(200));

    @Test
    void await_whenTheClientNeverCompletesTheOperation_failsAsUnavailable_andCancelsIt() {
        CompletableFuture<Object> lost = new CompletableFuture<>();
        assertThatThrownBy(() -> deadline.await(lost, "reading a:orders"))
                .isInstanceOf(StorageUnavailableException.class)
                .hasMessageContaining("did not answer")
                .hasMessageContaining("reading a:orders")
                .hasMessageContaining("stele.storage.infinispan.socket-timeout");
        assertThat(lost).isCancelled();
    }

    @Test
    void await_whenTheServersFail_failsAsUnavailable() {
        CompletableFuture<Object> failed = CompletableFuture.failedFuture(new TransportException("gone", null));
        assertThatThrownBy(() -> deadline.await(failed, "reading a:orders"))
                .isInstanceOf(StorageUnavailableException.class)
                .hasMessageContaining("reading a:orders");
    }

    @Test
    void await_whenTheCallFailsForAnotherReason_throwsThatFailure() {
        IllegalStateException bug = new IllegalStateException("a bug");
        assertThatThrownBy(() -> deadline.await(CompletableFuture.failedFuture(bug), "reading"))
                .isSameAs(bug);
    }

    @Test
    void await_whenAnswered_returnsTheAnswer() {
        assertThat(deadline.await(CompletableFuture.completedFuture("v"), "reading"))
                .isEqualTo("v");
    }
}
