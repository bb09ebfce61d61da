package io.stele.app.rules.protobuf;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatCode;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.stele.app.rules.Incompatibility;
import io.stele.app.rules.InvalidContentException;
import io.stele.app.rules.Validity;
import io.stele.storage.ArtifactType;
import java.util.List;
import org.junit.jupiter.api.Test;

class ProtobufSupportTest {

    private final ProtobufSupport support = new ProtobufSupport();

    private static String proto3(String body) {
        return "syntax = \"proto3\";\npackage shop;\n" + body;
    }

    private static String proto2(String body) {
        return "syntax = \"proto2\";\npackage shop;\n" + body;
    }

    private List<Incompatibility> incompatibilities(String reader, String writer) {
        return support.readerIncompatibilities(reader, writer);
    }

    private void assertValid(String content) {
        assertThatCode(() -> support.validate(content, Validity.FULL)).doesNotThrowAnyException();
    }

    private void assertInvalid(String content, String... messageParts) {
        assertThatThrownBy(() -> support.validate(content, Validity.FULL))
                .isInstanceOf(InvalidContentException.class)
                .hasMessageContainingAll(messageParts);
    }

    @Test
    void type_isProtobuf() {
        assertThat(support.type()).isEqualTo(ArtifactType.PROTOBUF);
    }

    // validate

    @Test
    void validate_atNone_acceptsAnything() {
        assertThatCode(() -> support.validate("message {", Validity.NONE)).doesNotThrowAnyException();
    }

    @Test
    void validate_whenSyntaxError_failsNamingLineAndColumn() {
        String missingSemicolon = proto3("message Person {\n  string name = 1\n}\n");
        assertThatThrownBy(() -> support.validate(missingSemicolon, Validity.SYNTAX_ONLY))
                .isInstanceOf(InvalidContentException.class)
                .hasMessageStartingWith("Invalid Protobuf schema: syntax error at line 5, column ")
                .hasMessageEndingWith(": expected ';' but was '}'");
    }

    @Test
    void validate_syntaxOnly_acceptsDuplicateFieldNumbers() {
        String duplicate = proto3("message P { string a = 1; string b = 1; }");
        assertThatCode(() -> support.validate(duplicate, Validity.SYNTAX_ONLY)).doesNotThrowAnyException();
    }

    @Test
    void validate_full_whenFileIsSound_passes() {
        assertValid(
                proto3(
                        """
                message Person {
                  reserved 4, 8 to 10;
                  reserved "email";
                  string name = 1;
                  Address address = 2;
                  google.protobuf.Timestamp born = 3;
                  map<string, .shop.Person.Address> others = 5;
                  oneof contact { string phone = 6; Kind kind = 7; }
                  repeated Status statuses = 11;
                  message Address { string zip = 1; Kind kind = 2; }
                  enum Kind { UNKNOWN = 0; HOME = 1; }
                }
                enum Status { NONE = 0; ACTIVE = 1; }
                service People { rpc Find (shop.Person) returns (Person); }
                """));
    }

    @Test
    void validate_full_whenFieldNumberUsedTwice_fails() {
        assertInvalid(
                proto3("message P {\n  string a = 1;\n  oneof o { string b = 1; }\n}"),
                "P.b (field 1) at line 5, column 13: number 1 is also used by field 'a'");
    }

    @Test
    void validate_full_whenFieldNumberOutOfRange_fails() {
        assertInvalid(
                proto3("message P { string a = 0; string b = 536870912; string c = 536870911; }"),
                "P.a (field 0)",
                "number 0 is outside 1 to 536870911",
                "P.b (field 536870912)",
                "number 536870912 is outside 1 to 536870911");
        assertThatThrownBy(() -> support.validate(proto3("message P { string a = 0; }"), Validity.FULL))
                .hasMessageNotContaining("P.c");
    }

    @Test
    void validate_full_whenFieldNumberKeptForProtobuf_fails() {
        assertInvalid(
                proto3("message P { string a = 19000; }"),
                "P.a (field 19000)",
                "number 19000 is in 19000 to 19999, which Protobuf keeps for itself");
        assertValid(proto3("message P { string a = 18999; string b = 20000; }"));
    }

    @Test
    void validate_full_whenFieldNameUsedTwice_fails() {
        assertInvalid(
                proto3("message P { string a = 1; int32 a = 2; }"), "P.a (field 2)", "name is also used by field 1");
    }

