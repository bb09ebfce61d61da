package io.stele.app.rules;

import java.util.EnumSet;
import java.util.Locale;
import java.util.Optional;
import java.util.Set;

/**
 * The levels of the INTEGRITY rule, as Apicurio names them; a rule's configuration lists one or
 * more, separated by commas ({@code NO_DUPLICATES,REFS_EXIST}).
 */
public enum Integrity {
    /** Nothing is checked. */
    NONE,
    /** Each referenced version must exist: Stele refuses any other reference whatever the rules. */
    REFS_EXIST,
    /** Each name the content uses from another document must be mapped by one of its references. */
    ALL_REFS_MAPPED,
    /** No two references may have one name: Stele refuses those whatever the rules. */
    NO_DUPLICATES,
    /**
     * Following the references must not lead back: a stored version references only versions that
     * existed before it, so no new version can close a cycle.
     */
    NO_CIRCULAR_REFERENCES,
    /** All of the above. */
    FULL;

    /**
     * Parses a rule configuration such as {@code FULL} or {@code NO_DUPLICATES, REFS_EXIST}; empty
     * when an item is not a level, or there is none.
     */
    public static Optional<Set<Integrity>> parse(String config) {
        if (config == null || config.isBlank()) {
            return Optional.empty();
        }
        Set<Integrity> levels = EnumSet.noneOf(Integrity.class);
        for (String item : config.split(",", -1)) {
            try {
                levels.add(valueOf(item.trim().toUpperCase(Locale.ROOT)));
            } catch (IllegalArgumentException e) {
                return Optional.empty();
            }
        }
        return Optional.of(levels);
    }

    /** Whether a configuration's levels include this one, as {@link #FULL} includes each. */
    boolean in(Set<Integrity> levels) {
        return levels.contains(this) || levels.contains(FULL);
    }
}
