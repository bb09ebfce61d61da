package io.stele.storage.sql;

import io.stele.storage.AlreadyExistsException;
import io.stele.storage.ArtifactType;
import io.stele.storage.Change;
import io.stele.storage.ConflictException;
import io.stele.storage.Content;
import io.stele.storage.EditableMeta;
import io.stele.storage.ImportPlan;
import io.stele.storage.InvalidRequestException;
import io.stele.storage.RuleScope;
import io.stele.storage.RuleType;
import io.stele.storage.SchemaReference;
import io.stele.storage.StoredVersion;
import io.stele.storage.TransferRecord;
import io.stele.storage.TransferStore;
import java.sql.Connection;
import java.sql.SQLException;
import java.util.ArrayList;
import java.util.BitSet;
import java.util.Comparator;
import java.util.HashMap;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.function.Consumer;

/**
 * Export as one streamed join over a snapshot; import as one bulk insert per table (a COPY on
 * PostgreSQL) in one transaction per batch, checked first for the content that already exists.
 */
final class SqlTransferStore implements TransferStore {

    private static final int FETCH_SIZE = 1000;

    private final Jdbc jdbc;
    private final SqlChangeFeed changes;
    private final SqlDialect dialect;

    SqlTransferStore(Jdbc jdbc, SqlChangeFeed changes, SqlDialect dialect) {
        this.jdbc = jdbc;
        this.changes = changes;
        this.dialect = dialect;
    }

    @Override
    public void export(Consumer<TransferRecord> sink) {
        jdbc.snapshot(c -> {
            Jdbc.forEach(
                    c,
                    "SELECT rule_type, config FROM global_rules ORDER BY rule_type",
                    FETCH_SIZE,
                    rs -> sink.accept(new TransferRecord.Rule(
                            RuleScope.GLOBAL, RuleType.valueOf(rs.getString(1)), rs.getString(2))));
            Map<String, List<TransferRecord.Rule>> artifactRules = new HashMap<>();
            Jdbc.forEach(
                    c,
                    "SELECT artifact_id, rule_type, config FROM artifact_rules ORDER BY artifact_id, rule_type",
                    FETCH_SIZE,
                    rs -> artifactRules
                            .computeIfAbsent(rs.getString(1), id -> new ArrayList<>())
                            .add(new TransferRecord.Rule(
                                    RuleScope.artifact(rs.getString(1)),
                                    RuleType.valueOf(rs.getString(2)),
                                    rs.getString(3))));
            BitSet given = new BitSet();
            Set<Long> givenBeyondInt = new HashSet<>();
            String[] current = {null};
            Jdbc.forEach(
                    c,
                    "SELECT a.artifact_type AS a_type, a.created_by AS a_created_by, a.created_on AS a_created_on,"
                            + " a.latest_version AS a_last, " + VersionRows.COLUMNS
                            + ", v.canonical_hash, c.content_hash, c.content, c.refs"
                            + " FROM artifacts a JOIN versions v ON v.artifact_id = a.artifact_id"
                            + " JOIN contents c ON c.content_id = v.content_id ORDER BY a.artifact_id, v.version",
                    FETCH_SIZE,
                    rs -> {
                        String artifactId = rs.getString("artifact_id");
                        if (!artifactId.equals(current[0])) {
                            current[0] = artifactId;
                            sink.accept(new TransferRecord.Artifact(
                                    artifactId,
                                    ArtifactType.valueOf(rs.getString("a_type")),
                                    rs.getString("a_created_by"),
                                    VersionRows.instant(rs, "a_created_on"),
                                    rs.getInt("a_last")));
                            artifactRules.getOrDefault(artifactId, List.of()).forEach(sink);
                            artifactRules.remove(artifactId);
                        }
                        long contentId = rs.getLong("content_id");
                        boolean first = contentId <= Integer.MAX_VALUE
                                ? !given.get((int) contentId)
                                : givenBeyondInt.add(contentId);
                        if (first) {
                            if (contentId <= Integer.MAX_VALUE) {
                                given.set((int) contentId);
                            }
                            sink.accept(new TransferRecord.ContentBlob(
                                    contentId,
                                    new Content(
                                            rs.getBytes("content"),
                                            rs.getString("content_hash"),
                                            MetaJson.references(rs.getString("refs")))));
                        }
                        sink.accept(new TransferRecord.Version(VersionRows.map(rs), rs.getString("canonical_hash")));
                    });
            // rules configured ahead of their artifacts, last
            artifactRules.keySet().stream()
                    .sorted()
                    .forEach(id -> artifactRules.get(id).forEach(sink));
            return null;
        });
    }

