package io.stele.app.cache;

import io.quarkus.runtime.configuration.MemorySize;
import io.smallrye.config.ConfigMapping;
import io.smallrye.config.WithDefault;
import java.time.Duration;

/** Settings of the read cache, under {@code stele.cache}. */
@ConfigMapping(prefix = "stele.cache")
public interface CacheConfig {

    /**
     * Memory the caches may hold together, shared as {@link CacheBudget} says: 70% for the latest
     * version of each artifact with the content it answers GET latest with, kept off the heap in
     * direct memory (so the JVM's direct memory limit must be above it), the rest on the heap.
     */
    @WithDefault("256M")
    MemorySize maxMemory();

    /**
     * The longest a cached version is trusted. Changes reach caches within milliseconds; this bounds
     * the rare case of a change whose announcement was lost (its writer died right after the commit).
     */
    @WithDefault("10M")
    Duration versionTtl();

    /**
     * The longest a registry spends, as it starts and before it reports ready, filling the cache
     * with each artifact's latest version and content, in artifact id order, until every artifact is
     * read or the cache is full: a replica that joins under load then answers from memory at once.
     * {@code 0s} turns it off. The default lets a registry of a million artifacts on a 2-core
     * machine shared with PostgreSQL read them all, with time to spare (docs/performance.md).
     */
    @WithDefault("60s")
    Duration warmUp();
}
