package io.stele.storage.testkit;

import static org.awaitility.Awaitility.await;

import io.stele.storage.RegistryStorage;
import java.time.Duration;

/** Starting a storage in a test, with a deadline for it to turn ready. */
public final class Started {

    private static final Duration READY_WITHIN = Duration.ofSeconds(60);

    private Started() {}

    /**
     * Starts {@code storage} and returns it once it is ready (a Kafka log replica, once it has
     * applied the log), or closes it and fails after a minute.
     */
    public static <T extends RegistryStorage> T ready(T storage) {
        return ready(storage, READY_WITHIN);
    }

    /** As {@link #ready(RegistryStorage)}, failing after {@code within}. */
    public static <T extends RegistryStorage> T ready(T storage, Duration within) {
        try {
            storage.start();
            awaitReady(storage, within);
        } catch (RuntimeException | Error e) {
            storage.close();
            throw e;
        }
        return storage;
    }

    /** Waits until a started storage is ready, failing after {@code within}. */
    public static void awaitReady(RegistryStorage storage, Duration within) {
        await("the " + storage.kind() + " storage turns ready")
                .atMost(within)
                .pollInterval(Duration.ofMillis(10))
                .until(storage::isReady);
    }
}
