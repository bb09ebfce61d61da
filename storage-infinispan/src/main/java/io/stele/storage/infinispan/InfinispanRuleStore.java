package io.stele.storage.infinispan;

import io.stele.storage.AlreadyExistsException;
import io.stele.storage.Change;
import io.stele.storage.NotFoundException;
import io.stele.storage.RuleScope;
import io.stele.storage.RuleStore;
import io.stele.storage.RuleType;
import java.util.ArrayList;
import java.util.EnumMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.function.Consumer;
import java.util.function.UnaryOperator;

/** Rules: one entry per scope, changed whole in a transaction. */
final class InfinispanRuleStore implements RuleStore {

    private final Cluster cluster;
    private final Transactions transactions;
    private final Consumer<Change> changes;

    InfinispanRuleStore(Cluster cluster, Transactions transactions, Consumer<Change> changes) {
        this.cluster = cluster;
        this.transactions = transactions;
        this.changes = changes;
    }

    @Override
    public Map<RuleType, String> list(RuleScope scope) {
        return rules(cluster.rules.get(Keys.rules(scope)));
    }

    @Override
    public Optional<String> get(RuleScope scope, RuleType type) {
        return Optional.ofNullable(list(scope).get(type));
    }

    @Override
    public void create(RuleScope scope, RuleType type, String config) {
        change(scope, "configuring a rule of " + scope, rules -> {
            if (rules.containsKey(type)) {
                throw AlreadyExistsException.rule(scope, type);
            }
            rules.put(type, config);
            return rules;
        });
    }

    @Override
    public void update(RuleScope scope, RuleType type, String config) {
        change(scope, "changing a rule of " + scope, rules -> {
            if (!rules.containsKey(type)) {
                throw NotFoundException.rule(scope, type);
            }
            rules.put(type, config);
            return rules;
        });
    }

    @Override
    public void delete(RuleScope scope, RuleType type) {
        change(scope, "removing a rule of " + scope, rules -> {
            if (rules.remove(type) == null) {
                throw NotFoundException.rule(scope, type);
            }
            return rules;
        });
    }

    @Override
    public void deleteAll(RuleScope scope) {
        change(scope, "removing the rules of " + scope, rules -> {
            rules.clear();
            return rules;
        });
    }

    private void change(RuleScope scope, String what, UnaryOperator<Map<RuleType, String>> edit) {
        String key = Keys.rules(scope);
        transactions.write(what, () -> {
            Map<RuleType, String> after = edit.apply(rules(cluster.rules.get(key)));
            if (after.isEmpty()) {
                cluster.rules.remove(key);
            } else {
                cluster.rules.put(key, entry(after));
            }
            return null;
        });
        changes.accept(
                scope.artifactId().<Change>map(Change.ArtifactChanged::new).orElseGet(Change.GlobalChanged::new));
    }

    static Map<RuleType, String> rules(RulesEntry entry) {
        Map<RuleType, String> rules = new EnumMap<>(RuleType.class);
        if (entry != null) {
            List<String> flat = entry.rules();
            for (int i = 0; i + 1 < flat.size(); i += 2) {
                rules.put(RuleType.valueOf(flat.get(i)), flat.get(i + 1));
            }
        }
        return rules;
    }

    static RulesEntry entry(Map<RuleType, String> rules) {
        List<String> flat = new ArrayList<>();
        rules.forEach((type, config) -> {
            flat.add(type.name());
            flat.add(config);
        });
        return new RulesEntry(flat);
    }
}
