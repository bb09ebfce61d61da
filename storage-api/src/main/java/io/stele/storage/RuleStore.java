package io.stele.storage;

import java.util.Map;
import java.util.Optional;

/**
 * Rules, global or per artifact, each a type with a configuration string.
 *
 * <p>An artifact's rules are keyed by its id, whether or not the artifact exists: they may be
 * configured before it is created (the Confluent API sets a subject's compatibility level or mode
 * before its first version), and apply to it from its creation on. Deleting the artifact for good
 * ({@link ArtifactStore#delete}, or deleting its last version) deletes its rules in the same atomic
 * change; soft-deleting its versions keeps them. An API that shows rules only of existing artifacts
 * checks that the artifact exists itself.
 *
 * <p>Threading: safe for concurrent use. Consistency: each write is one atomic change of one rule
 * (or, for {@link #deleteAll}, of one scope's rules); a method that returns normally has made its
 * change durable and visible to later reads on this node, and reported it on the change feed
 * ({@link Change.ArtifactChanged} for an artifact's rules, {@link Change.GlobalChanged} for the
 * global ones). Every method may throw {@link StorageUnavailableException}.
 */
public interface RuleStore {

    /** The rules configured in this scope; empty when none are. */
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
