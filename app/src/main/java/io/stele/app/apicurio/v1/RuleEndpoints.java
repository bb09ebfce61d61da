package io.stele.app.apicurio.v1;

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
import java.util.function.BiFunction;
import java.util.stream.Stream;

/**
 * What the global and the per-artifact rule endpoints of every Apicurio API share: the same
 * operations on another scope. Each API has its own body shape and passes its parts: a rule's type
 * and its configuration; and the rules it shows ({@link #V1_RULES}, {@link #RULES}), which are the
 * only ones it lists, configures or names in a path.
 */
@ApplicationScoped
public class RuleEndpoints {

    @Inject
    StorageProvider provider;

    /**
     * The rules, after checking that the scope's artifact exists: this API shows rules of existing
     * artifacts only, though the storage keeps rules configured ahead of an artifact.
     *
     * @throws NotFoundException when the scope is an artifact that does not exist
     */
    private RuleStore rules(RuleScope scope) {
        scope.artifactId().ifPresent(id -> {
            if (provider.storage().artifacts().get(id).isEmpty()) {
                throw NotFoundException.artifact(id);
            }
        });
        return provider.storage().rules();
    }

    /**
     * The rules Apicurio's v2 and v3 APIs show: the checks of content; the MODE rule belongs to the
     * Confluent API.
     */
    public static final List<RuleType> RULES =
            Stream.of(RuleType.values()).filter(RuleType::checksContent).toList();

    /** The rules the v1 API shows: the two its clients know (Apicurio 1.x has no INTEGRITY rule). */
    public static final List<RuleType> V1_RULES = List.of(RuleType.VALIDITY, RuleType.COMPATIBILITY);

    /**
     * The content rules configured in a scope, in their declared order.
     *
     * @throws NotFoundException when the scope is an artifact that does not exist
     */
    public List<RuleType> list(List<RuleType> shown, RuleScope scope) {
        return rules(scope).list(scope).keySet().stream()
                .filter(shown::contains)
                .sorted()
                .toList();
    }

    /** A rule as a request body of any of the APIs gives it: its type and configuration, each maybe null. */
    public interface Body {
        RuleType type();

        String config();
    }

    /**
     * Configures a rule that the scope does not have yet.
     *
     * @param rule the request body, or null when there is none
     * @throws InvalidRequestException when the type is missing or the configuration is not one it takes
     * @throws io.stele.storage.AlreadyExistsException when the scope has the rule already
     */
    public void create(List<RuleType> shown, RuleScope scope, Body rule) {
        if (rule == null || rule.type() == null || !shown.contains(rule.type())) {
            throw new InvalidRequestException("The rule's type is "
                    + (rule == null || rule.type() == null ? "missing" : "not one this API configures")
                    + "; expected one of " + shown + ".");
        }
        rules(scope).create(scope, rule.type(), RulesService.requireValidConfig(rule.type(), rule.config()));
    }

    /**
     * The rule a path names, in the shape {@code shape} makes of its configuration and type.
     *
     * @throws NotFoundException when the name is no rule or the scope does not have it
     */
    public <T> T get(List<RuleType> shown, RuleScope scope, String name, BiFunction<String, RuleType, T> shape) {
        RuleType type = parse(shown, scope, name);
        return rules(scope)
                .get(scope, type)
                .map(config -> shape.apply(config, type))
                .orElseThrow(() -> NotFoundException.rule(scope, type));
    }

    /**
     * Changes the configuration of the rule a path names, answering the rule now in force in the
     * shape {@code shape} makes of it.
     *
     * @throws InvalidRequestException when there is no body, or it names another rule or a
     *     configuration the rule does not take
     */
    public <T> T update(
            List<RuleType> shown, RuleScope scope, String name, Body rule, BiFunction<String, RuleType, T> shape) {
        RuleType type = parse(shown, scope, name);
        if (rule == null) {
            throw new InvalidRequestException("The request body must be a rule: {\"config\": \"...\"}.");
        }
        if (rule.type() != null && rule.type() != type) {
            throw new InvalidRequestException(
                    "The rule in the body is " + rule.type() + ", the path names " + type + ".");
        }
        String config = RulesService.requireValidConfig(type, rule.config());
        rules(scope).update(scope, type, config);
        return shape.apply(config, type);
    }

    /** Removes the rule a path names; 404 when the scope does not have it. */
    public void delete(List<RuleType> shown, RuleScope scope, String name) {
        rules(scope).delete(scope, parse(shown, scope, name));
    }

    /** Removes the rules this API shows; the others, such as the scope's mode, stay. */
    public void deleteAll(List<RuleType> shown, RuleScope scope) {
        if (shown.containsAll(rules(scope).list(scope).keySet())) {
            rules(scope).deleteAll(scope);
            return;
        }
        for (RuleType type : list(shown, scope)) {
            try {
                rules(scope).delete(scope, type);
            } catch (NotFoundException e) {
                // removed meanwhile
            }
        }
    }

    /** A rule type named in a path: a name that is no rule is a rule that is not there. */
    private static RuleType parse(List<RuleType> shown, RuleScope scope, String name) {
        return shown.stream()
                .filter(type -> type.name().equalsIgnoreCase(name))
                .findFirst()
                .orElseThrow(() -> new NotFoundException(
                        NotFoundException.Missing.RULE,
                        "No rule named '" + name + "' exists for " + scope + "; rules are " + shown + "."));
    }
}
