package io.stele.app.rules.protobuf;

import com.squareup.wire.Syntax;
import com.squareup.wire.schema.Field.Label;
import com.squareup.wire.schema.Location;
import com.squareup.wire.schema.internal.parser.EnumElement;
import com.squareup.wire.schema.internal.parser.FieldElement;
import com.squareup.wire.schema.internal.parser.GroupElement;
import com.squareup.wire.schema.internal.parser.MessageElement;
import com.squareup.wire.schema.internal.parser.OneOfElement;
import com.squareup.wire.schema.internal.parser.ProtoFileElement;
import com.squareup.wire.schema.internal.parser.TypeElement;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * A parsed {@code .proto} file, indexed: its messages and enums by name, their fields, and what
 * each field's type names. Names are relative to the file's package ({@code Person.Address}).
 */
final class ProtoModel {

    /** What a type name resolves to. */
    enum Kind {
        SCALAR,
        MESSAGE,
        ENUM,
        MAP,
        GROUP,
        /** A {@code google.protobuf.*} type, not defined in the file. */
        WELL_KNOWN,
        /** Not defined in the file, which imports others that may define it. */
        IMPORTED,
        /** Not defined anywhere the file can see. */
        UNDEFINED
    }

    static final Set<String> SCALARS = Set.of(
            "double",
            "float",
            "int32",
            "int64",
            "uint32",
            "uint64",
            "sint32",
            "sint64",
            "fixed32",
            "fixed64",
            "sfixed32",
            "sfixed64",
            "bool",
            "string",
            "bytes");

    /** The type of a group field: a keyword, so no message can be named so. */
    private static final String GROUP = "group";

    private static final Pattern MAP = Pattern.compile("map\\s*<\\s*([\\w.]+)\\s*,\\s*([\\w.]+)\\s*>");

    /**
     * A resolved type.
     *
     * @param name the scalar keyword, the name relative to the package for a type of this file, or
     *     the name as written (without a leading dot) for another
     * @param key for a map, its key type; else null
     * @param value for a map, its value type; else null
     */
    record Type(Kind kind, String name, Type key, Type value) {

        /** The type as a reader of the schema would write it. */
        @Override
        public String toString() {
            return kind == Kind.MAP ? "map<" + key + ", " + value + ">" : name;
        }
    }

    /**
     * A field, wherever the message declares it: directly, in a oneof, or as a group.
     *
     * @param message the relative name of its message
     * @param type the type as written ({@code group} for a group, whose fields are not read)
     * @param label as written, or null when none is (proto3 singular, oneof and map fields)
     * @param oneOf the name of its oneof, or null
     */
    record Field(String message, String name, int number, String type, Label label, String oneOf, Location location) {

        /** Where the field is, as a user reads it: {@code Person.address (field 3)}. */
        String at() {
            return message + "." + name + " (field " + number + ")";
        }

        boolean repeated() {
            return label == Label.REPEATED || MAP.matcher(type).matches();
        }
    }

    /** A message, its scope (its full name, with the package) and its fields in source order. */
    record Message(String name, String scope, MessageElement element, List<Field> fields) {}

    final ProtoFileElement file;
    final boolean proto3;
    private final String packagePrefix;
    private final Map<String, Message> messages = new LinkedHashMap<>();
    private final Map<String, EnumElement> enums = new LinkedHashMap<>();

    ProtoModel(ProtoFileElement file) {
        this.file = file;
        this.proto3 = file.getSyntax() == Syntax.PROTO_3;
        this.packagePrefix = file.getPackageName() == null ? "" : file.getPackageName() + ".";
        index(file.getTypes(), "");
    }

    /** Messages by relative name, in source order, nested ones after their parent. */
    Map<String, Message> messages() {
        return messages;
    }

    /** Enums by relative name, in source order. */
    Map<String, EnumElement> enums() {
        return enums;
    }

