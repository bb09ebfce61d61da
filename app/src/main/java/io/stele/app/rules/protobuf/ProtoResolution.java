package io.stele.app.rules.protobuf;

import com.squareup.wire.schema.Location;
import com.squareup.wire.schema.internal.parser.ExtendElement;
import com.squareup.wire.schema.internal.parser.FieldElement;
import com.squareup.wire.schema.internal.parser.ProtoFileElement;
import com.squareup.wire.schema.internal.parser.RpcElement;
import com.squareup.wire.schema.internal.parser.ServiceElement;
import io.stele.app.rules.InvalidContentException;
import io.stele.app.rules.ResolvedReferences;
import io.stele.app.rules.protobuf.ProtoModel.Field;
import io.stele.app.rules.protobuf.ProtoModel.Kind;
import io.stele.app.rules.protobuf.ProtoModel.Message;
import io.stele.app.rules.protobuf.ProtoModel.Type;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;

/**
 * Whether a file's names resolve the way a Protobuf compiler resolves them when it builds the
 * file's descriptor, as Confluent Schema Registry does before it accepts a schema: every file it
 * imports is one a reference names (or one its clients carry built in), and every type a field, a
 * map, an rpc or an {@code extend} names is defined in the file, in a file it imports, or is a
 * {@code google.protobuf} type. The built-in {@code google/type/} and {@code confluent/} files are
 * not at hand: a type is taken as theirs when its package is {@code google.type} or {@code
 * confluent} and the file imports one of them.
 */
final class ProtoResolution {

    /** Imports the clients resolve themselves, never by a reference, with the package each defines. */
    static final Map<String, String> BUILT_IN = Map.of(
            "google/protobuf/", "google.protobuf.",
            "google/type/", "google.type.",
            "confluent/", "confluent.");

    private final ProtoModel model;
    private final Set<String> elsewhere = new HashSet<>();
    private final Set<String> builtInPackages = new HashSet<>();
    private final List<String> problems = new ArrayList<>();

    private ProtoResolution(ProtoModel model) {
        this.model = model;
    }

    /** @throws InvalidContentException naming each import no reference names and each undefined type */
    static void check(String content, ResolvedReferences references) {
        ProtoFileElement file = ProtoFiles.parse(content);
        ProtoResolution resolution = new ProtoResolution(new ProtoModel(file));
        Map<String, String> named = new java.util.HashMap<>();
        references.inOrder().forEach(r -> named.put(r.name(), r.text()));
        List<String> imports = new ArrayList<>(file.getImports());
        imports.addAll(file.getPublicImports());
        imports.addAll(file.getWeakImports());
        for (String imported : imports) {
            String builtIn = BUILT_IN.keySet().stream()
                    .filter(imported::startsWith)
                    .findFirst()
                    .orElse(null);
            if (builtIn != null) {
                resolution.builtInPackages.add(BUILT_IN.get(builtIn));
            } else if (named.containsKey(imported)) {
                resolution.defines(ProtoFiles.parse(named.get(imported)));
            } else {
                throw new InvalidContentException(
                        "Invalid Protobuf schema: it imports '" + imported + "', which none of its references names.");
            }
        }
        resolution.walk();
        if (!resolution.problems.isEmpty()) {
            throw new InvalidContentException(
                    "Invalid Protobuf schema: " + String.join("; ", resolution.problems) + ".");
        }
    }

    /** Adds the full names of the messages and enums an imported file defines. */
    private void defines(ProtoFileElement imported) {
        ProtoModel other = new ProtoModel(imported);
        String prefix = other.packageScope().isEmpty() ? "" : other.packageScope() + ".";
        other.messages().keySet().forEach(name -> elsewhere.add(prefix + name));
        other.enums().keySet().forEach(name -> elsewhere.add(prefix + name));
    }

    private void walk() {
        for (Message message : model.messages().values()) {
            for (Field field : message.fields()) {
                resolved(field.at(), field.location(), model.typeOf(field), message.scope());
            }
            extensions(message.element().getExtendDeclarations(), message.scope());
        }
        for (ServiceElement service : model.file.getServices()) {
            for (RpcElement rpc : service.getRpcs()) {
                String at = service.getName() + "." + rpc.getName() + " (rpc)";
                for (String type : List.of(rpc.getRequestType(), rpc.getResponseType())) {
                    resolved(at, rpc.getLocation(), model.resolve(type, model.packageScope()), model.packageScope());
                }
            }
        }
        extensions(model.file.getExtendDeclarations(), model.packageScope());
    }

    private void extensions(List<ExtendElement> extensions, String scope) {
        for (ExtendElement extension : extensions) {
            String at = "extend " + extension.getName();
            resolved(at, extension.getLocation(), model.resolve(extension.getName(), scope), scope);
            for (FieldElement field : extension.getFields()) {
                resolved(
                        at + "." + field.getName() + " (field " + field.getTag() + ")",
                        field.getLocation(),
                        model.resolve(field.getType(), scope),
                        scope);
            }
        }
    }

    private void resolved(String at, Location location, Type type, String scope) {
        if (type.kind() == Kind.MAP) {
            resolved(at, location, type.key(), scope);
            resolved(at, location, type.value(), scope);
        } else if ((type.kind() == Kind.IMPORTED || type.kind() == Kind.UNDEFINED) && !elsewhere(type.name(), scope)) {
            problems.add(at + " at line " + location.getLine() + ", column " + location.getColumn() + ": type '"
                    + type.name() + "' is not defined in this file or in a file it imports");
        }
    }

    /** Whether an imported file defines the name, looked for from the scope outwards, as Protobuf does. */
    private boolean elsewhere(String name, String scope) {
        String search = scope;
        while (true) {
            String full = search.isEmpty() ? name : search + "." + name;
            if (elsewhere.contains(full) || builtInPackages.stream().anyMatch(full::startsWith)) {
                return true;
            }
            if (search.isEmpty()) {
                return false;
            }
            int dot = search.lastIndexOf('.');
            search = dot < 0 ? "" : search.substring(0, dot);
        }
    }
}
