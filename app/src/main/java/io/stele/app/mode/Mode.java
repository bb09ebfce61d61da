package io.stele.app.mode;

import io.stele.storage.RuleScope;
import java.util.Locale;
import java.util.Optional;
import java.util.function.Function;

/** Which writes the registry takes, globally or for one artifact. */
public enum Mode {
    /** Every write: the mode when none is set. */
    READWRITE,
    /** No write but to the modes themselves; reads, lookups and compatibility checks still answer. */
    READONLY,
    /**
     * Every write, and the Confluent API registers schemas only with the ids and versions they had in
     * the registry they come from: what a migration needs.
     */
    IMPORT;

    /** A mode by name, in any case; empty for a name that is none. */
    public static Optional<Mode> parse(String name) {
        if (name == null) {
            return Optional.empty();
        }
        try {
            return Optional.of(valueOf(name.trim().toUpperCase(Locale.ROOT)));
        } catch (IllegalArgumentException e) {
            return Optional.empty();
        }
    }

    /**
     * The mode in force for an artifact (or, with none, for the registry): the artifact's own, else
     * the global one, else READWRITE.
     *
     * @param modes the MODE rule of a scope, as stored (an artifact's may be set before the artifact
     *     exists)
     */
    public static Mode inForce(Function<RuleScope, Optional<String>> modes, Optional<String> artifactId) {
        Optional<String> own = artifactId.flatMap(id -> modes.apply(RuleScope.artifact(id)));
        return own.or(() -> modes.apply(RuleScope.GLOBAL)).flatMap(Mode::parse).orElse(READWRITE);
    }
}
