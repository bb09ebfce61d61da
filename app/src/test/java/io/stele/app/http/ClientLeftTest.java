package io.stele.app.http;

import static org.assertj.core.api.Assertions.assertThat;

import io.vertx.core.http.HttpClosedException;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.channels.ClosedChannelException;
import org.junit.jupiter.api.Test;

/** A client that left is told from the registry's own failures, whichever way Vert.x reports it. */
class ClientLeftTest {

    @Test
    void aClosedConnection_isTheClientLeaving_whereverItIsInTheCauses() {
        assertThat(ClientLeft.is(new HttpClosedException("Connection was closed")))
                .isTrue();
        assertThat(ClientLeft.is(new IOException(new ClosedChannelException()))).isTrue();
        assertThat(ClientLeft.is(new UncheckedIOException(new IOException(new ClosedChannelException()))))
                .isTrue();
    }

    @Test
    void anyOtherFailure_isNot() {
        assertThat(ClientLeft.is(new IOException("disk full"))).isFalse();
        assertThat(ClientLeft.is(new IllegalStateException())).isFalse();
        assertThat(ClientLeft.is(null)).isFalse();
    }
}
