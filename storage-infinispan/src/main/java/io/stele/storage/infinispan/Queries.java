package io.stele.storage.infinispan;

import java.util.ArrayList;
import java.util.List;
import org.infinispan.commons.api.query.Query;

/**
 * The indexed queries the stores make, in Infinispan's query language over the entries' Protobuf
 * types. The servers update the index as a transaction commits, so a query sees every write that
 * returned before it.
 */
final class Queries {

    /** How many hits a query reads per request when it reads them all. */
    static final int BATCH = 1_000;

    private Queries() {}

    /**
     * Every version entry matching {@code where} (over {@code v}, with {@code :value}), by artifact
     * and number, whether its artifact's entry lists it or not.
     */
    static List<VersionEntry> versions(Region<Long, VersionEntry> versions, String where, Object value) {
        List<VersionEntry> all = new ArrayList<>();
        int offset = 0;
        while (true) {
            Query<VersionEntry> query =
                    versions.query("FROM stele.VersionEntry v WHERE " + where + " ORDER BY v.artifactId, v.version");
            query.setParameter("value", value);
            query.startOffset(offset);
            query.maxResults(BATCH);
            List<VersionEntry> page = versions.run(query, "finding versions").list();
            all.addAll(page);
            if (page.size() < BATCH) {
                return all;
            }
            offset += BATCH;
        }
    }

    /**
     * The sum of one projectable int field of every entry of this type with an id, read from the
     * index in pages by id.
     */
    static long sum(Region<?, ?> cache, String type, String field) {
        long sum = 0;
        String after = null;
        while (true) {
            Query<Object[]> query = cache.query("SELECT e.id, e." + field + " FROM " + type + " e"
                    + (after == null ? "" : " WHERE e.id > :after") + " ORDER BY e.id");
            if (after != null) {
                query.setParameter("after", after);
            }
            query.maxResults(BATCH);
            List<Object[]> page = cache.run(query, "counting").list();
            for (Object[] row : page) {
                sum += ((Number) row[1]).longValue();
                after = (String) row[0];
            }
            if (page.size() < BATCH) {
                return sum;
            }
        }
    }

    /** How many entries of this type the cache holds, counted by the index. */
    static long count(Region<?, ?> cache, String type) {
        Query<Object> query = cache.query("FROM " + type);
        query.maxResults(0);
        query.hitCountAccuracy(Integer.MAX_VALUE);
        return cache.run(query, "counting").count().value();
    }
}
