package io.stele.app.rules;

import java.util.Locale;
import java.util.Optional;

/** The levels of the VALIDITY rule. */
public enum Validity {
    /** Content is stored without checks. */
    NONE,
    /** Content must parse as its type. */
    SYNTAX_ONLY,
    /** Content must parse and be meaningful: references resolve, the type's own rules hold. */
    FULL;

    /** Parses a rule configuration such as {@code FULL}; empty for a name that is not a level. */
    public static Optional<Validity> parse(String config) {
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
