package io.stele.app.rules.protobuf;

import com.google.protobuf.DescriptorProtos.DescriptorProto;
import com.google.protobuf.DescriptorProtos.EnumDescriptorProto;
import com.google.protobuf.DescriptorProtos.EnumValueDescriptorProto;
import com.google.protobuf.DescriptorProtos.FieldDescriptorProto;
import com.google.protobuf.DescriptorProtos.FileDescriptorProto;
import com.google.protobuf.DescriptorProtos.MethodDescriptorProto;
import com.google.protobuf.DescriptorProtos.ServiceDescriptorProto;
import com.google.protobuf.Descriptors.EnumValueDescriptor;
import com.google.protobuf.Descriptors.FieldDescriptor;
import com.google.protobuf.MessageOrBuilder;
import io.stele.app.rules.InvalidContentException;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Set;

/**
 * Prints a {@code FileDescriptorProto} (what {@code protoc} and the Protobuf runtimes describe a
 * file with) as {@code .proto} text that declares the same types, fields, numbers and options.
 * Type names are written relative to the file's package where that resolves to the same type, else
 * fully qualified with a leading dot. What a descriptor cannot carry back into text is refused:
 * editions and groups. Options are printed from the fields {@code descriptor.proto} declares; a
 * custom option, an extension of an options message, is not known to this printer and is dropped.
 */
final class DescriptorText {

    /** The highest field number plus one: the end of an extension range that reaches {@code max}. */
    private static final int MAX_FIELD_END = 536_870_912;

    private final FileDescriptorProto file;
    private final String pkg;
    private final boolean proto3;

    /** The full name of each message and enum the file declares, without a leading dot. */
    private final Set<String> declared = new HashSet<>();

    private final StringBuilder out = new StringBuilder();

    private DescriptorText(FileDescriptorProto file) {
        this.file = file;
        this.pkg = file.getPackage();
        this.proto3 = "proto3".equals(file.getSyntax());
        file.getMessageTypeList().forEach(m -> collect(m, pkg));
        file.getEnumTypeList().forEach(e -> declared.add(qualify(pkg, e.getName())));
    }

    /**
     * The file as {@code .proto} text.
     *
     * @throws InvalidContentException for a file of editions, or with groups
     */
    static String print(FileDescriptorProto file) {
        String syntax = file.getSyntax();
        if (!syntax.isEmpty() && !syntax.equals("proto2") && !syntax.equals("proto3")) {
            throw new InvalidContentException("Invalid Protobuf schema: syntax '" + syntax
                    + "' is not supported; a file must be proto2 or proto3.");
        }
        return new DescriptorText(file).file();
    }

    private String file() {
        line(0, "syntax = \"" + (proto3 ? "proto3" : "proto2") + "\";");
        if (!pkg.isEmpty()) {
            line(0, "package " + pkg + ";");
        }
        Set<Integer> publicImports = new HashSet<>(file.getPublicDependencyList());
        Set<Integer> weakImports = new HashSet<>(file.getWeakDependencyList());
        for (int i = 0; i < file.getDependencyCount(); i++) {
            String kind = publicImports.contains(i) ? "public " : weakImports.contains(i) ? "weak " : "";
            line(0, "import " + kind + quote(file.getDependency(i)) + ";");
        }
        statementOptions(0, file.getOptions());
        for (DescriptorProto message : file.getMessageTypeList()) {
            message(0, message, pkg);
        }
        for (EnumDescriptorProto e : file.getEnumTypeList()) {
            enumType(0, e);
        }
        for (ServiceDescriptorProto service : file.getServiceList()) {
            service(service);
        }
        extensions(0, file.getExtensionList(), pkg);
        return out.toString();
    }

    private void collect(DescriptorProto message, String scope) {
        String name = qualify(scope, message.getName());
        declared.add(name);
        message.getNestedTypeList().forEach(m -> collect(m, name));
        message.getEnumTypeList().forEach(e -> declared.add(qualify(name, e.getName())));
    }

    private void message(int depth, DescriptorProto message, String scope) {
        String name = qualify(scope, message.getName());
        line(depth, "message " + message.getName() + " {");
        statementOptions(depth + 1, message.getOptions());
        Set<Integer> oneofsPrinted = new HashSet<>();
        for (FieldDescriptorProto field : message.getFieldList()) {
            if (field.hasOneofIndex() && !field.getProto3Optional()) {
                int index = field.getOneofIndex();
                if (oneofsPrinted.add(index)) {
                    oneof(depth + 1, message, index, name);
                }
            } else {
                field(depth + 1, field, message, name, true);
            }
        }
        for (DescriptorProto nested : message.getNestedTypeList()) {
            if (!nested.getOptions().getMapEntry()) {
                message(depth + 1, nested, name);
            }
        }
        for (EnumDescriptorProto e : message.getEnumTypeList()) {
            enumType(depth + 1, e);
        }
        extensions(depth + 1, message.getExtensionList(), name);
        for (DescriptorProto.ExtensionRange range : message.getExtensionRangeList()) {
            line(depth + 1, "extensions " + range(range.getStart(), range.getEnd() - 1) + ";");
        }
        for (DescriptorProto.ReservedRange range : message.getReservedRangeList()) {
            line(depth + 1, "reserved " + range(range.getStart(), range.getEnd() - 1) + ";");
        }
        reservedNames(depth + 1, message.getReservedNameList());
        line(depth, "}");
    }

