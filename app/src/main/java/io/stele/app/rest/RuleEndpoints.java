package io.stele.app.rest;

import io.stele.app.rules.RulesService;
import io.stele.app.storage.StorageProvider;
import io.stele.storage.InvalidRequestException;
import io.stele.storage.NotFoundException;
import io.stele.storage.RuleScope;
import io.stele.storage.RuleStore;
import io.stele.storage.RuleType;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.inject.Inject;
import java.util.List;
import java.util.Locale;

/** What the global and the per-artifact rule endpoints share: the same operations on another scope. */
@ApplicationScoped
public class RuleEndpoints {

    @Inject
    StorageProvider provider;

    private RuleStore rules() {
        return provider.storage().rules();
    }

    List<RuleType> list(RuleScope scope) {
        return rules().list(scope).keySet().stream().sorted().toList();
    }

    void create(RuleScope scope, Rule rule) {
        if (rule == null || rule.type() == null) {
            throw new InvalidRequestException(
                    "The rule's type is missing; expected one of " + List.of(RuleType.values()) + ".");
        }
        rules().create(scope, rule.type(), RulesService.requireValidConfig(rule.type(), rule.config()));
    }

    Rule get(RuleScope scope, String name) {
        RuleType type = parse(scope, name);
        return rules().get(scope, type)
                .map(config -> new Rule(config, type))
                .orElseThrow(() -> NotFoundException.rule(scope, type));
    }

    Rule update(RuleScope scope, String name, Rule rule) {
        RuleType type = parse(scope, name);
        if (rule == null) {
            throw new InvalidRequestException("The request body must be a rule: {\"config\": \"...\"}.");
        }
        if (rule.type() != null && rule.type() != type) {
            throw new InvalidRequestException(
                    "The rule in the body is " + rule.type() + ", the path names " + type + ".");
        }
        String config = RulesService.requireValidConfig(type, rule.config());
        rules().update(scope, type, config);
        return new Rule(config, type);
    }

    void delete(RuleScope scope, String name) {
        rules().delete(scope, parse(scope, name));
    }

    void deleteAll(RuleScope scope) {
        rules().deleteAll(scope);
    }

    /** A rule type named in a path: a name that is no rule is a rule that is not there. */
    private static RuleType parse(RuleScope scope, String name) {
        try {
            return RuleType.valueOf(name.toUpperCase(Locale.ROOT));
        } catch (IllegalArgumentException e) {
            throw new NotFoundException(
                    NotFoundException.Missing.RULE,
                    "No rule named '" + name + "' exists for " + scope + "; rules are " + List.of(RuleType.values())
                            + ".");
        }
    }
}
