package io.stele.app.cache;

import com.github.benmanes.caffeine.cache.AsyncCache;
import com.github.benmanes.caffeine.cache.Caffeine;
import io.stele.storage.RuleScope;
import io.stele.storage.RuleStore;
import io.stele.storage.RuleType;
import io.stele.storage.forwarding.ForwardingRuleStore;
import java.time.Duration;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.CompletableFuture;
import java.util.function.Consumer;
import java.util.function.Supplier;

/**
 * Rules read through a cache of each scope's rules, since every write reads them and they rarely
 * change. The cache holds a future per scope, entered before the load starts and completed by the
 * caller that entered it ({@link Loads}): concurrent readers of a scope share one load, and no lock
 * is held while the backend answers. An entry is dropped on this node's own writes and on the
 * backend's change reports for its scope, whether its load has finished or not, so a load that read
 * the old rules is never kept past a drop.
 */
final class CachedRules extends ForwardingRuleStore {

    private final Supplier<RuleStore> backend;
    private final AsyncCache<RuleScope, Map<RuleType, String>> scopes;

    CachedRules(Supplier<RuleStore> backend, Duration ttl) {
        this.backend = backend;
        this.scopes =
                Caffeine.newBuilder().maximumSize(100_000).expireAfterWrite(ttl).buildAsync();
    }

    @Override
    protected RuleStore delegate() {
        return backend.get();
    }

    /** Drops the cached rules of one scope. */
    void invalidate(RuleScope scope) {
        scopes.synchronous().invalidate(scope);
    }

    void invalidateAll() {
        scopes.synchronous().invalidateAll();
    }

    /** The scope's rules if cached and loaded; never touches the backend. */
    Optional<Map<RuleType, String>> cached(RuleScope scope) {
        CompletableFuture<Map<RuleType, String>> found = scopes.getIfPresent(scope);
        return found != null && found.isDone() && !found.isCompletedExceptionally()
                ? Optional.of(found.join())
                : Optional.empty();
    }

    /** Caches what the caller knows to be the scope's rules, unless something is cached already. */
    void keep(RuleScope scope, Map<RuleType, String> rules) {
        scopes.asMap().putIfAbsent(scope, CompletableFuture.completedFuture(Map.copyOf(rules)));
    }

    /** Runs a write on the backend, then drops the scope's entry, whether the write succeeded or not. */
    private void changing(RuleScope scope, Consumer<RuleStore> write) {
        try {
            write.accept(delegate());
        } finally {
            invalidate(scope);
        }
    }

    @Override
    public Map<RuleType, String> list(RuleScope scope) {
        CompletableFuture<Map<RuleType, String>> mine = new CompletableFuture<>();
        CompletableFuture<Map<RuleType, String>> found = scopes.get(scope, (s, executor) -> mine);
        return found == mine ? Loads.run(mine, () -> Map.copyOf(delegate().list(scope))) : Loads.await(found);
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
