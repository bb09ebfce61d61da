package io.stele.storage.forwarding;

import io.stele.storage.RuleScope;
import io.stele.storage.RuleStore;
import io.stele.storage.RuleType;
import java.util.Map;
import java.util.Optional;

/** Forwards every call to {@link #delegate()}; see the package's javadoc. */
public abstract class ForwardingRuleStore implements RuleStore {

    protected abstract RuleStore delegate();

    @Override
    public Map<RuleType, String> list(RuleScope scope) {
        return delegate().list(scope);
    }

    @Override
    public Optional<String> get(RuleScope scope, RuleType type) {
        return delegate().get(scope, type);
    }

    @Override
    public void create(RuleScope scope, RuleType type, String config) {
        delegate().create(scope, type, config);
    }

    @Override
    public void update(RuleScope scope, RuleType type, String config) {
        delegate().update(scope, type, config);
    }

    @Override
    public void delete(RuleScope scope, RuleType type) {
        delegate().delete(scope, type);
    }

    @Override
    public void deleteAll(RuleScope scope) {
        delegate().deleteAll(scope);
    }
}
