package io.stele.storage.sql;

import io.stele.storage.AlreadyExistsException;
import io.stele.storage.Change;
import io.stele.storage.NotFoundException;
import io.stele.storage.RuleScope;
import io.stele.storage.RuleStore;
import io.stele.storage.RuleType;
import java.sql.SQLException;
import java.util.EnumMap;
import java.util.Map;
import java.util.Optional;

/**
 * Global rules in {@code global_rules}, artifact rules in {@code artifact_rules}, keyed by the
 * artifact's id whether or not the artifact exists.
 */
final class SqlRuleStore implements RuleStore {

    private final Jdbc jdbc;
    private final SqlChangeFeed changes;

    SqlRuleStore(Jdbc jdbc, SqlChangeFeed changes) {
        this.jdbc = jdbc;
        this.changes = changes;
    }

    /** The table, and the condition that selects the scope's rows, with its parameters. */
    private record Where(String table, String condition, Object[] params) {

        static Where of(RuleScope scope) {
            return scope.artifactId()
                    .map(id -> new Where("artifact_rules", "artifact_id = ?", new Object[] {id}))
                    .orElseGet(() -> new Where("global_rules", "1 = 1", new Object[0]));
        }

        Object[] with(Object... more) {
            Object[] all = new Object[params.length + more.length];
            System.arraycopy(more, 0, all, 0, more.length);
            System.arraycopy(params, 0, all, more.length, params.length);
            return all;
        }
    }

    @Override
    public Map<RuleType, String> list(RuleScope scope) {
        Where w = Where.of(scope);
        Map<RuleType, String> rules = new EnumMap<>(RuleType.class);
        jdbc.read(c -> Jdbc.queryList(
                c,
                "SELECT rule_type, config FROM " + w.table() + " WHERE " + w.condition(),
                rs -> rules.put(RuleType.valueOf(rs.getString(1)), rs.getString(2)),
                w.params()));
        return rules;
    }

    @Override
    public Optional<String> get(RuleScope scope, RuleType type) {
        return jdbc.read(c -> {
            Where w = Where.of(scope);
            return Jdbc.queryOne(
                    c,
                    "SELECT config FROM " + w.table() + " WHERE rule_type = ? AND " + w.condition(),
                    rs -> rs.getString(1),
                    w.with(type.name()));
        });
    }

    @Override
    public void create(RuleScope scope, RuleType type, String config) {
        write(scope, c -> {
            try {
                if (scope.artifactId().isPresent()) {
                    Jdbc.update(
                            c,
                            "INSERT INTO artifact_rules (rule_type, config, artifact_id) VALUES (?, ?, ?)",
                            type.name(),
                            config,
                            scope.artifactId().get());
                } else {
                    Jdbc.update(c, "INSERT INTO global_rules (rule_type, config) VALUES (?, ?)", type.name(), config);
                }
            } catch (SQLException e) {
                if (Jdbc.isUniqueViolation(e)) {
                    throw AlreadyExistsException.rule(scope, type);
                }
                throw e;
            }
            return 1;
        });
    }

    @Override
    public void update(RuleScope scope, RuleType type, String config) {
        Where w = Where.of(scope);
        write(
                scope,
                c -> requireChanged(
                        Jdbc.update(
                                c,
                                "UPDATE " + w.table() + " SET config = ? WHERE rule_type = ? AND " + w.condition(),
                                w.with(config, type.name())),
                        scope,
                        type));
    }

    @Override
    public void delete(RuleScope scope, RuleType type) {
        Where w = Where.of(scope);
        write(
                scope,
                c -> requireChanged(
                        Jdbc.update(
                                c,
                                "DELETE FROM " + w.table() + " WHERE rule_type = ? AND " + w.condition(),
                                w.with(type.name())),
                        scope,
                        type));
    }

    @Override
    public void deleteAll(RuleScope scope) {
        Where w = Where.of(scope);
        write(scope, c -> Jdbc.update(c, "DELETE FROM " + w.table() + " WHERE " + w.condition(), w.params()));
    }

    private void write(RuleScope scope, Jdbc.Work<Integer> work) {
        changes.write(
                jdbc,
                scope.artifactId().<Change>map(Change.ArtifactChanged::new).orElseGet(Change.GlobalChanged::new),
                work);
    }

    private static int requireChanged(int rows, RuleScope scope, RuleType type) {
        if (rows == 0) {
            throw NotFoundException.rule(scope, type);
        }
        return rows;
    }
}