    @Override
    public void importBatch(List<TransferRecord> batch) {
        ImportPlan plan = ImportPlan.of(batch);
        Jdbc.Work<Integer> work = c -> {
            insertContents(c, plan.contents());
            insertArtifacts(c, plan);
            insertVersions(c, plan.versions());
            insertRules(c, plan.rules());
            if (!plan.versions().isEmpty()) {
                dialect.advanceSequence(
                        c,
                        "global_ids",
                        plan.versions().stream()
                                .mapToLong(v -> v.version().globalId())
                                .max()
                                .orElseThrow());
            }
            if (!plan.contents().isEmpty()) {
                dialect.advanceSequence(
                        c,
                        "content_ids",
                        plan.contents().stream()
                                .mapToLong(TransferRecord.ContentBlob::contentId)
                                .max()
                                .orElseThrow());
            }
            return batch.size();
        };
        try {
            if (plan.rules().stream().anyMatch(r -> r.scope().artifactId().isEmpty())) {
                changes.write(jdbc, new Change.GlobalChanged(), work);
            } else if (plan.hasRulesAhead()) {
                changes.write(jdbc, new Change.Unknown(), work); // rules a cache may hold as none
            } else {
                jdbc.inTransaction(work); // only new artifacts: nothing any cache holds has changed
            }
        } catch (Duplicate e) {
            throw jdbc.read(c -> duplicateIn(c, plan));
        }
    }

    private void insertContents(Connection c, List<TransferRecord.ContentBlob> contents) throws SQLException {
        Map<Long, String> stored = new HashMap<>();
        Jdbc.forEach(
                c,
                "SELECT content_id, content_hash FROM contents WHERE content_id = ANY(?)",
                FETCH_SIZE,
                rs -> stored.put(rs.getLong(1), rs.getString(2)),
                c.createArrayOf(
                        "BIGINT",
                        contents.stream()
                                .map(TransferRecord.ContentBlob::contentId)
                                .toArray()));
        List<Object[]> rows = new ArrayList<>();
        List<Object[]> references = new ArrayList<>();
        for (TransferRecord.ContentBlob blob : contents) {
            String hash = stored.get(blob.contentId());
            if (hash == null) {
                rows.add(new Object[] {
                    blob.contentId(), blob.content().sha256(), blob.content().bytes(), ContentRefs.json(blob.content())
                });
                for (SchemaReference r : blob.content().references()) {
                    references.add(new Object[] {blob.contentId(), r.name(), r.artifactId(), r.version()});
                }
            } else if (!hash.equals(blob.content().sha256())) {
                throw new ConflictException(
                        "Content " + blob.contentId() + " is stored with other bytes (SHA-256 " + hash + ").");
            }
        }
        try {
            dialect.insertRows(c, "contents", "content_id, content_hash, content, refs", rows);
            dialect.insertRows(c, "content_references", "content_id, name, artifact_id, version", references);
        } catch (SQLException e) {
            if (Jdbc.isUniqueViolation(e)) {
                throw new ConflictException("The import holds content that is already stored under another id.", e);
            }
            throw e;
        }
    }

    private void insertArtifacts(Connection c, ImportPlan plan) throws SQLException {
        List<Object[]> rows = new ArrayList<>();
        for (TransferRecord.Artifact a : plan.artifacts()) {
            StoredVersion shown = shown(plan.versionsByArtifact().get(a.artifactId()));
            EditableMeta meta = shown.meta();
            rows.add(new Object[] {
                a.artifactId(),
                a.type().name(),
                a.createdBy(),
                VersionRows.timestamp(a.createdOn()),
                a.lastVersion(),
                shown.version(),
                meta.name().orElse(null),
                meta.description().orElse(null),
                MetaJson.write(meta.labels())
            });
        }
        try {
            dialect.insertRows(
                    c,
                    "artifacts",
                    "artifact_id, artifact_type, created_by, created_on, latest_version,"
                            + " meta_version, name, description, labels",
                    rows);
        } catch (SQLException e) {
            if (Jdbc.isUniqueViolation(e)) {
                throw new Duplicate();
            }
            throw e;
        }
    }