    @Test
    void validate_full_whenFieldUsesReservedNumber_fails() {
        assertInvalid(
                proto3("message P { reserved 2, 5 to 9; string a = 1; string b = 7; }"),
                "P.b (field 7)",
                "number 7 is reserved");
        assertValid(proto3("message P { reserved 2, 5 to 9; string a = 1; string b = 10; }"));
    }

    @Test
    void validate_full_whenFieldUsesReservedName_fails() {
        assertInvalid(
                proto3("message P { reserved \"email\"; string email = 1; }"),
                "P.email (field 1)",
                "name 'email' is reserved");
    }

    @Test
    void validate_full_whenEnumValueUsesReservedNumber_fails() {
        assertInvalid(proto3("enum E { reserved 1; A = 0; B = 1; }"), "E.B (value 1)", "number 1 is reserved");
    }

    @Test
    void validate_full_whenTypeUndefined_fails() {
        assertInvalid(
                proto3("message P {\n  Adress address = 1;\n}\nmessage Address {}"),
                "P.address (field 1) at line 4, column 3:",
                "type 'Adress' is not defined in this file, which imports no other");
    }

    @Test
    void validate_full_whenNestedTypeUsedOutsideItsScope_fails() {
        assertInvalid(
                proto3("message A { message Inner {} }\nmessage B { Inner inner = 1; }"),
                "type 'Inner' is not defined");
        assertValid(proto3("message A { message Inner {} }\nmessage B { A.Inner inner = 1; shop.A.Inner other = 2; }"));
    }

    @Test
    void validate_full_whenTypeOfOtherPackage_passesOnlyWhenFileImports() {
        String body = "message P { other.Thing thing = 1; }";
        assertInvalid(proto3(body), "type 'other.Thing' is not defined in this file, which imports no other");
        assertValid(proto3("import \"other/thing.proto\";\n" + body));
    }

    @Test
    void validate_full_whenWellKnownType_passes() {
        assertValid(proto3("message P { google.protobuf.Duration ttl = 1; .google.protobuf.Any any = 2; }"));
    }

    @Test
    void validate_full_whenMapKeyNotAllowed_fails() {
        assertInvalid(
                proto3("message P { map<float, string> m = 1; }"),
                "P.m (field 1)",
                "map key type 'float' is not an integer type, bool or string");
    }

    @Test
    void validate_full_whenRpcTypeUndefined_fails() {
        assertInvalid(
                proto3("message P {}\nservice S { rpc Go (P) returns (Missing); }"),
                "S.Go (rpc)",
                "type 'Missing' is not defined");
    }

    @Test
    void validate_full_whenProto3EnumDoesNotStartAtZero_fails() {
        assertInvalid(
                proto3("enum Status { ACTIVE = 1; NONE = 0; }"),
                "Status at line 3, column 1: the first value of a proto3 enum must be 0, not 1");
        assertValid(proto2("enum Status { ACTIVE = 1; }"));
    }

    @Test
    void validate_full_reportsEachProblem() {
        assertInvalid(
                proto3("message P { string a = 1; string b = 1; Missing c = 19001; }"),
                "P.b (field 1)",
                "P.c (field 19001)",
                "number 19001",
                "type 'Missing'");
    }

    // canonical

    @Test
    void canonical_whenOnlyCommentsAndWhitespaceDiffer_isTheSame() {
        String plain = proto3("message P { string name = 1; }");
        String commented = "// the people\nsyntax   =   \"proto3\";\n\npackage shop;  /* the shop */\n"
                + "// a person\nmessage P {\n  string name = 1; // their name\n}\n";
        assertThat(support.canonical(commented)).isEqualTo(support.canonical(plain));
        assertThat(support.canonical(plain)).contains("message P {\n  string name = 1;\n}");
    }

    @Test
    void canonical_keepsStringsThatLookLikeComments() {
        String content = proto2("message P { optional string url = 1 [default = \"http://x/*y*/\"]; }");
        assertThat(support.canonical(content)).contains("\"http://x/*y*/\"");
    }

    @Test
    void canonical_whenNotParseable_returnsContentUnchanged() {
        assertThat(support.canonical("message {")).isEqualTo("message {");
    }

    // readerIncompatibilities

    @Test
    void readerIncompatibilities_whenNotParseable_throws() {
        assertThatThrownBy(() -> incompatibilities("message {", proto3("")))
                .isInstanceOf(InvalidContentException.class)
                .hasMessageContaining("syntax error at line 1");
    }

    @Test
    void readerIncompatibilities_whenSchemasEqual_isEmpty() {
        String schema =
                proto3("message P { string a = 1; repeated int32 b = 2; oneof o { string c = 3; int64 d = 4; } }");
        assertThat(incompatibilities(schema, schema)).isEmpty();
    }

