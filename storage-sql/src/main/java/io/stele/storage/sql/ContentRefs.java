package io.stele.storage.sql;

import io.stele.storage.Content;
import io.stele.storage.MissingReferenceException;
import io.stele.storage.ReferenceExistsException;
import io.stele.storage.SchemaReference;
import io.stele.storage.StoredVersion;
import io.stele.storage.VersionState;
import java.sql.Connection;
import java.sql.SQLException;
import java.util.List;
import java.util.Optional;

/**
 * References between versions, kept with the content that makes them: as JSON in the content's row
 * (in the order given, read with the content) and as rows of {@code content_references}, by which
 * the versions using a referenced version are found. Each check runs inside the caller's
 * transaction and locks what it reads, so a reference cannot be made to a version being deleted, nor
 * a version deleted while a reference to it is being made.
 */
final class ContentRefs {

    private ContentRefs() {}

    /** The JSON kept in {@code contents.refs}: null for no references. */
    static String json(Content content) {
        return content.references().isEmpty() ? null : MetaJson.write(content.references());
    }

    /** Indexes the references of content just stored under {@code contentId}. */
    static void index(Connection c, long contentId, Content content) throws SQLException {
        for (SchemaReference r : content.references()) {
            Jdbc.update(
                    c,
                    "INSERT INTO content_references (content_id, name, artifact_id, version) VALUES (?, ?, ?, ?)",
                    contentId,
                    r.name(),
                    r.artifactId(),
                    r.version());
        }
    }

    /**
     * Checks that every referenced version exists and is not soft-deleted, locking each until the
     * caller's transaction ends.
     *
     * @throws MissingReferenceException for the first reference to nothing
     */
    static void requireTargets(Connection c, Content content) throws SQLException {
        for (SchemaReference r : content.references()) {
            Optional<String> state = Jdbc.queryOne(
                    c,
                    "SELECT state FROM versions WHERE artifact_id = ? AND version = ? FOR UPDATE",
                    rs -> rs.getString(1),
                    r.artifactId(),
                    r.version());
            if (state.isEmpty() || state.get().equals(VersionState.DELETED.name())) {
                throw new MissingReferenceException(r);
            }
        }
    }

    /**
     * Checks, after the caller changed or deleted the version (so its row is locked), that no
     * version references it.
     *
     * @throws ReferenceExistsException when one does
     */
    static void requireUnreferenced(Connection c, String artifactId, int version) throws SQLException {
        if (Jdbc.queryOne(
                        c,
                        "SELECT 1 FROM content_references r JOIN versions v ON v.content_id = r.content_id"
                                + " WHERE r.artifact_id = ? AND r.version = ? LIMIT 1",
                        rs -> 1,
                        artifactId,
                        version)
                .isPresent()) {
            throw new ReferenceExistsException(artifactId, version);
        }
    }

    /**
     * Checks, after the caller deleted the artifact's versions, that no version of another artifact
     * references one of them.
     *
     * @throws ReferenceExistsException naming the first referenced version
     */
    static void requireArtifactUnreferenced(Connection c, String artifactId) throws SQLException {
        Optional<Integer> referenced = Jdbc.queryOne(
                c,
                "SELECT r.version FROM content_references r JOIN versions v ON v.content_id = r.content_id"
                        + " WHERE r.artifact_id = ? AND v.artifact_id <> ? ORDER BY r.version LIMIT 1",
                rs -> rs.getInt(1),
                artifactId,
                artifactId);
        if (referenced.isPresent()) {
            throw new ReferenceExistsException(artifactId, referenced.get());
        }
    }

    /** The versions, in any state, whose content references this version. */
    static List<StoredVersion> referrers(Connection c, String artifactId, int version) throws SQLException {
        return Jdbc.queryList(
                c,
                VersionRows.SELECT
                        + "WHERE v.content_id IN (SELECT content_id FROM content_references"
                        + " WHERE artifact_id = ? AND version = ?) ORDER BY v.artifact_id, v.version",
                VersionRows::map,
                artifactId,
                version);
    }
}