    private void insertVersions(Connection c, List<TransferRecord.Version> versions) throws SQLException {
        List<Object[]> rows = new ArrayList<>();
        for (TransferRecord.Version record : versions) {
            StoredVersion v = record.version();
            EditableMeta meta = v.meta();
            rows.add(new Object[] {
                v.globalId(),
                v.artifactId(),
                v.version(),
                v.contentId(),
                v.type().name(),
                v.state().name(),
                meta.name().orElse(null),
                meta.description().orElse(null),
                MetaJson.write(meta.labels()),
                MetaJson.write(meta.properties()),
                v.createdBy(),
                VersionRows.timestamp(v.createdOn()),
                v.modifiedBy(),
                VersionRows.timestamp(v.modifiedOn()),
                record.canonicalHash()
            });
        }
        try {
            dialect.insertRows(
                    c,
                    "versions",
                    "global_id, artifact_id, version, content_id, artifact_type, state, name,"
                            + " description, labels, properties, created_by, created_on, modified_by, modified_on, canonical_hash",
                    rows);
        } catch (SQLException e) {
            if (Jdbc.isUniqueViolation(e)) {
                throw new Duplicate();
            }
            if (Jdbc.isForeignKeyViolation(e)) {
                throw new InvalidRequestException("A version of the import refers to content that is neither in the"
                        + " import before it nor stored.");
            }
            throw e;
        }
    }

    private static void insertRules(Connection c, List<TransferRecord.Rule> rules) throws SQLException {
        for (TransferRecord.Rule rule : rules) {
            try {
                if (rule.scope().artifactId().isPresent()) {
                    Jdbc.update(
                            c,
                            "INSERT INTO artifact_rules (artifact_id, rule_type, config) VALUES (?, ?, ?)",
                            rule.scope().artifactId().get(),
                            rule.type().name(),
                            rule.config());
                } else {
                    Jdbc.update(
                            c,
                            "INSERT INTO global_rules (rule_type, config) VALUES (?, ?)",
                            rule.type().name(),
                            rule.config());
                }
            } catch (SQLException e) {
                if (Jdbc.isUniqueViolation(e)) {
                    throw AlreadyExistsException.rule(rule.scope(), rule.type());
                }
                throw e;
            }
        }
    }

    /**
     * An artifact or version of the batch exists already. The batch's transaction is rolled back
     * first; which one is looked up afterwards, so that a batch that succeeds costs no look-ups.
     */
    private static final class Duplicate extends RuntimeException {
        Duplicate() {
            super(null, null, false, false);
        }
    }

    private static AlreadyExistsException duplicateIn(Connection c, ImportPlan plan) throws SQLException {
        Optional<String> artifact = Jdbc.queryOne(
                c,
                "SELECT artifact_id FROM artifacts WHERE artifact_id = ANY(?)",
                rs -> rs.getString(1),
                c.createArrayOf(
                        "VARCHAR",
                        plan.artifacts().stream()
                                .map(TransferRecord.Artifact::artifactId)
                                .toArray()));
        if (artifact.isPresent()) {
            return AlreadyExistsException.artifact(artifact.get());
        }
        Optional<Long> version = Jdbc.queryOne(
                c,
                "SELECT global_id FROM versions WHERE global_id = ANY(?)",
                rs -> rs.getLong(1),
                c.createArrayOf(
                        "BIGINT",
                        plan.versions().stream()
                                .map(v -> v.version().globalId())
                                .toArray()));
        return new AlreadyExistsException(version.map(id -> "A version with globalId " + id + " already exists.")
                .orElse("An artifact or version of the import was stored at the same time by another writer."));
    }

    /** Which version an artifact shows, as {@link VersionRows#SHOWN_FIRST} orders them. */
    static StoredVersion shown(List<StoredVersion> versions) {
        return versions.stream()
                .min(Comparator.<StoredVersion>comparingInt(v -> VersionRows.shownRank(v.state()))
                        .thenComparing(
                                Comparator.comparingInt(StoredVersion::version).reversed()))
                .orElseThrow();
    }
}