    @Test
    void readerIncompatibilities_whenFieldOrMessageRemoved_isEmpty() {
        assertThat(incompatibilities(
                        proto3("message P { string a = 1; }"),
                        proto3("message P { string a = 1; int32 b = 2; }\nmessage Q { string q = 1; }")))
                .isEmpty();
    }

    @Test
    void readerIncompatibilities_whenFieldNumberReusedWithOtherNameAndType_reportsIt() {
        assertThat(incompatibilities(
                        proto3("message Person { int64 phone = 2; }"), proto3("message Person { string email = 2; }")))
                .containsExactly(new Incompatibility(
                        "Person.phone (field 2)",
                        "number 2 reused: the writer's field is 'string email', the reader's is 'int64 phone'"));
    }

    @Test
    void readerIncompatibilities_whenFieldRenamedOnly_isEmpty() {
        assertThat(incompatibilities(
                        proto3("message Person { string mail = 2; }"), proto3("message Person { string email = 2; }")))
                .isEmpty();
    }

    @Test
    void readerIncompatibilities_whenTypeChangedToWireIncompatible_reportsIt() {
        assertThat(incompatibilities(
                        proto3("message Person { int32 zip = 3; }"), proto3("message Person { string zip = 3; }")))
                .containsExactly(new Incompatibility(
                        "Person.zip (field 3)", "type changed from string to int32, which is not wire-compatible"));
    }

    @Test
    void readerIncompatibilities_whenTypeChangedWithinWireGroup_isEmpty() {
        String enums = "enum Kind { A = 0; }\n";
        assertThat(incompatibilities(
                        proto3(enums + "message P { int64 a = 1; sint64 b = 2; sfixed32 c = 3; bytes d = 4;"
                                + " int32 e = 5; Kind f = 6; sfixed64 g = 7; bytes h = 8; }\nmessage M {}"),
                        proto3(enums + "message P { uint32 a = 1; sint32 b = 2; fixed32 c = 3; string d = 4;"
                                + " Kind e = 5; bool f = 6; fixed64 g = 7; M h = 8; }\nmessage M {}")))
                .isEmpty();
    }

    @Test
    void readerIncompatibilities_whenTypeChangedAcrossWireGroups_reportsEach() {
        assertThat(incompatibilities(
                        proto3("message P { int32 a = 1; double b = 2; M c = 3; }\nmessage M {}"),
                        proto3("message P { sint32 a = 1; float b = 2; string c = 3; }\nmessage M {}")))
                .extracting(Incompatibility::message)
                .containsExactly(
                        "type changed from sint32 to int32, which is not wire-compatible",
                        "type changed from float to double, which is not wire-compatible",
                        "type changed from string to M, which is not wire-compatible");
    }

    @Test
    void readerIncompatibilities_whenReferencedMessageRenamed_reportsIt() {
        assertThat(incompatibilities(
                        proto3("message Person { Location address = 3; }\nmessage Location {}"),
                        proto3("message Person { Address address = 3; }\nmessage Address {}")))
                .containsExactly(new Incompatibility("Person.address (field 3)", "type Address renamed to Location"));
    }

    @Test
    void readerIncompatibilities_whenReferencedEnumChanged_reportsIt() {
        String enums = "enum Kind { A = 0; }\nenum Status { B = 0; }\n";
        assertThat(incompatibilities(
                        proto3(enums + "message P { Status s = 1; }"), proto3(enums + "message P { Kind s = 1; }")))
                .containsExactly(new Incompatibility("P.s (field 1)", "type changed from Kind to Status"));
    }

    @Test
    void readerIncompatibilities_whenReferencedMessageKeepsName_comparesItsFields() {
        assertThat(incompatibilities(
                        proto3("message Person { Address address = 3; message Address { int32 zip = 1; } }"),
                        proto3("message Person { .shop.Person.Address address = 3;"
                                + " message Address { string zip = 1; } }")))
                .containsExactly(new Incompatibility(
                        "Person.Address.zip (field 1)",
                        "type changed from string to int32, which is not wire-compatible"));
    }

    @Test
    void readerIncompatibilities_whenMapValueTypeChanged_reportsIt() {
        assertThat(incompatibilities(
                        proto3("message P { map<string, int32> m = 1; }"),
                        proto3("message P { map<string, string> m = 1; }")))
                .containsExactly(new Incompatibility(
                        "P.m (field 1)", "map value type changed from string to int32, which is not wire-compatible"));
        assertThat(incompatibilities(
                        proto3("message P { map<string, int64> m = 1; }"),
                        proto3("message P { map<string, int32> m = 1; }")))
                .isEmpty();
    }

