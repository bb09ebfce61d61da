package io.stele.storage.sql;

import io.stele.storage.ArtifactType;
import io.stele.storage.ArtifactTypeMismatchException;
import io.stele.storage.Change;
import io.stele.storage.Content;
import io.stele.storage.EditableMeta;
import io.stele.storage.ImportedVersion;
import io.stele.storage.NotFoundException;
import io.stele.storage.StoredArtifact;
import io.stele.storage.StoredVersion;
import io.stele.storage.VersionDraft;
import io.stele.storage.VersionState;
import io.stele.storage.VersionStore;
import java.sql.Connection;
import java.sql.SQLException;
import java.time.Instant;
import java.util.List;
import java.util.Optional;
import java.util.function.Supplier;

/**
 * Versions. The next version number is taken under a row lock on the artifact, so concurrent
 * writers to one artifact queue there and never share a number; ids come from sequences, so
 * writers to different artifacts never wait for each other.
 */
final class SqlVersionStore implements VersionStore {

    /**
     * Adds a version in one statement on PostgreSQL: takes the number (locking the artifact's row),
     * stores the content if new, and inserts the version. The version is not inserted, and the
     * caller rolls back, when the type differs or when the same content was stored concurrently
     * (its row is not visible to this statement; a retry sees it).
     */
    private static final String ADD_IN_ONE_STATEMENT =
            """
            WITH a AS (
                UPDATE artifacts SET latest_version = latest_version + 1, meta_version = latest_version + 1,
                    name = ?, description = ?, labels = ?
                WHERE artifact_id = ?
                RETURNING latest_version, artifact_type, created_by, created_on),
            c AS (
                INSERT INTO contents (content_id, content_hash, content) VALUES (nextval('content_ids'), ?, ?)
                ON CONFLICT (content_hash) DO NOTHING RETURNING content_id),
            cid AS (
                SELECT content_id FROM c UNION ALL SELECT content_id FROM contents WHERE content_hash = ?),
            v AS (
                INSERT INTO versions (global_id, artifact_id, version, content_id, artifact_type, state, name,
                    description, labels, properties, created_by, created_on, modified_by, modified_on, canonical_hash)
                SELECT nextval('global_ids'), ?, a.latest_version, (SELECT content_id FROM cid LIMIT 1), ?, 'ENABLED',
                    ?, ?, ?, ?, ?, ?, ?, ?, ?
                FROM a WHERE a.artifact_type = ? AND EXISTS (SELECT 1 FROM cid)
                RETURNING global_id, content_id)
            SELECT a.latest_version, a.artifact_type, a.created_by, a.created_on, v.global_id, v.content_id
            FROM a LEFT JOIN v ON true
            """;

    private final Jdbc jdbc;
    private final SqlChangeFeed changes;
    private final SqlDialect dialect;
    private final Supplier<Instant> clock;

    SqlVersionStore(Jdbc jdbc, SqlChangeFeed changes, SqlDialect dialect, Supplier<Instant> clock) {
        this.jdbc = jdbc;
        this.changes = changes;
        this.dialect = dialect;
        this.clock = clock;
    }

    @Override
    public StoredArtifact add(VersionDraft draft) {
        Instant now = VersionRows.millis(clock.get());
        if (dialect == SqlDialect.POSTGRESQL && draft.content().references().isEmpty()) {
            return changes.write(
                    jdbc, new Change.VersionsChanged(draft.artifactId()), c -> addInOneStatement(c, draft, now));
        }
        return changes.write(jdbc, new Change.VersionsChanged(draft.artifactId()), c -> {
            // Taking the number locks the artifact's row until commit: concurrent writers queue here.
            EditableMeta meta = draft.meta();
            Taken taken = Jdbc.updateReturning(
                            c,
                            "UPDATE artifacts SET latest_version = latest_version + 1, meta_version = latest_version + 1,"
                                    + " name = ?, description = ?, labels = ? WHERE artifact_id = ?",
                            new String[] {"latest_version", "artifact_type", "created_by", "created_on"},
                            rs -> new Taken(
                                    rs.getInt(1),
                                    ArtifactType.valueOf(rs.getString(2)),
                                    rs.getString(3),
                                    VersionRows.instant(rs, "created_on")),
                            meta.name().orElse(null),
                            meta.description().orElse(null),
                            MetaJson.write(meta.labels()),
                            draft.artifactId())
                    .orElseThrow(() -> NotFoundException.artifact(draft.artifactId()));
            if (taken.type() != draft.type()) {
                throw new ArtifactTypeMismatchException(draft.artifactId(), taken.type(), draft.type());
            }
            StoredVersion added = VersionRows.insert(c, draft, taken.version(), now);
            return new StoredArtifact(draft.artifactId(), taken.createdBy(), taken.createdOn(), added);
        });
    }

