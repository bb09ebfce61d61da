package io.stele.app.artifacts;

import io.quarkus.runtime.configuration.MemorySize;
import io.smallrye.config.ConfigMapping;
import io.smallrye.config.WithDefault;
import io.smallrye.config.WithName;

/** Settings of the REST API, under {@code stele.api}. */
@ConfigMapping(prefix = "stele.api")
public interface ApiConfig {

    /** The largest artifact content accepted; larger content is answered with 413. */
    @WithDefault("1M")
    MemorySize maxContentSize();

    /** How many artifact ids {@code GET /api/artifacts} lists at most. */
    @WithDefault("1000")
    int maxListedIds();

    /**
     * How many records {@code POST /api/admin/import} stores in one transaction, at least: a batch
     * is cut where the next artifact begins, so an artifact is never split.
     */
    @WithDefault("2000")
    @WithName("import-batch-size")
    int importBatchSize();
}
