package io.stele.app.cache;

import com.github.benmanes.caffeine.cache.Cache;
import com.github.benmanes.caffeine.cache.Caffeine;
import io.stele.storage.RuleScope;
import io.stele.storage.RuleType;
import io.stele.storage.RuleStore;
import java.time.Duration;
import java.util.Map;
import java.util.Optional;
import java.util.function.Consumer;
import java.util.function.Supplier;

/**
 * Rules read through a cache of each scope's rules, since every write reads them and they rarely
 * change. An entry is dropped on this node's own writes and on the backend's change reports for
 * its scope; Caffeine makes a drop wait for a load of the same scope in progress, so a load that
 * read the old rules cannot land after it.
 */
final class CachedRules implements RuleStore {

    private final Supplier<RuleStore> backend;
    private final Cache<RuleScope, Map<RuleType, String>> scopes;

    CachedRules(Supplier<RuleStore> backend, Duration ttl) {
        this.backend = backend;
        this.scopes = Caffeine.newBuilder().maximumSize(100_000).expireAfterWrite(ttl).build();
    }

    /** Drops the cached rules of one scope. */
    void invalidate(RuleScope scope) {
        scopes.invalidate(scope);
    }

    void invalidateAll() {
        scopes.invalidateAll();
    }

    /** The scope's rules if cached; never touches the backend. */
    Optional<Map<RuleType, String>> cached(RuleScope scope) {
        return Optional.ofNullable(scopes.getIfPresent(scope));
    }

    /** Caches what the caller knows to be the scope's rules, unless something is cached already. */
    void keep(RuleScope scope, Map<RuleType, String> rules) {
        scopes.asMap().putIfAbsent(scope, Map.copyOf(rules));
    }

    /** Runs a write on the backend, then drops the scope's entry, whether the write succeeded or not. */
    private void changing(RuleScope scope, Consumer<RuleStore> write) {
        try {
            write.accept(backend.get());
        } finally {
            invalidate(scope);
        }
    }

    @Override
    public Map<RuleType, String> list(RuleScope scope) {
        return scopes.get(scope, s -> Map.copyOf(backend.get().list(s)));
    }

    @Override
    public Optional<String> get(RuleScope scope, RuleType type) {
        return Optional.ofNullable(list(scope).get(type));
    }

    @Override
    public void create(RuleScope scope, RuleType type, String config) {
        changing(scope, rules -> rules.create(scope, type, config));
    }

    @Override
    public void update(RuleScope scope, RuleType type, String config) {
        changing(scope, rules -> rules.update(scope, type, config));
    }

    @Override
    public void delete(RuleScope scope, RuleType type) {
        changing(scope, rules -> rules.delete(scope, type));
    }

    @Override
    public void deleteAll(RuleScope scope) {
        changing(scope, rules -> rules.deleteAll(scope));
    }
}