    private static StoredArtifact addInOneStatement(Connection c, VersionDraft draft, Instant now) throws SQLException {
        EditableMeta meta = draft.meta();
        Content content = draft.content();
        String type = draft.type().name();
        return Jdbc.queryOne(
                        c,
                        ADD_IN_ONE_STATEMENT,
                        rs -> {
                            Taken taken = new Taken(
                                    rs.getInt(1),
                                    ArtifactType.valueOf(rs.getString(2)),
                                    rs.getString(3),
                                    VersionRows.instant(rs, "created_on"));
                            if (taken.type() != draft.type()) {
                                throw new ArtifactTypeMismatchException(draft.artifactId(), taken.type(), draft.type());
                            }
                            long globalId = rs.getLong(5);
                            if (rs.wasNull()) {
                                throw new SQLException(
                                        "The same content was stored concurrently", Jdbc.SERIALIZATION_FAILURE);
                            }
                            StoredVersion added = draft.asVersion(taken.version(), globalId, rs.getLong(6), now);
                            return new StoredArtifact(draft.artifactId(), taken.createdBy(), taken.createdOn(), added);
                        },
                        meta.name().orElse(null),
                        meta.description().orElse(null),
                        MetaJson.write(meta.labels()),
                        draft.artifactId(),
                        content.sha256(),
                        content.bytes(),
                        content.sha256(),
                        draft.artifactId(),
                        type,
                        meta.name().orElse(null),
                        meta.description().orElse(null),
                        MetaJson.write(meta.labels()),
                        MetaJson.write(meta.properties()),
                        draft.createdBy(),
                        VersionRows.timestamp(now),
                        draft.createdBy(),
                        VersionRows.timestamp(now),
                        draft.canonicalHash(),
                        type)
                .orElseThrow(() -> NotFoundException.artifact(draft.artifactId()));
    }

    @Override
    public StoredVersion importVersion(ImportedVersion imported) {
        Instant now = VersionRows.millis(clock.get());
        return changes.write(
                jdbc,
                new Change.ArtifactChanged(imported.draft().artifactId()),
                c -> VersionImport.store(c, dialect, imported, now));
    }

    /** What taking the next version number tells of the artifact. */
    private record Taken(int version, ArtifactType type, String createdBy, Instant createdOn) {}

    @Override
    public Optional<StoredVersion> latest(String artifactId) {
        // The version the artifact shows, unless not servable (then none is): two point look-ups,
        // however many versions the artifact has (ordering its versions instead made H2 read every
        // one of them through the foreign key's index).
        return jdbc.read(c -> Jdbc.queryOne(
                c,
                "SELECT " + VersionRows.COLUMNS + VersionRows.ARTIFACTS_WITH_SHOWN_VERSION
                        + " WHERE a.artifact_id = ? AND " + VersionRows.SERVABLE,
                VersionRows::map,
                artifactId));
    }

    @Override
    public Optional<StoredVersion> get(String artifactId, int version) {
        return jdbc.read(c -> Jdbc.queryOne(
                c,
                VersionRows.SELECT + "WHERE v.artifact_id = ? AND v.version = ?",
                VersionRows::map,
                artifactId,
                version));
    }

    @Override
    public Optional<StoredVersion> byGlobalId(long globalId) {
        return jdbc.read(
                c -> Jdbc.queryOne(c, VersionRows.SELECT + "WHERE v.global_id = ?", VersionRows::map, globalId));
    }

