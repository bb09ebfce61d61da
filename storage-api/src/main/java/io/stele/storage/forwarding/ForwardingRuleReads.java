package io.stele.storage.forwarding;

import io.stele.storage.RuleScope;
import io.stele.storage.RuleStore;
import io.stele.storage.RuleType;
import java.util.Map;
import java.util.Optional;

/**
 * Forwards every read of a {@link RuleStore} to {@link #delegate()} and leaves its writes abstract:
 * the base of a guard, which must then decide each write, including any the SPI gains later (the
 * compiler asks). See the package's javadoc.
 */
public abstract class ForwardingRuleReads implements RuleStore {

    protected abstract RuleStore delegate();

    @Override
    public Map<RuleType, String> list(RuleScope scope) {
        return delegate().list(scope);
    }

    @Override
    public Optional<String> get(RuleScope scope, RuleType type) {
        return delegate().get(scope, type);
    }
}
