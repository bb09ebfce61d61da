package io.stele.storage.infinispan;

import io.stele.storage.ArtifactQuery;
import io.stele.storage.NotFoundException;
import io.stele.storage.Page;
import io.stele.storage.PageRequest;
import io.stele.storage.SearchStore;
import io.stele.storage.StoredArtifact;
import io.stele.storage.StoredVersion;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.stream.Collectors;
import org.infinispan.commons.api.query.Query;
import org.infinispan.commons.api.query.QueryResult;

/**
 * Searches over the fields each artifact's entry keeps of the version it shows, served by the
 * index: a substring match over lower-case keyword fields, ordered by the shown name, then the id.
 */
final class InfinispanSearchStore implements SearchStore {

    private final Cluster cluster;
    private final InfinispanVersionStore versions;

    InfinispanSearchStore(Cluster cluster, InfinispanVersionStore versions) {
        this.cluster = cluster;
        this.versions = versions;
    }

    @Override
    public Page<StoredArtifact> artifacts(ArtifactQuery search) {
        PageRequest page = search.page().byOffset();
        String field =
                switch (search.over()) {
                    case EVERYTHING -> "a.text";
                    case NAME -> "a.nameText";
                    case DESCRIPTION -> "a.descriptionText";
                    case LABELS -> "a.labelsText";
                };
        String direction = search.descending() ? " DESC" : " ASC";
        List<String> conditions = new ArrayList<>();
        search.text().ifPresent(text -> conditions.add(field + " LIKE :text"));
        search.type().ifPresent(type -> conditions.add("a.type = :type"));
        Query<ArtifactEntry> query = cluster.artifacts.query("FROM stele.ArtifactEntry a"
                + (conditions.isEmpty() ? "" : " WHERE " + String.join(" AND ", conditions))
                + " ORDER BY a.sortKey" + direction + ", a.id" + direction);
        search.text().ifPresent(text -> query.setParameter("text", "%" + Entries.searchable(text) + "%"));
        search.type().ifPresent(type -> query.setParameter("type", type.name()));
        query.startOffset(page.offset());
        query.maxResults(page.limit());
        query.hitCountAccuracy(Integer.MAX_VALUE);
        QueryResult<ArtifactEntry> result = cluster.artifacts.run(query, "searching artifacts");
        List<ArtifactEntry> hits = result.list();
        Map<Long, VersionEntry> shown = cluster.versions.getAll(
                hits.stream().map(a -> ArtifactEntries.globalId(a, a.shown())).collect(Collectors.toSet()));
        List<StoredArtifact> items = new ArrayList<>();
        for (ArtifactEntry a : hits) {
            VersionEntry version = shown.get(ArtifactEntries.globalId(a, a.shown()));
            if (version != null) {
                items.add(new StoredArtifact(
                        a.id(), a.createdBy(), Instant.parse(a.createdOn()), Entries.stored(version)));
            }
        }
        return new Page<>(Math.max(result.count().value(), items.size()), items);
    }

    @Override
    public Page<StoredVersion> versions(String artifactId, PageRequest page) {
        page.byOffset();
        ArtifactEntry artifact = cluster.artifacts.get(artifactId);
        if (artifact == null) {
            throw NotFoundException.artifact(artifactId);
        }
        List<Integer> numbers = artifact.versions();
        int from = (int) Math.min(numbers.size(), (long) page.offset());
        int to = (int) Math.min(numbers.size(), (long) from + page.limit());
        return new Page<>(numbers.size(), versions.getAll(artifact, numbers.subList(from, to)));
    }
}
