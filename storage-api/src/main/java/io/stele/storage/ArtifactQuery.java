package io.stele.storage;

import java.util.Locale;
import java.util.Objects;
import java.util.Optional;

/**
 * A search for artifacts. Text matches case-insensitively anywhere in the fields searched; the
 * fields are those of the artifact's latest version (the one {@link StoredArtifact#latest()} gives).
 * Results are ordered by name (the artifact id for an artifact without one), then by id.
 *
 * @param text the text to find; empty finds every artifact
 * @param over which fields to search
 * @param type the artifact type to keep, or empty for every type
 * @param descending whether to order from last to first
 * @param page which window of the results
 */
public record ArtifactQuery(
        Optional<String> text, Over over, Optional<ArtifactType> type, boolean descending, PageRequest page) {

    /** The fields a search looks in. */
    public enum Over {
        /** Id, name, description and labels. */
        EVERYTHING,
        NAME,
        DESCRIPTION,
        LABELS;

        /** Parses the v1 API's lower-case names, such as {@code everything}. */
        public static Over parse(String name) {
            try {
                return valueOf(name.trim().toUpperCase(Locale.ROOT));
            } catch (IllegalArgumentException e) {
                throw new InvalidRequestException(
                        "over must be one of everything, name, description, labels; was '" + name + "'.");
            }
        }
    }

    public ArtifactQuery {
        text = text == null ? Optional.empty() : text.filter(t -> !t.isBlank());
        Objects.requireNonNull(over, "over");
        type = type == null ? Optional.empty() : type;
        Objects.requireNonNull(page, "page");
    }

    /** A search of every type. */
    public ArtifactQuery(Optional<String> text, Over over, boolean descending, PageRequest page) {
        this(text, over, Optional.empty(), descending, page);
    }
}