    @Override
    public List<StoredVersion> byContentId(long contentId) {
        return jdbc.read(c -> Jdbc.queryList(
                c,
                VersionRows.SELECT + "WHERE v.content_id = ? ORDER BY v.artifact_id, v.version",
                VersionRows::map,
                contentId));
    }

    @Override
    public List<StoredVersion> referrers(String artifactId, int version) {
        return jdbc.read(c -> ContentRefs.referrers(c, artifactId, version));
    }

    @Override
    public long count() {
        return jdbc.read(c -> SqlDialect.countRows(c, "versions"));
    }

    @Override
    public long estimatedCount() {
        return jdbc.read(c -> dialect.estimatedRows(c, "versions", SqlDialect.COUNTED_BELOW));
    }

    @Override
    public List<Integer> list(String artifactId) {
        return jdbc.read(c -> {
            List<Integer> versions = Jdbc.queryList(
                    c,
                    "SELECT version FROM versions WHERE artifact_id = ? ORDER BY version",
                    rs -> rs.getInt(1),
                    artifactId);
            if (versions.isEmpty()) {
                throw NotFoundException.artifact(artifactId);
            }
            return versions;
        });
    }

    @Override
    public Optional<StoredVersion> findByCanonicalHash(String artifactId, String canonicalHash) {
        return jdbc.read(c -> Jdbc.queryOne(
                c,
                VersionRows.SELECT + "WHERE v.artifact_id = ? AND v.canonical_hash = ? AND " + VersionRows.SERVABLE
                        + " ORDER BY v.version DESC LIMIT 1",
                VersionRows::map,
                artifactId,
                canonicalHash));
    }

    @Override
    public StoredVersion updateMeta(String artifactId, int version, EditableMeta meta, String modifiedBy) {
        Instant now = VersionRows.millis(clock.get());
        return changes.write(jdbc, new Change.VersionsChanged(artifactId), c -> {
            int rows = Jdbc.update(
                    c,
                    "UPDATE versions SET name = ?, description = ?, labels = ?, properties = ?, modified_by = ?,"
                            + " modified_on = ? WHERE artifact_id = ? AND version = ?",
                    meta.name().orElse(null),
                    meta.description().orElse(null),
                    MetaJson.write(meta.labels()),
                    MetaJson.write(meta.properties()),
                    modifiedBy,
                    VersionRows.timestamp(now),
                    artifactId,
                    version);
            if (rows == 0) {
                throw NotFoundException.version(artifactId, version);
            }
            VersionRows.refreshArtifact(c, artifactId);
            return VersionRows.require(c, artifactId, version);
        });
    }

    @Override
    public StoredVersion updateState(String artifactId, int version, VersionState state, String modifiedBy) {
        Instant now = VersionRows.millis(clock.get());
        return changes.write(jdbc, new Change.VersionsChanged(artifactId), c -> {
            int rows = Jdbc.update(
                    c,
                    "UPDATE versions SET state = ?, modified_by = ?, modified_on = ? WHERE artifact_id = ? AND version = ?",
                    state.name(),
                    modifiedBy,
                    VersionRows.timestamp(now),
                    artifactId,
                    version);
            if (rows == 0) {
                throw NotFoundException.version(artifactId, version);
            }
            if (state == VersionState.DELETED) {
                ContentRefs.requireUnreferenced(c, artifactId, version);
            }
            VersionRows.refreshArtifact(c, artifactId);
            return VersionRows.require(c, artifactId, version);
        });
    }

    @Override
    public void delete(String artifactId, int version) {
        // the artifact goes with its last version, and its rules with it
        changes.write(jdbc, new Change.ArtifactChanged(artifactId), c -> {
            int rows =
                    Jdbc.update(c, "DELETE FROM versions WHERE artifact_id = ? AND version = ?", artifactId, version);
            if (rows == 0) {
                throw NotFoundException.version(artifactId, version);
            }
            ContentRefs.requireUnreferenced(c, artifactId, version);
            if (Jdbc.queryOne(c, "SELECT 1 FROM versions WHERE artifact_id = ? LIMIT 1", rs -> 1, artifactId)
                    .isEmpty()) {
                SqlArtifactStore.deleteRow(c, artifactId);
            } else {
                VersionRows.refreshArtifact(c, artifactId);
            }
            return rows;
        });
    }
}
