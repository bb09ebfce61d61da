package io.stele.app.cache;

import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CompletionException;
import java.util.function.Supplier;

/**
 * A load from the backend published as a future before it starts, so that other callers of the same
 * key wait for it instead of loading again, and a map's lock is never held while the backend
 * answers: the map holds the future, the load runs in the caller's thread outside it.
 */
final class Loads {

    private Loads() {}

    /** Runs the load in this thread, completes the future with its outcome, and returns or rethrows it. */
    static <T> T run(CompletableFuture<T> future, Supplier<T> load) {
        try {
            T value = load.get();
            future.complete(value);
            return value;
        } catch (RuntimeException | Error e) {
            future.completeExceptionally(e);
            throw e;
        }
    }

    /** Waits for another caller's load and returns its value, or throws what it threw. */
    static <T> T await(CompletableFuture<T> future) {
        try {
            return future.join();
        } catch (CompletionException e) {
            if (e.getCause() instanceof RuntimeException failure) {
                throw failure;
            }
            if (e.getCause() instanceof Error error) {
                throw error;
            }
            throw e;
        }
    }
}
