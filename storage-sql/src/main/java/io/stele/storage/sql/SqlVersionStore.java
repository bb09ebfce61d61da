package io.stele.storage.sql;

import io.stele.storage.Change;
import io.stele.storage.EditableMeta;
import io.stele.storage.NotFoundException;
import io.stele.storage.StoredVersion;
import io.stele.storage.VersionDraft;
import io.stele.storage.VersionState;
import io.stele.storage.VersionStore;
import java.time.Instant;
import java.util.List;
import java.util.Optional;

/**
 * Versions. The next version number is taken under a row lock on the artifact, so concurrent
 * writers to one artifact queue there and never share a number; ids come from sequences, so
 * writers to different artifacts never wait for each other.
 */
final class SqlVersionStore implements VersionStore {

    private final Jdbc jdbc;
    private final SqlChangeFeed changes;

    SqlVersionStore(Jdbc jdbc, SqlChangeFeed changes) {
        this.jdbc = jdbc;
        this.changes = changes;
    }

    @Override
    public StoredVersion add(VersionDraft draft) {
        Instant now = VersionRows.now();
        return changes.write(jdbc, new Change.ArtifactChanged(draft.artifactId()), c -> {
            int latest = Jdbc.queryOne(c, "SELECT latest_version FROM artifacts WHERE artifact_id = ? FOR UPDATE",
                            rs -> rs.getInt(1), draft.artifactId())
                    .orElseThrow(() -> NotFoundException.artifact(draft.artifactId()));
            StoredVersion v = VersionRows.insert(c, draft, latest + 1, now);
            Jdbc.update(c, "UPDATE artifacts SET latest_version = ? WHERE artifact_id = ?", latest + 1,
                    draft.artifactId());
            return v;
        });
    }

    @Override
    public Optional<StoredVersion> latest(String artifactId) {
        return jdbc.read(c -> Jdbc.queryOne(c,
                VersionRows.SELECT + "WHERE v.artifact_id = ? AND v.state <> 'DISABLED' ORDER BY v.version DESC LIMIT 1",
                VersionRows::map, artifactId));
    }

    @Override
    public Optional<StoredVersion> get(String artifactId, int version) {
        return jdbc.read(c -> Jdbc.queryOne(c, VersionRows.SELECT + "WHERE v.artifact_id = ? AND v.version = ?",
                VersionRows::map, artifactId, version));
    }

    @Override
    public Optional<StoredVersion> byGlobalId(long globalId) {
        return jdbc.read(c -> Jdbc.queryOne(c, VersionRows.SELECT + "WHERE v.global_id = ?", VersionRows::map, globalId));
    }

    @Override
    public List<Integer> list(String artifactId) {
        return jdbc.read(c -> {
            List<Integer> versions = Jdbc.queryList(c,
                    "SELECT version FROM versions WHERE artifact_id = ? ORDER BY version", rs -> rs.getInt(1), artifactId);
            if (versions.isEmpty()) {
                throw NotFoundException.artifact(artifactId);
            }
            return versions;
        });
    }

    @Override
    public Optional<StoredVersion> findByContentHash(String artifactId, String sha256) {
        return jdbc.read(c -> Jdbc.queryOne(c,
                VersionRows.SELECT + "JOIN contents ct ON ct.content_id = v.content_id"
                        + " WHERE v.artifact_id = ? AND ct.content_hash = ? ORDER BY v.version DESC LIMIT 1",
                VersionRows::map, artifactId, sha256));
    }

    @Override
    public StoredVersion updateMeta(String artifactId, int version, EditableMeta meta, String modifiedBy) {
        Instant now = VersionRows.now();
        return changes.write(jdbc, new Change.ArtifactChanged(artifactId), c -> {
            int rows = Jdbc.update(c,
                    "UPDATE versions SET name = ?, description = ?, labels = ?, properties = ?, modified_by = ?,"
                            + " modified_on = ? WHERE artifact_id = ? AND version = ?",
                    meta.name().orElse(null), meta.description().orElse(null), MetaJson.write(meta.labels()),
                    MetaJson.write(meta.properties()), modifiedBy, VersionRows.timestamp(now), artifactId, version);
            if (rows == 0) {
                throw NotFoundException.version(artifactId, version);
            }
            return VersionRows.require(c, artifactId, version);
        });
    }

    @Override
    public StoredVersion updateState(String artifactId, int version, VersionState state, String modifiedBy) {
        Instant now = VersionRows.now();
        return changes.write(jdbc, new Change.ArtifactChanged(artifactId), c -> {
            int rows = Jdbc.update(c,
                    "UPDATE versions SET state = ?, modified_by = ?, modified_on = ? WHERE artifact_id = ? AND version = ?",
                    state.name(), modifiedBy, VersionRows.timestamp(now), artifactId, version);
            if (rows == 0) {
                throw NotFoundException.version(artifactId, version);
            }
            return VersionRows.require(c, artifactId, version);
        });
    }
}
