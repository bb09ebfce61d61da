package io.stele.storage.sql;

import io.stele.storage.ArtifactQuery;
import io.stele.storage.NotFoundException;
import io.stele.storage.Page;
import io.stele.storage.PageRequest;
import io.stele.storage.SearchStore;
import io.stele.storage.StoredArtifact;
import io.stele.storage.StoredVersion;
import java.util.ArrayList;
import java.util.List;

/**
 * Searches over the metadata each artifact row carries (see {@link VersionRows#refreshArtifact}).
 * On PostgreSQL, one trigram index over all of an artifact's searchable text serves the substring
 * match and an index on the sort key serves unfiltered pages; the embedded database scans, which
 * suits the sizes it is meant for.
 */
final class SqlSearchStore implements SearchStore {

    private static final String SORT_KEY = "COALESCE(a.name, a.artifact_id)";

    /** All the searchable text of an artifact: the expression of PostgreSQL's trigram index (migration V5). */
    private static final String SEARCH_TEXT = "(a.artifact_id || ' ' || COALESCE(a.name, '') || ' '"
            + " || COALESCE(a.description, '') || ' ' || COALESCE(a.labels, ''))";

    private final Jdbc jdbc;

    SqlSearchStore(Jdbc jdbc) {
        this.jdbc = jdbc;
    }

    @Override
    public Page<StoredArtifact> artifacts(ArtifactQuery query) {
        List<Object> params = new ArrayList<>();
        List<String> conditions = new ArrayList<>();
        if (query.text().isPresent()) {
            String pattern = "%" + escapeLike(query.text().get()) + "%";
            // The index finds the candidates by all their text; a search over one field then checks that field.
            List<String> filters =
                    switch (query.over()) {
                        case EVERYTHING -> List.of(SEARCH_TEXT);
                        case NAME -> List.of(SEARCH_TEXT, "a.name");
                        case DESCRIPTION -> List.of(SEARCH_TEXT, "a.description");
                        case LABELS -> List.of(SEARCH_TEXT, "a.labels");
                    };
            filters.forEach(text -> {
                conditions.add(text + " ILIKE ? ESCAPE '\\'");
                params.add(pattern);
            });
        }
        query.type().ifPresent(type -> {
            conditions.add("a.artifact_type = ?");
            params.add(type.name());
        });
        String where = conditions.isEmpty() ? "" : " WHERE " + String.join(" AND ", conditions);
        String direction = query.descending() ? " DESC" : " ASC";
        String filter = where;
        PageRequest page = query.page().byOffset();
        return jdbc.read(c -> {
            long total = Jdbc.queryOne(
                            c, "SELECT count(*) FROM artifacts a" + filter, rs -> rs.getLong(1), params.toArray())
                    .orElse(0L);
            List<Object> pageParams = new ArrayList<>(params);
            pageParams.add(page.limit());
            pageParams.add(page.offset());
            List<StoredArtifact> items = total == 0
                    ? List.of()
                    : Jdbc.queryList(
                            c,
                            "SELECT a.created_by AS a_created_by, a.created_on AS a_created_on, " + VersionRows.COLUMNS
                                    + VersionRows.ARTIFACTS_WITH_SHOWN_VERSION + filter
                                    + " ORDER BY " + SORT_KEY + direction + ", a.artifact_id" + direction
                                    + " LIMIT ? OFFSET ?",
                            rs -> new StoredArtifact(
                                    rs.getString("artifact_id"),
                                    rs.getString("a_created_by"),
                                    VersionRows.instant(rs, "a_created_on"),
                                    VersionRows.map(rs)),
                            pageParams.toArray());
            return new Page<>(Math.max(total, items.size()), items);
        });
    }

    @Override
    public Page<StoredVersion> versions(String artifactId, PageRequest page) {
        page.byOffset();
        return jdbc.read(c -> {
            long total = Jdbc.queryOne(
                            c, "SELECT count(*) FROM versions WHERE artifact_id = ?", rs -> rs.getLong(1), artifactId)
                    .orElse(0L);
            if (total == 0) {
                throw NotFoundException.artifact(artifactId);
            }
            List<StoredVersion> items = Jdbc.queryList(
                    c,
                    VersionRows.SELECT + "WHERE v.artifact_id = ? ORDER BY v.version LIMIT ? OFFSET ?",
                    VersionRows::map,
                    artifactId,
                    page.limit(),
                    page.offset());
            return new Page<>(total, items);
        });
    }

    /** The text with LIKE's wildcards and the escape character escaped, so it matches literally. */
    static String escapeLike(String text) {
        return text.replace("\\", "\\\\").replace("%", "\\%").replace("_", "\\_");
    }
}
