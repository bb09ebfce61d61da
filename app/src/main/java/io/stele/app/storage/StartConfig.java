package io.stele.app.storage;

import io.smallrye.config.ConfigMapping;
import io.smallrye.config.WithDefault;
import java.time.Duration;

/** How the registry starts its storage backend, under {@code stele.storage}. */
@ConfigMapping(prefix = "stele.storage")
public interface StartConfig {

    /**
     * How long start-up waits for the first attempt to start the backend before HTTP opens; a
     * longer attempt goes on in the background.
     */
    @WithDefault("10s")
    Duration startWait();
}
