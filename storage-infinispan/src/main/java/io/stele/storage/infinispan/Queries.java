package io.stele.storage.infinispan;

import io.stele.storage.StoredVersion;
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

    /** Every version matching {@code where} (over {@code v}, with {@code :value}), by artifact and number. */
    static List<StoredVersion> versions(Region<String, VersionEntry> versions, String where, Object value) {
        List<StoredVersion> all = new ArrayList<>();
        int offset = 0;
        while (true) {
            Query<VersionEntry> query =
                    versions.query("FROM stele.VersionEntry v WHERE " + where + " ORDER BY v.artifactId, v.version");
            query.setParameter("value", value);
            query.startOffset(offset);
            query.maxResults(BATCH);
            List<VersionEntry> page = versions.run(query, "finding versions").list();
            page.forEach(e -> all.add(Entries.stored(e)));
            if (page.size() < BATCH) {
                return all;
            }
            offset += BATCH;
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
