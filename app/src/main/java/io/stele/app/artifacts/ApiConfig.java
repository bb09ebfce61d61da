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

    /**
     * The largest page a search returns ({@code limit} above it is lowered to it). {@code GET
     * /api/artifacts} is not bound by it: it streams every id.
     */
    @WithDefault("1000")
    int maxListedIds();

    /**
     * How many ids {@code GET /api/artifacts} reads from the backend at a time while it streams them
     * all; values outside 1 to 100000 are clamped to that range.
     */
    @WithDefault("1000")
    int listPageSize();

    /**
     * How many records {@code POST /api/admin/import} stores in one transaction, at least: a batch
     * is cut where the next artifact begins, so an artifact is never split.
     */
    @WithDefault("2000")
    @WithName("import-batch-size")
    int importBatchSize();

    /**
     * The most bytes one record of an import may hold: an export's line, or an entry of Apicurio's
     * zip. Twice {@link #maxContentSize()}, since a content's bytes may grow when written as JSON,
     * and room for its metadata.
     */
    default long maxImportRecordBytes() {
        return 2 * maxContentSize().asLongValue() + 64 * 1024;
    }

    /**
     * Whether Apicurio's v3 API deletes artifacts and versions. Off by default, as in Apicurio
     * Registry 3, where such a {@code DELETE} answers 405; the v1, v2 and Confluent APIs delete
     * whatever this says, as their references do.
     */
    @WithName("v3-deletes")
    @WithDefault("false")
    boolean v3Deletes();

    /**
     * Whether Apicurio's v2 API deletes one version ({@code DELETE .../versions/{version}}). Off by
     * default, as in Apicurio Registry 2.x, where such a {@code DELETE} answers 405; deleting a
     * whole artifact through the v2 API is always on, as it is there.
     */
    @WithName("v2-version-deletes")
    @WithDefault("false")
    boolean v2VersionDeletes();
}
