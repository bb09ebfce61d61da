package io.stele.storage.testkit;

import static org.awaitility.Awaitility.await;

import io.stele.storage.RegistryStorage;
import java.time.Duration;

/** Starting a storage in a test, with a deadline for it to turn ready. */
public final class Started {

    private Started() {}

    /**
     * Starts {@code storage} and returns it once it is ready (a Kafka log replica, once it has
     * applied the log), or closes it and fails after a minute.
     */
    public static <T extends RegistryStorage> T ready(T storage) {
        try {
            storage.start();
            await("the " + storage.kind() + " storage turns ready")
                    .atMost(Duration.ofSeconds(60))
                    .pollInterval(Duration.ofMillis(10))
                    .until(storage::isReady);
        } catch (RuntimeException | Error e) {
            storage.close();
            throw e;
        }
        return storage;
    }
}
