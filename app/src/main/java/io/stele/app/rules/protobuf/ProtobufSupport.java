package io.stele.app.rules.protobuf;

import com.squareup.wire.schema.internal.parser.ProtoFileElement;
import io.stele.app.rules.Incompatibility;
import io.stele.app.rules.InvalidContentException;
import io.stele.app.rules.ResolvedReferences;
import io.stele.app.rules.TypeSupport;
import io.stele.app.rules.Validity;
import io.stele.storage.ArtifactType;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;

/**
 * Protobuf {@code .proto} files ({@link ArtifactType#PROTOBUF}), read with Square Wire's parser.
 *
 * <h2>Validity</h2>
 *
 * <ul>
 *   <li>{@link Validity#SYNTAX_ONLY}: the content parses; an error names its line and column.
 *   <li>{@link Validity#FULL}: also, in each message, field numbers are unique, within 1 to
 *       536,870,911 and outside 19,000 to 19,999; field names are unique; no field uses a {@code
 *       reserved} number or name (nor an enum value those of its enum); every type a field, map,
 *       rpc or {@code extend} names is a scalar, a message or enum of this file (nested, top-level
 *       or qualified with the package, resolved from the inside out as {@code protoc} does), or a
 *       {@code google.protobuf.*} type; map keys are integer types, {@code bool} or {@code
 *       string}; the first value of a proto3 enum is 0. Other files cannot be read, so a type that
 *       this file does not define is accepted when the file imports any, and is an error when it
 *       imports none. The fields inside groups are not checked.
 * </ul>
 *
 * <h2>Canonical form</h2>
 *
 * The file as Wire prints it back ({@code ProtoFileElement.toSchema()}), with comments removed
 * first, since Wire keeps them as documentation: whitespace, comments and the layout of options do
 * not matter; the order of declarations does.
 *
 * <h2>Compatibility</h2>
 *
 * Whether a reader with the reader's schema reads the bytes written with the writer's. Messages are
 * matched by their name in the file (without the package), fields by number. Incompatible:
 *
 * <ol>
 *   <li>a field number reused with a different name and a different type;
 *   <li>a field's type changed to one that is not wire-compatible. Compatible groups are: {@code
 *       int32}, {@code uint32}, {@code int64}, {@code uint64}, {@code bool} and enums; {@code
 *       sint32} and {@code sint64}; {@code fixed32} and {@code sfixed32}; {@code fixed64} and
 *       {@code sfixed64}; {@code string} and {@code bytes}; {@code bytes} and messages. {@code
 *       float}, {@code double}, maps and groups stand alone, and {@code string} is not read as a
 *       message. Map keys and values are compared the same way;
 *   <li>a field's message or enum type changed to another message or enum, reported as renamed
 *       when neither file defines the other's name;
 *   <li>a field changed from repeated (or map) to singular: the reader keeps at most one of the
 *       values. Singular to repeated is compatible, as is a change of {@code [packed]} alone,
 *       since parsers read both encodings;
 *   <li>a field moved into a oneof with another field that the writer may set at the same time;
 *       moving a field out of a oneof, or adding a new field to one, is compatible;
 *   <li>proto2 {@code required}: a field required by the reader that the writer may omit, or a new
 *       required field;
 *   <li>an enum value number removed from an enum of a proto2 reader, whose enums are closed; in
 *       proto3, enums are open and keep unknown numbers.
 * </ol>
 *
 * <p>Compatible, by design: removing a message, an enum or a field (readers skip unknown fields;
 * reusing the number is caught by the first rule), renaming a field but keeping its number and type
 * (the wire carries numbers only; JSON encodings would differ), and changing the package. Results
 * are in the writer's order of messages, each in the reader's order of fields, then enum values.
 * Locations read as {@code Person.address (field 3)} and {@code Status.PENDING (value 2)}.
 *
 * <p>With references, each file that both schemas import under the same name is compared too,
 * when their references give it in different versions: a field's type from an imported file is
 * matched by name in the importing file, and its definition is compared in the imported one.
 */
