package io.stele.storage.infinispan;

import io.stele.storage.StorageUnavailableException;
import java.time.Duration;
import java.util.concurrent.CompletionStage;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.Future;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;

/**
 * How long the registry waits for one answer of the servers: a request's socket timeout, then a
 * connection's timeout for the client to reach another server and retry there.
 *
 * <p>The Hot Rod client's blocking calls wait for at least two minutes, and an operation the client
 * itself loses (as a reconnect that fails inside the client can) would hold its caller that long.
 * Every call the stores make is therefore asynchronous and awaited here, so that a request fails
 * with {@link StorageUnavailableException} within this bound, whatever happens inside the client.
 */
final class Deadline {

    private final Duration timeout;

    Deadline(InfinispanSettings settings) {
        this(settings.socketTimeout().plus(settings.connectTimeout()));
    }

    Deadline(Duration timeout) {
        this.timeout = timeout;
    }

    /**
     * The answer, waited for no longer than the bound.
     *
     * @param what what the answer is for, in the words of an error message ("reading 'a:orders'")
     * @throws StorageUnavailableException when the servers failed, or did not answer in time; any
     *     other failure of the call is thrown as it is
     */
    <T> T await(CompletionStage<T> answer, String what) {
        Future<T> future = answer.toCompletableFuture();
        try {
            return future.get(timeout.toMillis(), TimeUnit.MILLISECONDS);
        } catch (ExecutionException e) {
            if (e.getCause() instanceof RuntimeException failure && !Unavailable.fromClient(failure)) {
                throw failure; // not the servers' failure: a bug, reported as one
            }
            throw Transactions.unavailable(what, e);
        } catch (TimeoutException e) {
            future.cancel(false);
            throw new StorageUnavailableException(
                    "Infinispan did not answer within " + timeout.toSeconds() + " s while " + what
                            + " (stele.storage.infinispan.socket-timeout and .connect-timeout)",
                    e);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw Transactions.unavailable(what, e);
        }
    }
}
