package io.stele.app.rules;

import java.util.Locale;
import java.util.Optional;

/**
 * The levels of the COMPATIBILITY rule. A new schema is checked against the latest version or,
 * for the transitive levels, against every version. BACKWARD: the new schema reads data written
 * with the old ones (upgrade consumers first). FORWARD: the old schemas read data written with the
 * new one (upgrade producers first). FULL: both.
 */
public enum Compatibility {
    NONE(false, false, false),
    BACKWARD(true, false, false),
    BACKWARD_TRANSITIVE(true, false, true),
    FORWARD(false, true, false),
    FORWARD_TRANSITIVE(false, true, true),
    FULL(true, true, false),
    FULL_TRANSITIVE(true, true, true);

    private final boolean backward;
    private final boolean forward;
    private final boolean transitive;

    Compatibility(boolean backward, boolean forward, boolean transitive) {
        this.backward = backward;
        this.forward = forward;
        this.transitive = transitive;
    }

    /** Whether the new schema must read data written with the old ones. */
    public boolean backward() {
        return backward;
    }

    /** Whether the old schemas must read data written with the new one. */
    public boolean forward() {
        return forward;
    }

    /** Whether every earlier version is checked, not just the latest. */
    public boolean transitive() {
        return transitive;
    }

    /** Parses a rule configuration such as {@code BACKWARD}; empty for a name that is not a level. */
    public static Optional<Compatibility> parse(String config) {
        if (config == null) {
            return Optional.empty();
        }
        try {
            return Optional.of(valueOf(config.trim().toUpperCase(Locale.ROOT)));
        } catch (IllegalArgumentException e) {
            return Optional.empty();
        }
    }
}
