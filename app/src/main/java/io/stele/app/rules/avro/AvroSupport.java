package io.stele.app.rules.avro;

import io.stele.app.rules.Incompatibility;
import io.stele.app.rules.InvalidContentException;
import io.stele.app.rules.ParserMessages;
import io.stele.app.rules.ResolvedReferences;
import io.stele.app.rules.TypeSupport;
import io.stele.app.rules.Validity;
import io.stele.storage.ArtifactType;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import org.apache.avro.Schema;
import org.apache.avro.SchemaCompatibility;
import org.apache.avro.SchemaNormalization;

/**
 * Avro, checked and compared by Apache Avro itself. SYNTAX_ONLY parses the schema; FULL also
 * checks that every default value fits its field's type. The canonical form is the one Confluent
 * Schema Registry compares versions by: the schema as Avro writes it, compact, with its
 * documentation, defaults, aliases, logical types and custom properties, in Avro's own key order
 * (whitespace and key order do not count; anything a reader of the schema can see does). The
 * former canonical form, Avro's Parsing Canonical Form, kept only what the binary encoding needs;
 * versions stored under it are still found by it ({@link #formerCanonical}). Compatibility is Avro's
 * reader/writer schema resolution ({@link SchemaCompatibility}), with its location of each
 * incompatibility. A schema's references are the schemas that define the named types it uses by
 * name, parsed before it, as Confluent's serializers parse them.
 */
public final class AvroSupport implements TypeSupport {

    @Override
    public ArtifactType type() {
        return ArtifactType.AVRO;
    }

    @Override
    public void validate(String content, Validity level) {
        if (level != Validity.NONE) {
            parse(content, level == Validity.FULL);
        }
    }

    @Override
    public void validate(String content, ResolvedReferences references, Validity level) {
        if (level != Validity.NONE) {
            parse(content, references, level == Validity.FULL);
        }
    }

    @Override
    public String canonical(String content) {
        return canonical(content, ResolvedReferences.NONE);
    }

    @Override
    @SuppressWarnings("deprecation") // Avro 1.12 writes referenced named types by name only through this
    public String canonical(String content, ResolvedReferences references) {
        if (references.isEmpty()) {
            try {
                return AvroSchemas.parse(content).toString();
            } catch (RuntimeException e) {
                return content;
            }
        }
        Schema.Parser parser = new Schema.Parser().setValidateDefaults(false);
        try {
            List<Schema> referenced = new ArrayList<>();
            for (ResolvedReferences.Named named : references.inOrder()) {
                referenced.add(parser.parse(named.text()));
            }
            // the named types the references define are written by name, as the schema uses them
            return parser.parse(content).toString(referenced, false);
        } catch (RuntimeException e) {
            return content;
        }
    }

    /**
     * The schema as Avro writes it once parsed: each named type it takes from a reference written
     * out where it is first used, as Apicurio dereferences Avro.
     */
    @Override
    public Optional<String> dereferenced(String content, ResolvedReferences references) {
        return Optional.of(parse(content, references, false).toString());
    }

    @Override
    public Optional<String> formerCanonical(String content, ResolvedReferences references) {
        try {
            return Optional.of(SchemaNormalization.toParsingForm(parse(content, references, false)));
        } catch (InvalidContentException e) {
            return Optional.empty();
        }
    }

    @Override
    public List<Incompatibility> readerIncompatibilities(String reader, String writer) {
        return readerIncompatibilities(reader, ResolvedReferences.NONE, writer, ResolvedReferences.NONE);
    }

    @Override
    public List<Incompatibility> readerIncompatibilities(
            String reader, ResolvedReferences readerReferences, String writer, ResolvedReferences writerReferences) {
        Schema readerSchema = parse(reader, readerReferences, false);
        Schema writerSchema = parse(writer, writerReferences, false);
        return SchemaCompatibility.checkReaderWriterCompatibility(readerSchema, writerSchema)
                .getResult()
                .getIncompatibilities()
                .stream()
                .map(i -> new Incompatibility(i.getLocation(), describe(i)))
                .toList();
    }

    private static String describe(SchemaCompatibility.Incompatibility i) {
        return switch (i.getType()) {
            case READER_FIELD_MISSING_DEFAULT_VALUE ->
                "the reader's field '" + i.getMessage() + "' has no default value and the writer does not write it";
            case NAME_MISMATCH -> "the reader's and the writer's names differ (" + i.getMessage() + ")";
            case MISSING_ENUM_SYMBOLS -> "the reader's enum lacks the writer's symbols " + i.getMessage();
            default -> i.getMessage();
        };
    }

    /** Parses a schema, with Avro's own reason when it is not one, in the user's terms. */
    public static Schema parse(String content, boolean validateDefaults) {
        return parse(content, ResolvedReferences.NONE, validateDefaults);
    }

    /** Parses a schema after the schemas it references, whose named types it may use. */
    static Schema parse(String content, ResolvedReferences references, boolean validateDefaults) {
        if (references.isEmpty() && !validateDefaults) {
            try {
                return AvroSchemas.parse(content);
            } catch (RuntimeException e) {
                throw new InvalidContentException("Invalid Avro schema: " + reason(e, content), e);
            }
        }
        Schema.Parser parser = new Schema.Parser().setValidateDefaults(validateDefaults);
        for (ResolvedReferences.Named referenced : references.inOrder()) {
            try {
                parser.parse(referenced.text());
            } catch (RuntimeException e) {
                throw new InvalidContentException(
                        "Invalid Avro schema: its reference '" + referenced.name() + "' does not parse: "
                                + reason(e, referenced.text()),
                        e);
            }
        }
        try {
            return parser.parse(content);
        } catch (RuntimeException e) {
            throw new InvalidContentException("Invalid Avro schema: " + reason(e, content), e);
        }
    }

    /**
     * Avro reports a schema that is only the name of a type it does not define with a placeholder
     * class's name (an {@code UnresolvedSchema}); that is said as the undefined name it is.
     */
    private static String reason(RuntimeException e, String content) {
        String message = String.valueOf(e.getMessage());
        if (message.contains("UnresolvedSchema")) {
            String name = content.strip();
            return "it refers to a type that is not defined" + (name.startsWith("\"") ? ": " + name : "")
                    + "; define a named type before using it.";
        }
        return ParserMessages.of(e);
    }
}
