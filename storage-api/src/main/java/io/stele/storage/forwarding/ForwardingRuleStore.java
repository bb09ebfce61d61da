package io.stele.storage.forwarding;

import io.stele.storage.RuleScope;
import io.stele.storage.RuleType;

/**
 * Forwards every call to {@link #delegate()}: the reads as {@link ForwardingRuleReads} does, and
 * the writes. See the package's javadoc.
 */
public abstract class ForwardingRuleStore extends ForwardingRuleReads {
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
