package io.stele.storage.sql;

import io.stele.storage.Content;
import io.stele.storage.ContentStore;
import io.stele.storage.StoredContent;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.util.Optional;

final class SqlContentStore implements ContentStore {

    private final Jdbc jdbc;

    SqlContentStore(Jdbc jdbc) {
        this.jdbc = jdbc;
    }

    @Override
    public Optional<StoredContent> byContentId(long contentId) {
        return where("content_id", contentId);
    }

    @Override
    public Optional<StoredContent> byGlobalId(long globalId) {
        return jdbc.read(c -> Jdbc.queryOne(
                c,
                "SELECT ct.content_id, ct.content_hash, ct.content, ct.refs FROM versions v"
                        + " JOIN contents ct ON ct.content_id = v.content_id WHERE v.global_id = ?",
                SqlContentStore::map,
                globalId));
    }

    @Override
    public Optional<StoredContent> byIdentity(String sha256) {
        return where("content_hash", sha256);
    }

    /** The content whose {@code column}, a unique key, holds {@code value}. */
    private Optional<StoredContent> where(String column, Object value) {
        return jdbc.read(c -> Jdbc.queryOne(
                c,
                "SELECT content_id, content_hash, content, refs FROM contents WHERE " + column + " = ?",
                SqlContentStore::map,
                value));
    }

    private static StoredContent map(ResultSet rs) throws SQLException {
        return new StoredContent(
                rs.getLong(1), new Content(rs.getBytes(3), rs.getString(2), MetaJson.references(rs.getString(4))));
    }
}
