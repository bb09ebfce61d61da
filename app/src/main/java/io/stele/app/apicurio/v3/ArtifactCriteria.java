package io.stele.app.apicurio.v3;

import io.stele.storage.ArtifactQuery;
import io.stele.storage.ArtifactType;
import io.stele.storage.InvalidRequestException;
import io.stele.storage.StoredArtifact;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.Comparator;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.function.Function;
import java.util.function.Predicate;
import java.util.regex.Pattern;
import java.util.stream.Collectors;

/**
 * What a search of Apicurio's v2 or v3 API keeps, each filter as the API that asked applies it, in
 * three parts that {@link ArtifactSearch#find} takes in turn: the artifacts the request names, if it
 * names any; what the storage index can narrow the search to; and the checks each artifact found
 * must pass. Immutable.
 *
 * @param named the ids of the artifacts the request names (by id, globalId or content), or empty
 *     when it names none and every artifact is a candidate
 * @param text text each candidate holds somewhere (its id, name, description or labels), found by
 *     the storage index in any case; empty for every artifact
 * @param over where the index looks for {@code text}
 * @param type the type every artifact kept has, or empty for any
 * @param checks what each candidate must pass, exactly as the API applies its filters
 * @param indexed whether the index, given {@code text}, {@code over} and {@code type}, keeps exactly
 *     what the checks keep, so that its answer is the search's
 */
