package io.stele.app.cache;

import io.quarkus.runtime.configuration.MemorySize;
import io.smallrye.config.ConfigMapping;
import io.smallrye.config.WithDefault;

/** Settings of the read cache, under {@code stele.cache}. */
@ConfigMapping(prefix = "stele.cache")
public interface CacheConfig {

    /**
     * Memory the cache may hold: 20% for the latest version of each artifact, 10% for versions by
     * globalId, 70% for content.
     */
    @WithDefault("256M")
    MemorySize maxMemory();
}
