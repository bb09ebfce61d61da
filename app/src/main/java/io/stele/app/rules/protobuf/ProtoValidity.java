package io.stele.app.rules.protobuf;

import com.squareup.wire.schema.Location;
import com.squareup.wire.schema.internal.parser.EnumConstantElement;
import com.squareup.wire.schema.internal.parser.EnumElement;
import com.squareup.wire.schema.internal.parser.ExtendElement;
import com.squareup.wire.schema.internal.parser.FieldElement;
import com.squareup.wire.schema.internal.parser.ReservedElement;
import com.squareup.wire.schema.internal.parser.RpcElement;
import com.squareup.wire.schema.internal.parser.ServiceElement;
import io.stele.app.rules.InvalidContentException;
import io.stele.app.rules.protobuf.ProtoModel.Field;
import io.stele.app.rules.protobuf.ProtoModel.Kind;
import io.stele.app.rules.protobuf.ProtoModel.Message;
import io.stele.app.rules.protobuf.ProtoModel.Type;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import kotlin.ranges.IntRange;

/** The checks of FULL validity that Wire's parser leaves to a later stage; see {@link ProtobufSupport}. */
final class ProtoValidity {

    static final int MAX_FIELD_NUMBER = 536_870_911;
    private static final int FIRST_IMPLEMENTATION_NUMBER = 19_000;
    private static final int LAST_IMPLEMENTATION_NUMBER = 19_999;
    private static final Set<String> MAP_KEYS = Set.of(
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
            "string");

    private final ProtoModel model;
    private final List<String> problems = new ArrayList<>();

    private ProtoValidity(ProtoModel model) {
        this.model = model;
    }

    /** @throws InvalidContentException naming each problem, with its line and column */
    static void check(ProtoModel model) {
        ProtoValidity validity = new ProtoValidity(model);
        model.messages().values().forEach(validity::message);
        model.enums().forEach(validity::enumeration);
        model.file.getServices().forEach(validity::service);
        validity.extensions(model.file.getExtendDeclarations(), model.packageScope());
        if (!validity.problems.isEmpty()) {
            throw new InvalidContentException("Invalid Protobuf schema: " + String.join("; ", validity.problems) + ".");
        }
    }

    private void message(Message message) {
        Map<Integer, Field> byNumber = new HashMap<>();
        Map<String, Field> byName = new HashMap<>();
        List<ReservedElement> reserved = message.element().getReserveds();
        for (Field field : message.fields()) {
            int number = field.number();
            if (number < 1 || number > MAX_FIELD_NUMBER) {
                problem(field.at(), field.location(), "number " + number + " is outside 1 to " + MAX_FIELD_NUMBER);
            } else if (number >= FIRST_IMPLEMENTATION_NUMBER && number <= LAST_IMPLEMENTATION_NUMBER) {
                problem(
                        field.at(),
                        field.location(),
                        "number " + number + " is in " + FIRST_IMPLEMENTATION_NUMBER + " to "
                                + LAST_IMPLEMENTATION_NUMBER + ", which Protobuf keeps for itself");
            }
            Field sameNumber = byNumber.putIfAbsent(number, field);
            if (sameNumber != null) {
                problem(
                        field.at(),
                        field.location(),
                        "number " + number + " is also used by field '" + sameNumber.name() + "'");
            }
            Field sameName = byName.putIfAbsent(field.name(), field);
            if (sameName != null) {
                problem(field.at(), field.location(), "name is also used by field " + sameName.number());
            }
            reservedUse(field.at(), field.location(), reserved, number, field.name());
            fieldType(field.at(), field.location(), model.typeOf(field));
        }
        extensions(message.element().getExtendDeclarations(), message.scope());
    }

    private void enumeration(String name, EnumElement enumeration) {
        List<EnumConstantElement> constants = enumeration.getConstants();
        if (model.proto3 && !constants.isEmpty() && constants.get(0).getTag() != 0) {
            problem(
                    name,
                    enumeration.getLocation(),
                    "the first value of a proto3 enum must be 0, not "
                            + constants.get(0).getTag());
        }
        for (EnumConstantElement constant : constants) {
            reservedUse(
                    name + "." + constant.getName() + " (value " + constant.getTag() + ")",
                    constant.getLocation(),
                    enumeration.getReserveds(),
                    constant.getTag(),
                    constant.getName());
        }
    }

    private void service(ServiceElement service) {
        for (RpcElement rpc : service.getRpcs()) {
            String at = service.getName() + "." + rpc.getName() + " (rpc)";
            for (String type : List.of(rpc.getRequestType(), rpc.getResponseType())) {
                Type resolved = model.resolve(type, model.packageScope());
                if (resolved.kind() == Kind.SCALAR || resolved.kind() == Kind.ENUM || resolved.kind() == Kind.MAP) {
                    problem(at, rpc.getLocation(), "type '" + type + "' is not a message");
                } else {
                    fieldType(at, rpc.getLocation(), resolved);
                }
            }
        }
    }

    private void extensions(List<ExtendElement> extensions, String scope) {
        for (ExtendElement extension : extensions) {
            fieldType(
                    "extend " + extension.getName(),
                    extension.getLocation(),
                    model.resolve(extension.getName(), scope));
            for (FieldElement field : extension.getFields()) {
                String at = "extend " + extension.getName() + "." + field.getName() + " (field " + field.getTag() + ")";
                fieldType(at, field.getLocation(), model.resolve(field.getType(), scope));
            }
        }
    }

    private void fieldType(String at, Location location, Type type) {
        if (type.kind() == Kind.MAP) {
            if (type.key().kind() != Kind.SCALAR
                    || !MAP_KEYS.contains(type.key().name())) {
                problem(at, location, "map key type '" + type.key() + "' is not an integer type, bool or string");
            }
            fieldType(at, location, type.value());
        } else if (type.kind() == Kind.UNDEFINED) {
            problem(at, location, "type '" + type.name() + "' is not defined in this file, which imports no other");
        }
    }

    private void reservedUse(String at, Location location, List<ReservedElement> reserved, int number, String name) {
        for (ReservedElement element : reserved) {
            for (Object value : element.getValues()) {
                if (value instanceof Integer one && one == number
                        || value instanceof IntRange range && number >= range.getFirst() && number <= range.getLast()) {
                    problem(at, location, "number " + number + " is reserved");
                } else if (name.equals(value)) {
                    problem(at, location, "name '" + name + "' is reserved");
                }
            }
        }
    }

    private void problem(String at, Location location, String what) {
        problems.add(at + " at line " + location.getLine() + ", column " + location.getColumn() + ": " + what);
    }
}
