package io.stele.app.cache;

/**
 * How {@code stele.cache.max-memory} is shared among everything the read cache keeps to answer from
 * memory, the one place that says so. The shares add up to the whole, so that the cache holds no
 * more than the setting:
 *
 * <ul>
 *   <li>70% for the latest version of each artifact with its answer, off the heap;
 *   <li>6% for versions by globalId, 7% for content;
 *   <li>5% for answers encoded about a content (the Confluent API's schema by id), 4% for answers
 *       encoded about a version (its subject versions), 3% for the questions remembered with the
 *       version or content each found (its lookups, and Apicurio's content hashes), 5% for the whole
 *       answers remembered for requests (Apicurio's registrations), all in {@link EncodedAnswers}.
 * </ul>
 *
 * @param latest the latest versions with their answers ({@link LatestCache})
 * @param versions versions by globalId
 * @param contents content by contentId
 * @param answersByContentId answers encoded about a content, by its id
 * @param answersByGlobalId answers encoded about a version, by its globalId
 * @param questions questions remembered with the version or content each found
 * @param remembered requests remembered with their whole answers
 */
public record CacheBudget(
        long latest,
        long versions,
        long contents,
        long answersByContentId,
        long answersByGlobalId,
        long questions,
        long remembered) {

    /** The shares of {@code maxMemory} bytes. */
    public static CacheBudget of(long maxMemory) {
        long percent = maxMemory / 100;
        long versions = percent * 6;
        long contents = percent * 7;
        long byContentId = percent * 5;
        long byGlobalId = percent * 4;
        long questions = percent * 3;
        long remembered = percent * 5;
        return new CacheBudget(
                maxMemory - versions - contents - byContentId - byGlobalId - questions - remembered,
                versions,
                contents,
                byContentId,
                byGlobalId,
                questions,
                remembered);
    }

    /** The shares together: {@code stele.cache.max-memory}. */
    public long total() {
        return latest + versions + contents + answersByContentId + answersByGlobalId + questions + remembered;
    }
}
