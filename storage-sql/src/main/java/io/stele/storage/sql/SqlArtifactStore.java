package io.stele.storage.sql;

import io.stele.storage.AlreadyExistsException;
import io.stele.storage.ArtifactStore;
import io.stele.storage.Change;
import io.stele.storage.EditableMeta;
import io.stele.storage.NotFoundException;
import io.stele.storage.PageRequest;
import io.stele.storage.StoredArtifact;
import io.stele.storage.StoredVersion;
import io.stele.storage.VersionDraft;
import java.sql.Connection;
import java.sql.SQLException;
import java.time.Instant;
import java.util.List;
import java.util.Optional;
import java.util.function.Supplier;

final class SqlArtifactStore implements ArtifactStore {

    private final Jdbc jdbc;
    private final SqlChangeFeed changes;
    private final SqlDialect dialect;
    private final Supplier<Instant> clock;

    SqlArtifactStore(Jdbc jdbc, SqlChangeFeed changes, SqlDialect dialect, Supplier<Instant> clock) {
        this.jdbc = jdbc;
        this.changes = changes;
        this.dialect = dialect;
        this.clock = clock;
    }

    @Override
    public StoredVersion create(VersionDraft draft) {
        Instant now = VersionRows.millis(clock.get());
        return changes.write(jdbc, new Change.ArtifactChanged(draft.artifactId()), c -> {
            try {
                EditableMeta meta = draft.meta();
                Jdbc.update(
                        c,
                        "INSERT INTO artifacts (artifact_id, artifact_type, created_by, created_on, latest_version,"
                                + " meta_version, name, description, labels) VALUES (?, ?, ?, ?, 1, 1, ?, ?, ?)",
                        draft.artifactId(),
                        draft.type().name(),
                        draft.createdBy(),
                        VersionRows.timestamp(now),
                        meta.name().orElse(null),
                        meta.description().orElse(null),
                        MetaJson.write(meta.labels()));
            } catch (SQLException e) {
                if (Jdbc.isUniqueViolation(e)) {
                    throw AlreadyExistsException.artifact(draft.artifactId());
                }
                throw e;
            }
            return VersionRows.insert(c, draft, 1, now);
        });
    }

    @Override
    public Optional<StoredArtifact> get(String artifactId) {
        return jdbc.read(c -> Jdbc.queryOne(
                c,
                "SELECT a.created_by AS a_created_by, a.created_on AS a_created_on, " + VersionRows.COLUMNS
                        + VersionRows.ARTIFACTS_WITH_SHOWN_VERSION + " WHERE a.artifact_id = ?",
                rs -> new StoredArtifact(
                        artifactId,
                        rs.getString("a_created_by"),
                        VersionRows.instant(rs, "a_created_on"),
                        VersionRows.map(rs)),
                artifactId));
    }

    @Override
    public List<String> ids(PageRequest page) {
        return ids(page, "SELECT a.artifact_id FROM artifacts a", "");
    }

    @Override
    public List<String> liveIds(PageRequest page) {
        // the version an artifact shows is DELETED only when every one of its versions is
        return ids(page, "SELECT a.artifact_id" + VersionRows.ARTIFACTS_WITH_SHOWN_VERSION, " v.state <> 'DELETED'");
    }

    private List<String> ids(PageRequest page, String select, String condition) {
        // After a key, the primary key's index starts the scan there: no row before it is read.
        return jdbc.read(c -> page.after().isPresent()
                ? Jdbc.queryList(
                        c,
                        select + " WHERE a.artifact_id > ?" + (condition.isEmpty() ? "" : " AND" + condition)
                                + " ORDER BY a.artifact_id LIMIT ? OFFSET ?",
                        rs -> rs.getString(1),
                        page.after().get(),
                        page.limit(),
                        page.offset())
                : Jdbc.queryList(
                        c,
                        select + (condition.isEmpty() ? "" : " WHERE" + condition)
                                + " ORDER BY a.artifact_id LIMIT ? OFFSET ?",
                        rs -> rs.getString(1),
                        page.limit(),
                        page.offset()));
    }

    @Override
    public long count() {
        return jdbc.read(c -> SqlDialect.countRows(c, "artifacts"));
    }

    @Override
    public long estimatedCount() {
        return jdbc.read(c -> dialect.estimatedRows(c, "artifacts", SqlDialect.COUNTED_BELOW));
    }

    @Override
    public void delete(String artifactId) {
        int deleted = changes.write(jdbc, new Change.ArtifactChanged(artifactId), c -> {
            int rows = deleteRow(c, artifactId);
            ContentRefs.requireArtifactUnreferenced(c, artifactId);
            return rows;
        });
        if (deleted == 0) {
            throw NotFoundException.artifact(artifactId);
        }
    }

    /**
     * Deletes an artifact's row (its versions go with it by the schema's cascade) and its rules,
     * which no key ties to the row; answers how many artifacts were deleted, 0 or 1.
     */
    static int deleteRow(Connection c, String artifactId) throws SQLException {
        Jdbc.update(c, "DELETE FROM artifact_rules WHERE artifact_id = ?", artifactId);
        return Jdbc.update(c, "DELETE FROM artifacts WHERE artifact_id = ?", artifactId);
    }
}
