package io.stele.storage.sql;

import io.stele.storage.ArtifactType;
import io.stele.storage.Content;
import io.stele.storage.EditableMeta;
import io.stele.storage.NotFoundException;
import io.stele.storage.StoredVersion;
import io.stele.storage.VersionDraft;
import io.stele.storage.VersionState;
import java.sql.Connection;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.time.Instant;
import java.time.OffsetDateTime;
import java.time.ZoneOffset;
import java.time.temporal.ChronoUnit;
import java.util.Optional;

/** The SQL shared by the stores that read and write rows of {@code versions}. */
final class VersionRows {

    static final String COLUMNS = "v.artifact_id, v.version, v.global_id, v.content_id, v.artifact_type, v.state,"
            + " v.name, v.description, v.labels, v.properties, v.created_by, v.created_on, v.modified_by, v.modified_on";

    static final String SELECT = "SELECT " + COLUMNS + " FROM versions v ";

    /**
     * Each artifact with the version it shows ({@code meta_version}: see {@link #SHOWN_FIRST}), as
     * {@code a} and {@code v}.
     */
    static final String ARTIFACTS_WITH_SHOWN_VERSION =
            " FROM artifacts a JOIN versions v ON v.artifact_id = a.artifact_id AND v.version = a.meta_version";

    /**
     * The order in which an artifact's versions are candidates to be the one it shows: servable ones
     * (ENABLED, DEPRECATED) first, then DISABLED, then DELETED, each highest first.
     */
    static final String SHOWN_FIRST =
            "CASE v.state WHEN 'DISABLED' THEN 1 WHEN 'DELETED' THEN 2 ELSE 0 END, v.version DESC";

    /** The states the latest version and lookups by content may have, as SQL. */
    static final String SERVABLE = "v.state IN ('ENABLED', 'DEPRECATED')";

    private VersionRows() {}

    /** The rank {@link #SHOWN_FIRST} gives a state: lower is shown first. */
    static int shownRank(VersionState state) {
        return switch (state) {
            case ENABLED, DEPRECATED -> 0;
            case DISABLED -> 1;
            case DELETED -> 2;
        };
    }

    static StoredVersion map(ResultSet rs) throws SQLException {
        EditableMeta meta = new EditableMeta(
                Optional.ofNullable(rs.getString("name")),
                Optional.ofNullable(rs.getString("description")),
                MetaJson.labels(rs.getString("labels")),
                MetaJson.properties(rs.getString("properties")));
        return new StoredVersion(
                rs.getString("artifact_id"),
                rs.getInt("version"),
                rs.getLong("global_id"),
                rs.getLong("content_id"),
                ArtifactType.valueOf(rs.getString("artifact_type")),
                VersionState.valueOf(rs.getString("state")),
                meta,
                rs.getString("created_by"),
                instant(rs, "created_on"),
                rs.getString("modified_by"),
                instant(rs, "modified_on"));
    }

    static Instant instant(ResultSet rs, String column) throws SQLException {
        return rs.getObject(column, OffsetDateTime.class).toInstant();
    }

    static OffsetDateTime timestamp(Instant instant) {
        return instant.atOffset(ZoneOffset.UTC);
    }

    /** The time stamps the API shows, to the millisecond, so every backend stores them exactly. */
    static Instant millis(Instant instant) {
        return instant.truncatedTo(ChronoUnit.MILLIS);
    }

    /**
     * The id of the stored content with these bytes, storing them first if they are new. When a
     * concurrent transaction stores the same bytes first, this one fails with a serialization failure
     * and {@link Jdbc#inTransaction} runs it again, when it finds them.
     */
    static long storeContent(Connection c, Content content) throws SQLException {
        try {
            Optional<Long> inserted = Jdbc.updateReturning(
                    c,
                    "INSERT INTO contents (content_id, content_hash, content, refs)"
                            + " SELECT nextval('content_ids'), ?, ?, ?"
                            + " WHERE NOT EXISTS (SELECT 1 FROM contents WHERE content_hash = ?)",
                    "content_id",
                    content.sha256(),
                    content.bytes(),
                    ContentRefs.json(content),
                    content.sha256());
            if (inserted.isPresent()) {
                ContentRefs.index(c, inserted.get(), content);
                return inserted.get();
            }
        } catch (SQLException e) {
            if (Jdbc.isUniqueViolation(e)) {
                throw new SQLException("The same content was stored concurrently", Jdbc.SERIALIZATION_FAILURE, e);
            }
            throw e;
        }
        return contentId(c, content.sha256())
                .orElseThrow(() -> new SQLException("content " + content.sha256() + " is neither new nor stored"));
    }

    private static Optional<Long> contentId(Connection c, String sha256) throws SQLException {
        return Jdbc.queryOne(c, "SELECT content_id FROM contents WHERE content_hash = ?", rs -> rs.getLong(1), sha256);
    }

    /**
     * Inserts version {@code version} of the draft's artifact; the artifact row must exist.
     *
     * @throws io.stele.storage.MissingReferenceException when the content references nothing
     */
    static StoredVersion insert(Connection c, VersionDraft draft, int version, Instant now) throws SQLException {
        ContentRefs.requireTargets(c, draft.content());
        long contentId = storeContent(c, draft.content());
        EditableMeta meta = draft.meta();
        long globalId = Jdbc.updateReturning(
                        c,
                        "INSERT INTO versions (global_id, artifact_id, version, content_id, artifact_type, state, name,"
                                + " description, labels, properties, created_by, created_on, modified_by, modified_on,"
                                + " canonical_hash) VALUES (nextval('global_ids'), ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)",
                        "global_id",
                        draft.artifactId(),
                        version,
                        contentId,
                        draft.type().name(),
                        VersionState.ENABLED.name(),
                        meta.name().orElse(null),
                        meta.description().orElse(null),
                        MetaJson.write(meta.labels()),
                        MetaJson.write(meta.properties()),
                        draft.createdBy(),
                        timestamp(now),
                        draft.createdBy(),
                        timestamp(now),
                        draft.canonicalHash())
                .orElseThrow(() -> new SQLException("no version row was inserted"));
        return draft.asVersion(version, globalId, contentId, now);
    }

    /**
     * Copies to the artifact's row the metadata of the version the artifact shows ({@link
     * #SHOWN_FIRST}), which searches filter and order by.
     */
    static void refreshArtifact(Connection c, String artifactId) throws SQLException {
        Jdbc.update(
                c,
                "UPDATE artifacts SET (meta_version, name, description, labels) = ("
                        + "SELECT v.version, v.name, v.description, v.labels FROM versions v"
                        + " WHERE v.artifact_id = artifacts.artifact_id"
                        + " ORDER BY " + SHOWN_FIRST + " LIMIT 1)"
                        + " WHERE artifact_id = ?",
                artifactId);
    }

    static StoredVersion require(Connection c, String artifactId, int version) throws SQLException {
        return Jdbc.queryOne(
                        c, SELECT + "WHERE v.artifact_id = ? AND v.version = ?", VersionRows::map, artifactId, version)
                .orElseThrow(() -> NotFoundException.version(artifactId, version));
    }
}