public class ProtobufSupport implements TypeSupport {

    @Override
    public ArtifactType type() {
        return ArtifactType.PROTOBUF;
    }

    @Override
    public void validate(String content, Validity level) {
        if (level == Validity.NONE) {
            return;
        }
        ProtoFileElement file = ProtoFiles.parse(content);
        if (level == Validity.FULL) {
            ProtoValidity.check(new ProtoModel(file));
        }
    }

    /**
     * Each file the content imports (other than Protobuf's own files and those Confluent's clients
     * know built in, under {@code google/type/} and {@code confluent/}) must be one a reference
     * names.
     */
    @Override
    public void requireNamedReferences(String content, ResolvedReferences references) {
        ProtoFileElement file = ProtoFiles.parse(content);
        Set<String> named = new HashSet<>();
        references.inOrder().forEach(r -> named.add(r.name()));
        List<String> imports = new ArrayList<>(file.getImports());
        imports.addAll(file.getPublicImports());
        for (String imported : imports) {
            if (ProtoResolution.BUILT_IN.keySet().stream().noneMatch(imported::startsWith)
                    && !named.contains(imported)) {
                throw new InvalidContentException(
                        "Invalid Protobuf schema: it imports '" + imported + "', which none of its references names.");
            }
        }
    }

    /** See {@link ProtoResolution}. */
    @Override
    public void requireResolved(String content, ResolvedReferences references) {
        ProtoResolution.check(content, references);
    }

    @Override
    public String canonical(String content) {
        try {
            return ProtoFiles.parse(ProtoFiles.withoutComments(content)).toSchema();
        } catch (InvalidContentException e) {
            return content;
        }
    }

    /** See {@link ProtoNormalForm}. */
    @Override
    public String normalized(String content, ResolvedReferences references) {
        return ProtoNormalForm.of(content);
    }

    @Override
    public List<Incompatibility> readerIncompatibilities(String reader, String writer) {
        return ProtoComparison.compare(
                new ProtoModel(ProtoFiles.parse(reader)), new ProtoModel(ProtoFiles.parse(writer)));
    }

    /**
     * Also compares the files the two schemas import that define the same types: each file both
     * import under the same name, when their references give it different text (another version of
     * the referenced subject), and each pair of differently named files that define a message or
     * enum of the same full name (a reference moved to another subject, whose file has another
     * name), by the same rules, with locations that name the reader's file, as {@code Address.zip
     * (field 1) in acme/address.proto}.
     */
    @Override
    public List<Incompatibility> readerIncompatibilities(
            String reader, ResolvedReferences readerReferences, String writer, ResolvedReferences writerReferences) {
        List<Incompatibility> found = new ArrayList<>(readerIncompatibilities(reader, writer));
        Map<String, String> writerFiles = writerReferences.byName();
        readerReferences.byName().forEach((name, read) -> {
            writerFiles.forEach((writtenName, written) -> {
                if (!written.equals(read) && (writtenName.equals(name) || defineTheSameType(read, written))) {
                    readerIncompatibilities(read, written)
                            .forEach(i -> found.add(new Incompatibility(i.location() + " in " + name, i.message())));
                }
            });
        });
        return found;
    }

    private static boolean defineTheSameType(String one, String other) {
        Set<String> defined = definedTypes(one);
        return definedTypes(other).stream().anyMatch(defined::contains);
    }

    /** The full names of the messages and enums a file defines. */
    private static Set<String> definedTypes(String content) {
        try {
            ProtoModel model = new ProtoModel(ProtoFiles.parse(content));
            String prefix = model.packageScope().isEmpty() ? "" : model.packageScope() + ".";
            Set<String> names = new HashSet<>();
            model.messages().keySet().forEach(name -> names.add(prefix + name));
            model.enums().keySet().forEach(name -> names.add(prefix + name));
            return names;
        } catch (InvalidContentException e) {
            return Set.of();
        }
    }
}