public record ArtifactCriteria(
        Optional<Set<String>> named,
        Optional<String> text,
        ArtifactQuery.Over over,
        Optional<ArtifactType> type,
        List<Predicate<StoredArtifact>> checks,
        boolean indexed) {

    public ArtifactCriteria {
        checks = List.copyOf(checks);
    }

    /** The order of every search: by name, an artifact without one by its id, then by id. */
    static final Comparator<StoredArtifact> ORDER = Comparator.comparing(
                    (StoredArtifact a) -> a.latest().meta().name().orElse(a.artifactId()))
            .thenComparing(StoredArtifact::artifactId);

    /** Whether an artifact found passes every check. */
    boolean keeps(StoredArtifact artifact) {
        return type.map(t -> t == artifact.latest().type()).orElse(true)
                && checks.stream().allMatch(check -> check.test(artifact));
    }

    /** Criteria being put together from a request's filters, one at a time. */
    public static final class Builder {

        private Set<String> named;
        private String text;
        private ArtifactQuery.Over over = ArtifactQuery.Over.EVERYTHING;
        private Optional<ArtifactType> type = Optional.empty();
        private final List<Predicate<StoredArtifact>> checks = new ArrayList<>();

        /** Keeps only these artifacts, and of those named before, only those named here too. */
        public Builder named(Set<String> ids) {
            if (named == null) {
                named = new LinkedHashSet<>(ids);
            } else {
                named.retainAll(ids);
            }
            return this;
        }

        /** Keeps artifacts of this type, if one is given. */
        public Builder type(Optional<ArtifactType> type) {
            this.type = type;
            return this;
        }

        /**
         * Keeps artifacts that pass the check, which the index narrows to those holding {@code
         * fragment} in the fields {@code over} names; the first fragment given is the one the index
         * looks for, so give the most selective filter first.
         */
        public Builder check(Predicate<StoredArtifact> check, String fragment, ArtifactQuery.Over over) {
            checks.add(check);
            if (text == null && !fragment.isEmpty()) {
                text = fragment;
                this.over = over;
            }
            return this;
        }

        /**
         * Keeps artifacts whose entries (v3 labels, v2 properties, as {@code entries} reads them from
         * an artifact) match each filter given ({@link Entry}); blank filters are left out, as
         * Apicurio leaves them out. The index cannot narrow these: every artifact is read.
         *
         * @throws InvalidRequestException when a filter has no key
         */
        public Builder entries(
                String parameter, List<String> filters, Function<StoredArtifact, Map<String, String>> entries) {
            for (String filter : filters) {
                if (!filter.isBlank()) {
                    Entry wanted = Entry.parse(parameter, filter);
                    check(artifact -> wanted.in(entries.apply(artifact)), "", ArtifactQuery.Over.EVERYTHING);
                }
            }
            return this;
        }

        /**
         * Keeps artifacts whose description holds the text, in any case; with no other check, the
         * index answers this alone.
         */
        public Builder description(Optional<String> description) {
            description.ifPresent(wanted -> check(
                    artifact -> artifact.latest()
                            .meta()
                            .description()
                            .map(d -> d.toLowerCase(Locale.ROOT).contains(wanted.toLowerCase(Locale.ROOT)))
                            .orElse(false),
                    wanted,
                    ArtifactQuery.Over.DESCRIPTION));
            return this;
        }

        public ArtifactCriteria build() {
            // the index matches a description as the check does, and a type exactly
            boolean indexed = checks.isEmpty() || checks.size() == 1 && over == ArtifactQuery.Over.DESCRIPTION;
            return new ArtifactCriteria(
                    Optional.ofNullable(named), Optional.ofNullable(text), over, type, checks, indexed);
        }
    }

    /**
     * A filter by a key and maybe a value, as Apicurio takes v3's {@code labels} and v2's {@code
     * properties}: {@code key}, or {@code key:} (any value), or {@code key:value} (the value after
     * the first colon), matched in any case, each filter given narrowing further.
     *
     * @param key the key an entry must have, in any case
     * @param value the value it must have, in any case, or empty for any
     */
    public record Entry(String key, Optional<String> value) {

        /** What a filter may be: blank, or anything that does not start with the colon. */
        public static final String PATTERN = "^([^:][\\s\\S]*)?$";

        /**
         * Reads one filter of the query parameter {@code parameter}.
         *
         * @throws InvalidRequestException when the key is missing, as in {@code :value}
         */
        public static Entry parse(String parameter, String filter) {
            int colon = filter.indexOf(':');
            if (colon == 0) {
                throw new InvalidRequestException(
                        parameter + " filters are key:value or key; '" + filter + "' has no key before the ':'.");
            }
            return colon < 0
                    ? new Entry(filter, Optional.empty())
                    : new Entry(
                            filter.substring(0, colon),
                            Optional.of(filter.substring(colon + 1)).filter(v -> !v.isEmpty()));
        }

        /** Whether one of the entries has this key, and this value if one is asked for. */
        public boolean in(Map<String, String> entries) {
            return entries.entrySet().stream()
                    .anyMatch(e -> e.getKey().equalsIgnoreCase(key)
                            && value.map(v -> v.equalsIgnoreCase(e.getValue())).orElse(true));
        }
    }

    /**
     * Text matched as Apicurio matches it: exactly, case included, but for each {@code *}, which
     * matches any text.
     *
     * @param pattern what the text must be as a whole
     * @param fragment the longest run of the pattern without {@code *}, which every matching text
     *     holds
     */
    public record Glob(Pattern pattern, String fragment) {

        /** A pattern in which every {@code *} matches any text. */
        public static Glob of(String value) {
            List<String> pieces = Arrays.asList(value.split("\\*", -1));
            return new Glob(
                    Pattern.compile(pieces.stream().map(Glob::quote).collect(Collectors.joining(".*")), Pattern.DOTALL),
                    pieces.stream().max(Comparator.comparingInt(String::length)).orElse(""));
        }

        /**
         * A pattern in which only a leading or trailing {@code *} matches any text, as Apicurio 3
         * matches a name; a {@code *} elsewhere is itself.
         */
        public static Glob atEnds(String value) {
            boolean before = value.startsWith("*");
            String rest = before ? value.substring(1) : value;
            boolean after = rest.endsWith("*");
            String literal = after ? rest.substring(0, rest.length() - 1) : rest;
            return new Glob(
                    Pattern.compile((before ? ".*" : "") + quote(literal) + (after ? ".*" : ""), Pattern.DOTALL),
                    literal);
        }

        /** Text that holds the value anywhere, case included, as a SQL {@code LIKE '%value%'}. */
        public static Glob within(String value) {
            return new Glob(Pattern.compile(".*" + quote(value) + ".*", Pattern.DOTALL), value);
        }

        /** Whether the text, if there is one, matches as a whole. */
        public boolean matches(Optional<String> text) {
            return text.map(t -> pattern.matcher(t).matches()).orElse(false);
        }

        private static String quote(String literal) {
            return literal.isEmpty() ? "" : Pattern.quote(literal);
        }
    }
}
