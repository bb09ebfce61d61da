package io.stele.storage.sql;

import io.stele.storage.Content;
import io.stele.storage.LatestPage;
import io.stele.storage.PageRequest;
import io.stele.storage.StoredContent;
import io.stele.storage.StoredVersion;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;

/**
 * {@link io.stele.storage.RegistryStorage#latestVersions} in one query a page: the page's artifacts
 * from the primary key's index, each joined to the version it shows when that one is servable, and
 * to its content.
 */
final class LatestPages {

    private static final String SELECT = "SELECT a.artifact_id AS page_id, " + VersionRows.COLUMNS
            + ", ct.content_hash AS ct_hash, ct.content AS ct_content, ct.refs AS ct_refs"
            + " FROM (SELECT artifact_id, meta_version FROM artifacts%s ORDER BY artifact_id LIMIT ?) a"
            + " LEFT JOIN versions v ON v.artifact_id = a.artifact_id AND v.version = a.meta_version AND "
            + VersionRows.SERVABLE
            + " LEFT JOIN contents ct ON ct.content_id = v.content_id"
            + " ORDER BY a.artifact_id";

    private LatestPages() {}

    /** A page of rows: the artifact's id, and its latest version with content when servable. */
    private record Row(String artifactId, Optional<LatestPage.Latest> latest) {}

    static LatestPage read(Jdbc jdbc, PageRequest page) {
        LatestPage.requireByKey(page);
        List<Row> rows = jdbc.read(c -> page.after().isPresent()
                ? Jdbc.queryList(
                        c,
                        String.format(SELECT, " WHERE artifact_id > ?"),
                        LatestPages::row,
                        page.after().get(),
                        page.limit())
                : Jdbc.queryList(c, String.format(SELECT, ""), LatestPages::row, page.limit()));
        List<LatestPage.Latest> latest = new ArrayList<>(rows.size());
        rows.forEach(row -> row.latest().ifPresent(latest::add));
        return new LatestPage(
                latest,
                rows.isEmpty()
                        ? Optional.empty()
                        : Optional.of(rows.get(rows.size() - 1).artifactId()));
    }

    private static Row row(ResultSet rs) throws SQLException {
        String artifactId = rs.getString("page_id");
        byte[] bytes = rs.getBytes("ct_content");
        if (rs.getString("artifact_id") == null || bytes == null) {
            return new Row(artifactId, Optional.empty());
        }
        StoredVersion version = VersionRows.map(rs);
        Content content = new Content(bytes, rs.getString("ct_hash"), MetaJson.references(rs.getString("ct_refs")));
        return new Row(
                artifactId,
                Optional.of(new LatestPage.Latest(version, new StoredContent(version.contentId(), content))));
    }
}
