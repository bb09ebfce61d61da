package io.stele.app.rules;

import io.stele.storage.ArtifactType;
import java.util.List;
import java.util.Map;
import java.util.Optional;

/**
 * What the registry knows of one artifact type: how to check content, what content means the same,
 * and whether one schema can read data written with another.
 *
 * <p>Implementations are stateless and thread-safe.
 */
public interface TypeSupport {

    /** The type this supports. */
    ArtifactType type();

    /**
     * Checks content at a validity level; {@link Validity#NONE} checks nothing.
     *
     * @throws InvalidContentException naming what is wrong, and where when the parser says
     */
    void validate(String content, Validity level);

    /**
     * Checks content that references other schemas, which are given resolved: by default the
     * content alone, then, at a level other than NONE and with references, {@link
     * #requireNamedReferences}. Without references nothing outside the content is checked: the v1
     * API stores schemas on their own.
     *
     * @throws InvalidContentException naming what is wrong
     */
    default void validate(String content, ResolvedReferences references, Validity level) {
        validate(content, level);
        if (level != Validity.NONE && !references.isEmpty()) {
            requireNamedReferences(content, references);
        }
    }

    /**
     * Checks that each other document the content uses (an import, a {@code $ref}) is one that a
     * reference names, as a client resolving the schema needs; the default checks nothing.
     *
     * @throws InvalidContentException naming the document none of the references names
     */
    default void requireNamedReferences(String content, ResolvedReferences references) {}

    /**
     * Checks that every name the content uses from elsewhere (an imported file, a type defined in
     * one) resolves, with the references it has, as a registry whose schemas carry references (the
     * Confluent API) requires of a schema it accepts; the default checks nothing.
     *
     * @throws InvalidContentException naming what does not resolve
     */
    default void requireResolved(String content, ResolvedReferences references) {}

    /**
     * The canonical form an earlier release compared this content's versions by, where it differs
     * from {@link #canonical}: versions stored then carry its hash, and are found by it and then
     * compared again by the current form. Empty (the default) when the form never changed.
     */
    default Optional<String> formerCanonical(String content, ResolvedReferences references) {
        return Optional.empty();
    }

    /**
     * The content with every schema it references written into it, as one schema a client can use
     * on its own (Apicurio's {@code references=DEREFERENCE}); empty (the default) for a type that
     * has no such form here.
     *
     * @throws InvalidContentException when the content or a schema it references cannot be parsed
     */
    default Optional<String> dereferenced(String content, ResolvedReferences references) {
        return Optional.empty();
    }

    /**
     * The content with each reference to another document pointed at the location {@code
     * locations} gives for the reference's name (Apicurio's {@code references=REWRITE}); as it is
     * (the default) for a type whose references name types rather than documents' locations, as
     * Avro's and Protobuf's do.
     */
    default String rewritten(String content, Map<String, String> locations) {
        return content;
    }

    /** {@link #canonical(String)} of content that references other schemas. */
    default String canonical(String content, ResolvedReferences references) {
        return canonical(content);
    }

    /**
     * Valid content as a registration that asks for it normalized stores it (the Confluent API's
     * {@code normalize=true}): the same text for content that means the same even where the type's
     * canonical form tells the two apart, such as options written in another order. The default is
     * the {@link #canonical(String, ResolvedReferences) canonical form}.
     */
    default String normalized(String content, ResolvedReferences references) {
        return canonical(content, references);
    }

    /** {@link #readerIncompatibilities(String, String)} of schemas that reference others. */
    default List<Incompatibility> readerIncompatibilities(
            String reader, ResolvedReferences readerReferences, String writer, ResolvedReferences writerReferences) {
        return readerIncompatibilities(reader, writer);
    }

    /**
     * Content in a form that is the same for all content that means the same: whitespace, key
     * order and, where the type defines one, its canonical form do not matter. Content that cannot
     * be parsed is returned as it is.
     */
    String canonical(String content);

    /**
     * Whether every datum written with {@code writer} can be read with {@code reader}.
     *
     * @return each incompatibility found, with its location; empty when compatible. A type without
     *     a notion of compatibility (the default) returns empty.
     * @throws InvalidContentException when either schema cannot be parsed
     */
    default List<Incompatibility> readerIncompatibilities(String reader, String writer) {
        return List.of();
    }
}
