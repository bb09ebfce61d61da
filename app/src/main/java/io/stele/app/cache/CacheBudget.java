package io.stele.app.cache;

/**
 * How {@code stele.cache.max-memory} is shared among everything the registry keeps in memory to
 * answer from, the one place that says so. The shares add up to the whole, so that the caches
 * together hold no more than the setting:
 *
 * <ul>
 *   <li>70% for the latest version of each artifact with its answer, off the heap;
 *   <li>6% for versions by globalId, 12% for content;
 *   <li>5% for the Confluent API's encoded schemas by id, 4% for its encoded versions, 3% for the
 *       lookups it remembers by their text.
 * </ul>
 *
 * @param latest the latest versions with their answers ({@link LatestCache})
 * @param versions versions by globalId
 * @param contents content by contentId
 * @param confluentSchemas the Confluent API's answers by schema id
 * @param confluentVersions the Confluent API's answers for versions
 * @param confluentLookups the Confluent API's lookups remembered by their text
 */
public record CacheBudget(
        long latest,
        long versions,
        long contents,
        long confluentSchemas,
        long confluentVersions,
        long confluentLookups) {

    /** The shares of {@code maxMemory} bytes. */
    public static CacheBudget of(long maxMemory) {
        long percent = maxMemory / 100;
        long versions = percent * 6;
        long contents = percent * 12;
        long schemas = percent * 5;
        long confluentVersions = percent * 4;
        long lookups = percent * 3;
        return new CacheBudget(
                maxMemory - versions - contents - schemas - confluentVersions - lookups,
                versions,
                contents,
                schemas,
                confluentVersions,
                lookups);
    }

    /** The shares together: {@code stele.cache.max-memory}. */
    public long total() {
        return latest + versions + contents + confluentSchemas + confluentVersions + confluentLookups;
    }
}
