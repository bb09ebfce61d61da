package io.stele.app.rules;

import io.stele.storage.RuleType;
import java.util.List;
import java.util.stream.Collectors;

/**
 * Content breaks a configured rule. The message names the rule and every cause; the causes are
 * also given one by one, for clients that show them as a list.
 */
public class RuleViolationException extends RuntimeException {

    private final RuleType rule;
    private final List<Incompatibility> causes;

    public RuleViolationException(RuleType rule, String summary, List<Incompatibility> causes) {
        super(summary
                + (causes.isEmpty()
                        ? ""
                        : causes.stream().map(Incompatibility::toString).collect(Collectors.joining("; ", " ", ""))));
        this.rule = rule;
        this.causes = List.copyOf(causes);
    }

    public RuleType rule() {
        return rule;
    }

    public List<Incompatibility> causes() {
        return causes;
    }
}
