package io.stele.app.rules.protobuf;

import com.squareup.wire.schema.Field.Label;
import com.squareup.wire.schema.internal.parser.EnumConstantElement;
import com.squareup.wire.schema.internal.parser.EnumElement;
import io.stele.app.rules.Incompatibility;
import io.stele.app.rules.protobuf.ProtoModel.Field;
import io.stele.app.rules.protobuf.ProtoModel.Kind;
import io.stele.app.rules.protobuf.ProtoModel.Message;
import io.stele.app.rules.protobuf.ProtoModel.Type;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.stream.Collectors;

/** Whether a reader's {@code .proto} reads what a writer's wrote; the rules are listed on {@link ProtobufSupport}. */
final class ProtoComparison {

    /** How a value is laid out on the wire; values of one encoding can be read as another of it. */
    private enum Encoding {
        VARINT,
        ZIGZAG,
        FIXED32,
        FLOAT,
        FIXED64,
        DOUBLE,
        STRING,
        BYTES,
        MESSAGE,
        MAP,
        GROUP
    }

    private final ProtoModel reader;
    private final ProtoModel writer;
    private final List<Incompatibility> found = new ArrayList<>();

    private ProtoComparison(ProtoModel reader, ProtoModel writer) {
        this.reader = reader;
        this.writer = writer;
    }

    /** Messages in the writer's order, fields in the reader's, then enums in the writer's. */
    static List<Incompatibility> compare(ProtoModel reader, ProtoModel writer) {
        ProtoComparison comparison = new ProtoComparison(reader, writer);
        for (Message written : writer.messages().values()) {
            Message read = reader.messages().get(written.name());
            if (read != null) { // a message the reader lacks is never read by that name
                comparison.message(read, written);
            }
        }
        if (!reader.proto3) {
            writer.enums().forEach((name, written) -> {
                EnumElement read = reader.enums().get(name);
                if (read != null) {
                    comparison.closedEnum(name, read, written);
                }
            });
        }
        return List.copyOf(comparison.found);
    }

    private void message(Message read, Message written) {
        Map<Integer, Field> writerFields = byNumber(written);
        for (Field field : read.fields()) {
            Field writerField = writerFields.get(field.number());
            if (writerField != null) {
                field(field, writerField, read, written);
            } else if (field.label() == Label.REQUIRED) {
                add(field, "required field added; the writer does not write it");
            }
        }
    }

    private void field(Field field, Field writerField, Message read, Message written) {
        Type type = reader.typeOf(field);
        Type writerType = writer.typeOf(writerField);
        boolean sameType = type.toString().equals(writerType.toString());
        if (!sameType && !field.name().equals(writerField.name())) {
            add(
                    field,
                    "number " + field.number() + " reused: the writer's field is '" + writerType + " "
                            + writerField.name() + "', the reader's is '" + type + " " + field.name() + "'");
            return;
        }
        typeChange(type, writerType).ifPresent(change -> add(field, change));
        if (writerField.repeated() && !field.repeated()) {
            add(field, "changed from repeated to singular: the reader keeps at most one of the writer's values");
        }
        if (field.label() == Label.REQUIRED && writerField.label() != Label.REQUIRED) {
            add(field, "required by the reader but optional for the writer");
        }
        if (field.oneOf() != null) {
            oneOf(field, writerField, read, written);
        }
    }

    /** A oneof of the reader must not join fields that the writer could set together. */
    private void oneOf(Field field, Field writerField, Message read, Message written) {
        Set<Integer> writtenTogether = new HashSet<>();
        written.fields().stream()
                .filter(other ->
                        writerField.oneOf() == null || !writerField.oneOf().equals(other.oneOf()))
                .forEach(other -> writtenTogether.add(other.number()));
        List<Field> joined = read.fields().stream()
                .filter(other -> field.oneOf().equals(other.oneOf()) && other.number() != field.number())
                .filter(other -> writtenTogether.contains(other.number()))
                .toList();
        if (!joined.isEmpty()) {
            add(
                    field,
                    "moved into oneof '" + field.oneOf() + "' with "
                            + joined.stream()
                                    .map(other -> "'" + other.name() + "' (field " + other.number() + ")")
                                    .collect(Collectors.joining(", "))
                            + ", which the writer may set at the same time");
        }
    }

    /** A proto2 enum is closed: a reader keeps a number it does not know as an unknown field, not a value. */
    private void closedEnum(String name, EnumElement read, EnumElement written) {
        Set<Integer> known =
                read.getConstants().stream().map(EnumConstantElement::getTag).collect(Collectors.toSet());
        for (EnumConstantElement constant : written.getConstants()) {
            if (!known.contains(constant.getTag())) {
                found.add(new Incompatibility(
                        name + "." + constant.getName() + " (value " + constant.getTag() + ")",
                        "value removed; proto2 enums are closed, so a reader treats it as unknown"));
            }
        }
    }

    /** Why a value written as {@code written} cannot be read as {@code read}; empty when it can. */
    private Optional<String> typeChange(Type read, Type written) {
        if (read.toString().equals(written.toString())) {
            return Optional.empty();
        }
        if (read.kind() == Kind.MAP && written.kind() == Kind.MAP) {
            return typeChange(read.key(), written.key())
                    .map(change -> "map key " + change)
                    .or(() -> typeChange(read.value(), written.value()).map(change -> "map value " + change));
        }
        if (named(read) && named(written) && (read.kind() == Kind.ENUM) == (written.kind() == Kind.ENUM)) {
            boolean renamed = !defines(reader, written.name()) && !defines(writer, read.name());
            return Optional.of(
                    renamed
                            ? "type " + written + " renamed to " + read
                            : "type changed from " + written + " to " + read);
        }
        Encoding from = encoding(written);
        Encoding to = encoding(read);
        boolean compatible = from == to
                || Set.of(from, to).equals(Set.of(Encoding.STRING, Encoding.BYTES))
                || Set.of(from, to).equals(Set.of(Encoding.BYTES, Encoding.MESSAGE));
        return compatible
                ? Optional.empty()
                : Optional.of("type changed from " + written + " to " + read + ", which is not wire-compatible");
    }

    private static boolean named(Type type) {
        return switch (type.kind()) {
            case MESSAGE, ENUM, WELL_KNOWN, IMPORTED, UNDEFINED -> true;
            default -> false;
        };
    }

    private static boolean defines(ProtoModel model, String name) {
        return model.messages().containsKey(name) || model.enums().containsKey(name);
    }

    private static Encoding encoding(Type type) {
        return switch (type.kind()) {
            case SCALAR ->
                switch (type.name()) {
                    case "int32", "int64", "uint32", "uint64", "bool" -> Encoding.VARINT;
                    case "sint32", "sint64" -> Encoding.ZIGZAG;
                    case "fixed32", "sfixed32" -> Encoding.FIXED32;
                    case "fixed64", "sfixed64" -> Encoding.FIXED64;
                    case "float" -> Encoding.FLOAT;
                    case "double" -> Encoding.DOUBLE;
                    case "string" -> Encoding.STRING;
                    default -> Encoding.BYTES;
                };
            case ENUM -> Encoding.VARINT;
            case MAP -> Encoding.MAP;
            case GROUP -> Encoding.GROUP;
            default -> Encoding.MESSAGE;
        };
    }

    private static Map<Integer, Field> byNumber(Message message) {
        Map<Integer, Field> fields = new LinkedHashMap<>();
        message.fields().forEach(field -> fields.putIfAbsent(field.number(), field));
        return fields;
    }

    private void add(Field field, String message) {
        found.add(new Incompatibility(field.at(), message));
    }
}
