package io.stele.app.rules.protobuf;

import com.squareup.wire.schema.Location;
import com.squareup.wire.schema.internal.parser.EnumConstantElement;
import com.squareup.wire.schema.internal.parser.EnumElement;
import com.squareup.wire.schema.internal.parser.ExtendElement;
import com.squareup.wire.schema.internal.parser.FieldElement;
import com.squareup.wire.schema.internal.parser.MessageElement;
import com.squareup.wire.schema.internal.parser.OneOfElement;
import com.squareup.wire.schema.internal.parser.OptionElement;
import com.squareup.wire.schema.internal.parser.ProtoFileElement;
import com.squareup.wire.schema.internal.parser.RpcElement;
import com.squareup.wire.schema.internal.parser.ServiceElement;
import com.squareup.wire.schema.internal.parser.TypeElement;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * A {@code .proto} file in the normal form a registration that asks to normalize it is stored in,
 * as Confluent's normalization orders it: imports sorted; options sorted by name at every level
 * (and the keys of an option's message value); fields sorted by number, in messages, oneofs and
 * extensions; oneofs by their first field's number; enum constants by number, then name. The order
 * of messages, enums and services is kept: serializers name a message by its index in the file.
 * Comments are left out, and the text is printed as the registry prints a file's canonical form.
 */
final class ProtoNormalForm {

    /** The two comment lines Wire opens a printed file with: not part of the schema. */
    private static final String WIRE_HEADER = "^// Proto schema formatted by Wire[^\\n]*\\n// Source: [^\\n]*\\n\\n";

    private static final Comparator<FieldElement> BY_NUMBER = Comparator.comparingInt(FieldElement::getTag);

    private ProtoNormalForm() {}

    /** The normal form of valid {@code .proto} text. */
    static String of(String content) {
        ProtoFileElement file = ProtoFiles.parse(ProtoFiles.withoutComments(content));
        return new ProtoFileElement(
                        file.getLocation(),
                        file.getPackageName(),
                        file.getSyntax(),
                        sorted(file.getImports()),
                        sorted(file.getPublicImports()),
                        sorted(file.getWeakImports()),
                        file.getTypes().stream().map(ProtoNormalForm::type).toList(),
                        file.getServices().stream()
                                .map(ProtoNormalForm::service)
                                .toList(),
                        file.getExtendDeclarations().stream()
                                .map(ProtoNormalForm::extend)
                                .toList(),
                        options(file.getOptions()))
                .toSchema()
                .replaceFirst(WIRE_HEADER, "");
    }

    private static TypeElement type(TypeElement type) {
        if (type instanceof MessageElement m) {
            List<FieldElement> fields = fields(m.getFields(), m.getLocation(), 0);
            List<OneOfElement> oneOfs = m.getOneOfs().stream()
                    .filter(o -> !o.getFields().isEmpty() || !o.getGroups().isEmpty())
                    .map(o -> oneOf(o, m.getLocation()))
                    .sorted(Comparator.comparingInt(ProtoNormalForm::firstNumber))
                    .toList();
            return new MessageElement(
                    m.getLocation(),
                    m.getName(),
                    m.getDocumentation(),
                    m.getNestedTypes().stream().map(ProtoNormalForm::type).toList(),
                    options(m.getOptions()),
                    m.getReserveds(),
                    fields,
                    placed(oneOfs, m.getLocation(), fields.size()),
                    m.getExtensions(),
                    m.getGroups(),
                    m.getExtendDeclarations().stream()
                            .map(ProtoNormalForm::extend)
                            .toList());
        }
        if (type instanceof EnumElement e) {
            return new EnumElement(
                    e.getLocation(),
                    e.getName(),
                    e.getDocumentation(),
                    options(e.getOptions()),
                    e.getConstants().stream()
                            .map(c -> new EnumConstantElement(
                                    c.getLocation(),
                                    c.getName(),
                                    c.getTag(),
                                    c.getDocumentation(),
                                    options(c.getOptions())))
                            .sorted(Comparator.comparingInt(EnumConstantElement::getTag)
                                    .thenComparing(EnumConstantElement::getName))
                            .toList(),
                    e.getReserveds());
        }
        return type;
    }

    private static OneOfElement oneOf(OneOfElement o, Location in) {
        return new OneOfElement(
                o.getName(),
                o.getDocumentation(),
                fields(o.getFields(), in, 0),
                o.getGroups(),
                options(o.getOptions()),
                o.getLocation());
    }

    /**
     * The oneofs in this order, each with its fields, placed after a message's fields: Wire prints
     * a body by place.
     */
    private static List<OneOfElement> placed(List<OneOfElement> oneOfs, Location in, int after) {
        List<OneOfElement> placed = new ArrayList<>();
        int line = after;
        for (OneOfElement o : oneOfs) {
            Location at = in.at(++line, 1);
            List<FieldElement> fields = fields(o.getFields(), in, line);
            line += fields.size();
            placed.add(new OneOfElement(o.getName(), o.getDocumentation(), fields, o.getGroups(), o.getOptions(), at));
        }
        return placed;
    }

    private static int firstNumber(OneOfElement o) {
        return o.getFields().isEmpty()
                ? Integer.MAX_VALUE
                : o.getFields().get(0).getTag();
    }

    private static ExtendElement extend(ExtendElement e) {
        return new ExtendElement(
                e.getLocation(), e.getName(), e.getDocumentation(), fields(e.getFields(), e.getLocation(), 0));
    }

    private static ServiceElement service(ServiceElement s) {
        return new ServiceElement(
                s.getLocation(),
                s.getName(),
                s.getDocumentation(),
                s.getRpcs().stream()
                        .map(r -> new RpcElement(
                                r.getLocation(),
                                r.getName(),
                                r.getDocumentation(),
                                r.getRequestType(),
                                r.getResponseType(),
                                r.getRequestStreaming(),
                                r.getResponseStreaming(),
                                options(r.getOptions())))
                        .toList(),
                options(s.getOptions()));
    }

    /** The fields by number, each placed in that order from {@code from}: Wire prints a body by place. */
    private static List<FieldElement> fields(List<FieldElement> fields, Location in, int from) {
        List<FieldElement> placed = new ArrayList<>();
        for (FieldElement f : fields.stream().sorted(BY_NUMBER).toList()) {
            placed.add(new FieldElement(
                    in.at(from + placed.size() + 1, 1),
                    f.getLabel(),
                    f.getType(),
                    f.getName(),
                    f.getDefaultValue(),
                    f.getJsonName(),
                    f.getTag(),
                    f.getDocumentation(),
                    options(f.getOptions())));
        }
        return placed;
    }

    private static List<OptionElement> options(List<OptionElement> options) {
        return options.stream()
                .map(o -> o.getValue() instanceof Map<?, ?> map
                        ? new OptionElement(o.getName(), o.getKind(), sortedKeys(map), o.isParenthesized())
                        : o)
                .sorted(Comparator.comparing(OptionElement::getName))
                .toList();
    }

    private static Map<Object, Object> sortedKeys(Map<?, ?> map) {
        Map<Object, Object> sorted = new LinkedHashMap<>();
        map.entrySet().stream()
                .sorted(Comparator.comparing(e -> String.valueOf(e.getKey())))
                .forEach(e -> sorted.put(
                        e.getKey(), e.getValue() instanceof Map<?, ?> inner ? sortedKeys(inner) : e.getValue()));
        return sorted;
    }

    private static List<String> sorted(List<String> names) {
        return names.stream().distinct().sorted().toList();
    }
}