    private void oneof(int depth, DescriptorProto message, int index, String scope) {
        line(depth, "oneof " + message.getOneofDecl(index).getName() + " {");
        statementOptions(depth + 1, message.getOneofDecl(index).getOptions());
        for (FieldDescriptorProto field : message.getFieldList()) {
            if (field.hasOneofIndex() && field.getOneofIndex() == index && !field.getProto3Optional()) {
                field(depth + 1, field, message, scope, false);
            }
        }
        line(depth, "}");
    }

    private void field(
            int depth, FieldDescriptorProto field, DescriptorProto message, String scope, boolean withLabel) {
        if (field.getType() == FieldDescriptorProto.Type.TYPE_GROUP) {
            throw new InvalidContentException("Invalid Protobuf schema: field '" + field.getName()
                    + "' is a group, which cannot be registered as a descriptor; register the .proto text.");
        }
        DescriptorProto mapEntry = message == null ? null : mapEntry(field, message, scope);
        String type;
        String label = "";
        if (mapEntry != null) {
            type = "map<" + typeOf(mapEntry.getField(0), scope) + ", " + typeOf(mapEntry.getField(1), scope) + ">";
        } else {
            type = typeOf(field, scope);
            if (withLabel) {
                label = label(field);
            }
        }
        List<String> options = new ArrayList<>();
        if (field.hasDefaultValue()) {
            options.add("default = " + defaultValue(field));
        }
        if (field.hasJsonName() && !field.getJsonName().equals(jsonName(field.getName()))) {
            options.add("json_name = " + quote(field.getJsonName()));
        }
        options.addAll(options(field.getOptions()));
        line(
                depth,
                label + type + " " + field.getName() + " = " + field.getNumber()
                        + (options.isEmpty() ? "" : " [" + String.join(", ", options) + "]") + ";");
    }

    private String label(FieldDescriptorProto field) {
        return switch (field.getLabel()) {
            case LABEL_REPEATED -> "repeated ";
            case LABEL_REQUIRED -> "required ";
            case LABEL_OPTIONAL -> !proto3 || field.getProto3Optional() ? "optional " : "";
        };
    }

    /** The map entry type a field's type is, if it is one. */
    private DescriptorProto mapEntry(FieldDescriptorProto field, DescriptorProto message, String scope) {
        if (field.getType() != FieldDescriptorProto.Type.TYPE_MESSAGE
                || field.getLabel() != FieldDescriptorProto.Label.LABEL_REPEATED) {
            return null;
        }
        for (DescriptorProto nested : message.getNestedTypeList()) {
            if (nested.getOptions().getMapEntry()
                    && nested.getFieldCount() == 2
                    && (field.getTypeName().equals(nested.getName())
                            || field.getTypeName().equals("." + qualify(scope, nested.getName())))) {
                return nested;
            }
        }
        return null;
    }

    private String typeOf(FieldDescriptorProto field, String scope) {
        if (!field.hasType()
                || field.getType() == FieldDescriptorProto.Type.TYPE_MESSAGE
                || field.getType() == FieldDescriptorProto.Type.TYPE_ENUM) {
            return typeName(field.getTypeName(), scope);
        }
        return field.getType().name().substring("TYPE_".length()).toLowerCase(Locale.ROOT);
    }

    /**
     * A type name as the text writes it: relative to the package when it names a type of the package
     * and no type nested nearer {@code scope} hides it ({@code protoc} resolves names from the inside
     * out); else fully qualified, as given.
     */
    private String typeName(String name, String scope) {
        if (!name.startsWith(".")) {
            return name;
        }
        String full = name.substring(1);
        String relative;
        if (pkg.isEmpty()) {
            relative = full;
        } else if (full.startsWith(pkg + ".")) {
            relative = full.substring(pkg.length() + 1);
        } else {
            return name;
        }
        String first = relative.contains(".") ? relative.substring(0, relative.indexOf('.')) : relative;
        for (String s = scope; s.length() > pkg.length(); s = s.substring(0, s.lastIndexOf('.'))) {
            if (declared.contains(s + "." + first)) {
                return name; // a type nested nearer the field has the same first name
            }
            if (!s.contains(".")) {
                break;
            }
        }
        return relative;
    }

    private static String defaultValue(FieldDescriptorProto field) {
        String value = field.getDefaultValue();
        return switch (field.getType()) {
            case TYPE_STRING -> quote(value);
            case TYPE_BYTES -> "\"" + value + "\""; // the descriptor holds bytes C-escaped already
            default -> value;
        };
    }

