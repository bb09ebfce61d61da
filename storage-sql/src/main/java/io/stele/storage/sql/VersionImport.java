package io.stele.storage.sql;

import io.stele.storage.AlreadyExistsException;
import io.stele.storage.ArtifactType;
import io.stele.storage.ArtifactTypeMismatchException;
import io.stele.storage.ConflictException;
import io.stele.storage.Content;
import io.stele.storage.ImportedVersion;
import io.stele.storage.StoredVersion;
import io.stele.storage.VersionDraft;
import java.sql.Connection;
import java.sql.SQLException;
import java.time.Instant;
import java.util.Optional;

/**
 * Stores one version with the contentId and number another registry gave it ({@link
 * io.stele.storage.VersionStore#importVersion}), inside the caller's transaction.
 */
final class VersionImport {

    private VersionImport() {}

    static StoredVersion store(Connection c, SqlDialect dialect, ImportedVersion imported, Instant now)
            throws SQLException {
        VersionDraft draft = imported.draft();
        keepContent(c, dialect, draft.content(), imported.contentId());
        Optional<ArtifactType> type = Jdbc.queryOne(
                c,
                "SELECT artifact_type FROM artifacts WHERE artifact_id = ? FOR UPDATE",
                rs -> ArtifactType.valueOf(rs.getString(1)),
                draft.artifactId());
        try {
            if (type.isEmpty()) {
                Jdbc.update(
                        c,
                        "INSERT INTO artifacts (artifact_id, artifact_type, created_by, created_on, latest_version)"
                                + " VALUES (?, ?, ?, ?, ?)",
                        draft.artifactId(),
                        draft.type().name(),
                        draft.createdBy(),
                        VersionRows.timestamp(now),
                        imported.version());
            } else if (type.get() != draft.type()) {
                throw new ArtifactTypeMismatchException(draft.artifactId(), type.get(), draft.type());
            } else {
                Jdbc.update(
                        c,
                        "UPDATE artifacts SET latest_version = GREATEST(latest_version, ?) WHERE artifact_id = ?",
                        imported.version(),
                        draft.artifactId());
            }
            StoredVersion stored = VersionRows.insert(c, draft, imported.version(), now);
            VersionRows.refreshArtifact(c, draft.artifactId());
            return stored;
        } catch (SQLException e) {
            if (Jdbc.isUniqueViolation(e)) {
                throw AlreadyExistsException.version(draft.artifactId(), imported.version());
            }
            throw e;
        }
    }

    /** Stores the content under the given id, or finds it there; refuses an id or content taken otherwise. */
    private static void keepContent(Connection c, SqlDialect dialect, Content content, long contentId)
            throws SQLException {
        Optional<String> atId = Jdbc.queryOne(
                c, "SELECT content_hash FROM contents WHERE content_id = ?", rs -> rs.getString(1), contentId);
        if (atId.isPresent()) {
            if (!atId.get().equals(content.sha256())) {
                throw new ConflictException("Schema id " + contentId + " is taken by another schema.");
            }
            return;
        }
        Optional<Long> stored = Jdbc.queryOne(
                c, "SELECT content_id FROM contents WHERE content_hash = ?", rs -> rs.getLong(1), content.sha256());
        if (stored.isPresent()) {
            throw new ConflictException(
                    "This schema is stored under id " + stored.get() + " already, not under " + contentId + ".");
        }
        Jdbc.update(
                c,
                "INSERT INTO contents (content_id, content_hash, content, refs) VALUES (?, ?, ?, ?)",
                contentId,
                content.sha256(),
                content.bytes(),
                ContentRefs.json(content));
        ContentRefs.index(c, contentId, content);
        dialect.advanceSequence(c, "content_ids", contentId);
    }
}