    boolean importsOthers() {
        return !file.getImports().isEmpty()
                || !file.getPublicImports().isEmpty()
                || !file.getWeakImports().isEmpty();
    }

    /** The type of a field of a message of this file. */
    Type typeOf(Field field) {
        return GROUP.equals(field.type())
                ? new Type(Kind.GROUP, field.name(), null, null)
                : resolve(field.type(), messages.get(field.message()).scope());
    }

    /**
     * Resolves a type name as Protobuf does: in the scope it is used in, then each enclosing
     * scope out to the root; a leading dot names it from the root.
     */
    Type resolve(String written, String scope) {
        Matcher map = MAP.matcher(written);
        if (map.matches()) {
            return new Type(Kind.MAP, written, resolve(map.group(1), scope), resolve(map.group(2), scope));
        }
        if (SCALARS.contains(written)) {
            return new Type(Kind.SCALAR, written, null, null);
        }
        String name = written.startsWith(".") ? written.substring(1) : written;
        String search = written.startsWith(".") ? "" : scope;
        while (true) {
            Optional<Type> found = local(search.isEmpty() ? name : search + "." + name);
            if (found.isPresent()) {
                return found.get();
            }
            if (search.isEmpty()) {
                break;
            }
            int dot = search.lastIndexOf('.');
            search = dot < 0 ? "" : search.substring(0, dot);
        }
        if (name.startsWith("google.protobuf.")) {
            return new Type("google.protobuf.NullValue".equals(name) ? Kind.ENUM : Kind.WELL_KNOWN, name, null, null);
        }
        return new Type(importsOthers() ? Kind.IMPORTED : Kind.UNDEFINED, name, null, null);
    }

    /** The scope of the file's top level: its package, or empty. */
    String packageScope() {
        return packagePrefix.isEmpty() ? "" : packagePrefix.substring(0, packagePrefix.length() - 1);
    }

    private Optional<Type> local(String fullName) {
        if (!fullName.startsWith(packagePrefix)) {
            return Optional.empty();
        }
        String relative = fullName.substring(packagePrefix.length());
        if (messages.containsKey(relative)) {
            return Optional.of(new Type(Kind.MESSAGE, relative, null, null));
        }
        return enums.containsKey(relative) ? Optional.of(new Type(Kind.ENUM, relative, null, null)) : Optional.empty();
    }

    private void index(List<TypeElement> types, String parent) {
        for (TypeElement type : types) {
            String name = parent.isEmpty() ? type.getName() : parent + "." + type.getName();
            if (type instanceof MessageElement message) {
                messages.put(name, new Message(name, packagePrefix + name, message, fieldsOf(name, message)));
            } else if (type instanceof EnumElement enumeration) {
                enums.put(name, enumeration);
            }
            index(type.getNestedTypes(), name);
        }
    }

    private static List<Field> fieldsOf(String message, MessageElement element) {
        List<Field> fields = new ArrayList<>();
        for (FieldElement field : element.getFields()) {
            fields.add(field(message, field, null));
        }
        for (OneOfElement oneOf : element.getOneOfs()) {
            for (FieldElement field : oneOf.getFields()) {
                fields.add(field(message, field, oneOf.getName()));
            }
            for (GroupElement group : oneOf.getGroups()) {
                fields.add(group(message, group, oneOf.getName()));
            }
        }
        for (GroupElement group : element.getGroups()) {
            fields.add(group(message, group, null));
        }
        fields.sort(Comparator.comparingInt((Field f) -> f.location().getLine())
                .thenComparingInt(f -> f.location().getColumn()));
        return List.copyOf(fields);
    }

    private static Field field(String message, FieldElement field, String oneOf) {
        return new Field(
                message,
                field.getName(),
                field.getTag(),
                field.getType(),
                field.getLabel(),
                oneOf,
                field.getLocation());
    }

    private static Field group(String message, GroupElement group, String oneOf) {
        return new Field(message, group.getName(), group.getTag(), GROUP, group.getLabel(), oneOf, group.getLocation());
    }
}
