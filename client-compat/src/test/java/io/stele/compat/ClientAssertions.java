package io.stele.compat;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.catchThrowable;

import javax.ws.rs.WebApplicationException;
import org.assertj.core.api.ThrowableAssert.ThrowingCallable;

/** How the suite reads what the 1.3.2 client did. */
final class ClientAssertions {

    private ClientAssertions() {}

    /**
     * Fails unless {@code call} throws the client's exception for {@code status}. The 1.3.2 client
     * reads only the status line of an error, never its body.
     */
    static void assertStatus(int status, ThrowingCallable call) {
        Throwable thrown = catchThrowable(call);
        assertThat(thrown)
                .as("expected the client to fail with HTTP %d", status)
                .isInstanceOf(WebApplicationException.class);
        assertThat(((WebApplicationException) thrown).getResponse().getStatus())
                .as(thrown.toString())
                .isEqualTo(status);
    }

    /** The client returns null when it cannot read a 2xx answer (an unknown field, a wrong type). */
    static <T> T present(T value) {
        assertThat(value)
                .as("the client could not read the answer; see its SEVERE log line")
                .isNotNull();
        return value;
    }
}
