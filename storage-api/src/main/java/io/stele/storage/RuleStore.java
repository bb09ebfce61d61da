package io.stele.storage;

import java.util.Map;
import java.util.Optional;

/**
 * Rules, global or per artifact, each a type with a configuration string.
 *
 * <p>Threading: safe for concurrent use. Consistency: a method that returns normally has made its
 * change durable and visible to later reads on this node. Every method may throw {@link
 * StorageUnavailableException}; the artifact-scoped ones throw {@link NotFoundException} when the
 * artifact does not exist.
 */
public interface RuleStore {

    /** The rules configured in this scope. */
    Map<RuleType, String> list(RuleScope scope);

    /** One rule's configuration, or empty. */
    Optional<String> get(RuleScope scope, RuleType type);

    /**
     * Configures a rule that is not configured yet.
     *
     * @throws AlreadyExistsException when the rule is configured in this scope
     */
    void create(RuleScope scope, RuleType type, String config);

    /**
     * Changes the configuration of a configured rule.
     *
     * @throws NotFoundException when the rule is not configured in this scope
     */
    void update(RuleScope scope, RuleType type, String config);

    /**
     * Removes one rule.
     *
     * @throws NotFoundException when the rule is not configured in this scope
     */
    void delete(RuleScope scope, RuleType type);

    /** Removes every rule of the scope. */
    void deleteAll(RuleScope scope);
}