    /** The JSON name {@code protoc} gives a field by default: lowerCamelCase of its name. */
    private static String jsonName(String name) {
        StringBuilder json = new StringBuilder(name.length());
        boolean upper = false;
        for (char c : name.toCharArray()) {
            if (c == '_') {
                upper = true;
            } else {
                json.append(upper ? Character.toUpperCase(c) : c);
                upper = false;
            }
        }
        return json.toString();
    }

    private void enumType(int depth, EnumDescriptorProto e) {
        line(depth, "enum " + e.getName() + " {");
        statementOptions(depth + 1, e.getOptions());
        for (EnumValueDescriptorProto value : e.getValueList()) {
            List<String> options = options(value.getOptions());
            line(
                    depth + 1,
                    value.getName() + " = " + value.getNumber()
                            + (options.isEmpty() ? "" : " [" + String.join(", ", options) + "]") + ";");
        }
        for (EnumDescriptorProto.EnumReservedRange range : e.getReservedRangeList()) {
            line(depth + 1, "reserved " + range(range.getStart(), range.getEnd()) + ";");
        }
        reservedNames(depth + 1, e.getReservedNameList());
        line(depth, "}");
    }

    private void service(ServiceDescriptorProto service) {
        line(0, "service " + service.getName() + " {");
        statementOptions(1, service.getOptions());
        for (MethodDescriptorProto method : service.getMethodList()) {
            String rpc = "rpc " + method.getName() + " (" + (method.getClientStreaming() ? "stream " : "")
                    + typeName(method.getInputType(), pkg) + ") returns ("
                    + (method.getServerStreaming() ? "stream " : "") + typeName(method.getOutputType(), pkg) + ")";
            List<String> options = options(method.getOptions());
            if (options.isEmpty()) {
                line(1, rpc + ";");
            } else {
                line(1, rpc + " {");
                options.forEach(option -> line(2, "option " + option + ";"));
                line(1, "}");
            }
        }
        line(0, "}");
    }

    /** Extension fields, one {@code extend} block per extended message, in the order first seen. */
    private void extensions(int depth, List<FieldDescriptorProto> fields, String scope) {
        Map<String, List<FieldDescriptorProto>> byExtendee = new LinkedHashMap<>();
        fields.forEach(f -> byExtendee
                .computeIfAbsent(f.getExtendee(), k -> new ArrayList<>())
                .add(f));
        byExtendee.forEach((extendee, extension) -> {
            line(depth, "extend " + typeName(extendee, scope) + " {");
            extension.forEach(f -> field(depth + 1, f, null, scope, true));
            line(depth, "}");
        });
    }

    private void reservedNames(int depth, List<String> names) {
        if (!names.isEmpty()) {
            line(
                    depth,
                    "reserved "
                            + String.join(
                                    ", ",
                                    names.stream().map(DescriptorText::quote).toList()) + ";");
        }
    }

    /** An inclusive range of numbers as {@code .proto} writes it. */
    private static String range(int start, int endInclusive) {
        if (start == endInclusive) {
            return Integer.toString(start);
        }
        return start + " to " + (endInclusive >= MAX_FIELD_END - 1 ? "max" : Integer.toString(endInclusive));
    }

    private void statementOptions(int depth, MessageOrBuilder options) {
        for (String option : options(options)) {
            line(depth, "option " + option + ";");
        }
    }

    /**
     * The options an options message sets, as {@code name = value}: the singular scalar and enum
     * fields {@code descriptor.proto} declares, except {@code map_entry}, which the text says as
     * {@code map<>}.
     */
    private static List<String> options(MessageOrBuilder options) {
        List<String> written = new ArrayList<>();
        for (Map.Entry<FieldDescriptor, Object> option : options.getAllFields().entrySet()) {
            FieldDescriptor field = option.getKey();
            if (field.isRepeated()
                    || field.getJavaType() == FieldDescriptor.JavaType.MESSAGE
                    || field.getName().equals("map_entry")) {
                continue;
            }
            Object value = option.getValue();
            String text = value instanceof String s
                    ? quote(s)
                    : value instanceof EnumValueDescriptor e ? e.getName() : String.valueOf(value);
            written.add(field.getName() + " = " + text);
        }
        return written;
    }

    private static String quote(String value) {
        StringBuilder quoted = new StringBuilder(value.length() + 2).append('"');
        for (char c : value.toCharArray()) {
            switch (c) {
                case '"' -> quoted.append("\\\"");
                case '\\' -> quoted.append("\\\\");
                case '\n' -> quoted.append("\\n");
                default -> quoted.append(c);
            }
        }
        return quoted.append('"').toString();
    }

    private static String qualify(String scope, String name) {
        return scope.isEmpty() ? name : scope + "." + name;
    }

    private void line(int depth, String text) {
        out.append("  ".repeat(depth)).append(text).append('\n');
    }
}