    @Test
    void readerIncompatibilities_whenRepeatedBecomesSingular_reportsIt() {
        assertThat(incompatibilities(
                        proto3("message P { string tag = 1; }"), proto3("message P { repeated string tag = 1; }")))
                .containsExactly(new Incompatibility(
                        "P.tag (field 1)",
                        "changed from repeated to singular: the reader keeps at most one of the writer's values"));
    }

    @Test
    void readerIncompatibilities_whenSingularBecomesRepeatedOrPackingChanges_isEmpty() {
        assertThat(incompatibilities(
                        proto3("message P { repeated string tag = 1; }"), proto3("message P { string tag = 1; }")))
                .isEmpty();
        assertThat(incompatibilities(
                        proto2("message P { repeated int32 n = 1 [packed = true]; }"),
                        proto2("message P { repeated int32 n = 1; }")))
                .isEmpty();
    }

    @Test
    void readerIncompatibilities_whenFieldMovedIntoOneofWithOthers_reportsIt() {
        assertThat(incompatibilities(
                        proto3("message P { oneof contact { string email = 1; string phone = 2; } }"),
                        proto3("message P { string email = 1; string phone = 2; }")))
                .containsExactly(
                        new Incompatibility(
                                "P.email (field 1)",
                                "moved into oneof 'contact' with 'phone' (field 2),"
                                        + " which the writer may set at the same time"),
                        new Incompatibility(
                                "P.phone (field 2)",
                                "moved into oneof 'contact' with 'email' (field 1),"
                                        + " which the writer may set at the same time"));
    }

    @Test
    void readerIncompatibilities_whenFieldMovedIntoOneofAlone_isEmpty() {
        assertThat(incompatibilities(
                        proto3("message P { string name = 3; oneof contact { string email = 1; int32 new = 4; } }"),
                        proto3("message P { string email = 1; string name = 3; }")))
                .isEmpty();
    }

    @Test
    void readerIncompatibilities_whenFieldMovedOutOfOneof_isEmpty() {
        assertThat(incompatibilities(
                        proto3("message P { string email = 1; string phone = 2; }"),
                        proto3("message P { oneof contact { string email = 1; string phone = 2; } }")))
                .isEmpty();
    }

    @Test
    void readerIncompatibilities_whenRequiredFieldAdded_reportsIt() {
        assertThat(incompatibilities(
                        proto2("message P { optional string a = 1; required int32 b = 2; }"),
                        proto2("message P { optional string a = 1; }")))
                .containsExactly(
                        new Incompatibility("P.b (field 2)", "required field added; the writer does not write it"));
    }

    @Test
    void readerIncompatibilities_whenFieldBecomesRequired_reportsIt() {
        assertThat(incompatibilities(
                        proto2("message P { required string a = 1; }"), proto2("message P { optional string a = 1; }")))
                .containsExactly(
                        new Incompatibility("P.a (field 1)", "required by the reader but optional for the writer"));
        assertThat(incompatibilities(
                        proto2("message P { optional string a = 1; }"), proto2("message P { required string a = 1; }")))
                .isEmpty();
    }

    @Test
    void readerIncompatibilities_whenProto2EnumValueRemoved_reportsIt() {
        assertThat(incompatibilities(
                        proto2("enum Status { ACTIVE = 1; }"), proto2("enum Status { ACTIVE = 1; PENDING = 2; }")))
                .containsExactly(new Incompatibility(
                        "Status.PENDING (value 2)",
                        "value removed; proto2 enums are closed, so a reader treats it as unknown"));
    }

    @Test
    void readerIncompatibilities_whenProto3EnumValueRemoved_isEmpty() {
        assertThat(incompatibilities(
                        proto3("enum Status { NONE = 0; }"), proto3("enum Status { NONE = 0; PENDING = 2; }")))
                .isEmpty();
    }

    @Test
    void readerIncompatibilities_whenSeveral_reportsInWriterMessageOrderThenReaderFieldOrder() {
        String reader = proto3("message B { int32 y = 2; int32 x = 1; }\nmessage A { int32 z = 1; }");
        String writer = proto3("message A { string z = 1; }\nmessage B { string x = 1; string y = 2; }");
        assertThat(incompatibilities(reader, writer))
                .extracting(Incompatibility::location)
                .containsExactly("A.z (field 1)", "B.y (field 2)", "B.x (field 1)");
    }
}
