package io.stele.app.rules.protobuf;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import com.google.protobuf.DescriptorProtos.FieldDescriptorProto;
import com.google.protobuf.DescriptorProtos.FileDescriptorProto;
import com.google.protobuf.Descriptors.Descriptor;
import com.google.protobuf.Descriptors.FieldDescriptor;
import com.google.protobuf.Descriptors.FileDescriptor;
import com.google.protobuf.DynamicMessage;
import com.google.protobuf.TimestampProto;
import io.stele.app.rules.InvalidContentException;
import io.stele.app.rules.ResolvedReferences;
import io.stele.app.rules.ResolvedReferences.Named;
import io.stele.app.rules.Validity;
import java.util.Base64;
import java.util.List;
import org.junit.jupiter.api.Test;

/** Descriptors are checked with protobuf-java's own builder, which links and validates them as the runtimes do. */
class ProtoDescriptorsTest {

    private static final String ADDRESS =
            """
            syntax = "proto3";
            package shop.common;

            message Address {
              string street = 1;
              string city = 2;
            }
            """;

    private static final String ORDER =
            """
            syntax = "proto3";
            package shop;

            import "shop/common/address.proto";
            import "google/protobuf/timestamp.proto";

            option java_package = "com.example.shop";
            option java_multiple_files = true;

            message Order {
              int64 id = 1;
              repeated string items = 2 [packed = false];
              map<string, int32> quantities = 3;
              shop.common.Address ship_to = 4;
              google.protobuf.Timestamp placed = 5;
              optional string note = 6;
              oneof payment {
                string card = 7;
                Voucher voucher = 8 [deprecated = true];
              }
              Status status = 9 [json_name = "state"];
              Line.Kind first_kind = 10;
              reserved 20 to 29, 40;
              reserved "legacy";

              message Line {
                enum Kind {
                  KIND_UNSPECIFIED = 0;
                  GOODS = 1;
                }
                Kind kind = 1;
              }
            }

            message Voucher {
              string code = 1;
            }

            enum Status {
              option allow_alias = true;
              STATUS_UNSPECIFIED = 0;
              OPEN = 1;
              ACTIVE = 1;
              reserved 5 to 9;
            }

            service Orders {
              rpc Place (Order) returns (stream Order);
            }
            """;

    private static final ResolvedReferences ADDRESS_REFERENCE =
            new ResolvedReferences(List.of(new Named("shop/common/address.proto", ADDRESS)));

    private static FileDescriptorProto descriptor(String base64) throws Exception {
        return FileDescriptorProto.parseFrom(Base64.getDecoder().decode(base64));
    }

    /** The descriptor linked by protobuf-java against its dependencies, as a runtime loads it. */
    private static FileDescriptor linked(String base64) throws Exception {
        FileDescriptor address = FileDescriptor.buildFrom(
                descriptor(ProtoDescriptors.base64(ADDRESS, ResolvedReferences.NONE)), new FileDescriptor[0]);
        FileDescriptorProto order = descriptor(base64);
        FileDescriptorProto named = address.toProto().toBuilder()
                .setName("shop/common/address.proto")
                .build();
        return FileDescriptor.buildFrom(order, new FileDescriptor[] {
            FileDescriptor.buildFrom(named, new FileDescriptor[0]), TimestampProto.getDescriptor()
        });
    }

    @Test
    void base64_compilesTextWithReferences_intoADescriptorTheRuntimeLinks() throws Exception {
        FileDescriptor file = linked(ProtoDescriptors.base64(ORDER, ADDRESS_REFERENCE));

        assertThat(file.getName()).isEqualTo("default");
        assertThat(file.toProto().getDependencyList())
                .containsExactly("shop/common/address.proto", "google/protobuf/timestamp.proto");
        assertThat(file.getOptions().getJavaPackage()).isEqualTo("com.example.shop");
        Descriptor order = file.findMessageTypeByName("Order");
        assertThat(order.findFieldByName("ship_to").getMessageType().getFullName())
                .isEqualTo("shop.common.Address");
        assertThat(order.findFieldByName("quantities").isMapField()).isTrue();
        assertThat(order.findFieldByName("card").getContainingOneof().getName()).isEqualTo("payment");
        assertThat(order.findFieldByName("note").hasPresence()).isTrue();
        assertThat(order.findFieldByName("first_kind").getEnumType().getFullName())
                .isEqualTo("shop.Order.Line.Kind");
        assertThat(file.findServiceByName("Orders").getMethods().get(0).isServerStreaming())
                .isTrue();
    }

    @Test
    void text_printsADescriptor_thatCompilesBackToTheSameDescriptor() throws Exception {
        String base64 = ProtoDescriptors.base64(ORDER, ADDRESS_REFERENCE);

        String text = ProtoDescriptors.text(base64);

        new ProtobufSupport().validate(text, Validity.FULL);
        assertThat(descriptor(ProtoDescriptors.base64(text, ADDRESS_REFERENCE))).isEqualTo(descriptor(base64));
    }

    @Test
    void text_ofADescriptorWrittenByTheRuntime_keepsItsMessagesReadable() throws Exception {
        FileDescriptorProto runtime = TimestampProto.getDescriptor().toProto().toBuilder()
                .setName("clock.proto")
                .setPackage("clock")
                .build();
        String text = ProtoDescriptors.text(Base64.getEncoder().encodeToString(runtime.toByteArray()));

        FileDescriptor relinked = FileDescriptor.buildFrom(
                descriptor(ProtoDescriptors.base64(text, ResolvedReferences.NONE)), new FileDescriptor[0]);
        Descriptor timestamp = relinked.findMessageTypeByName("Timestamp");
        DynamicMessage written = DynamicMessage.newBuilder(
                        TimestampProto.getDescriptor().findMessageTypeByName("Timestamp"))
                .setField(
                        TimestampProto.getDescriptor()
                                .findMessageTypeByName("Timestamp")
                                .findFieldByName("seconds"),
                        42L)
                .build();
        DynamicMessage read = DynamicMessage.parseFrom(timestamp, written.toByteArray());
        FieldDescriptor seconds = timestamp.findFieldByName("seconds");
        assertThat(read.getField(seconds)).isEqualTo(42L);
    }

    @Test
    void text_whenNotADescriptor_failsSayingWhatWasExpected() {
        assertThatThrownBy(() -> ProtoDescriptors.text("bm90IGEgZGVzY3JpcHRvcg=="))
                .isInstanceOf(InvalidContentException.class)
                .hasMessage(
                        "Invalid Protobuf schema: it is neither .proto text nor a base64-encoded FileDescriptorProto.");
    }

    @Test
    void text_whenEditions_refusesIt() {
        FileDescriptorProto editions = FileDescriptorProto.newBuilder()
                .setName("e.proto")
                .setSyntax("editions")
                .build();

        assertThatThrownBy(() -> ProtoDescriptors.text(Base64.getEncoder().encodeToString(editions.toByteArray())))
                .isInstanceOf(InvalidContentException.class)
                .hasMessageContaining("syntax 'editions' is not supported");
    }

    @Test
    void text_whenGroup_refusesIt() {
        FileDescriptorProto group = FileDescriptorProto.newBuilder()
                .setName("g.proto")
                .addMessageType(com.google.protobuf.DescriptorProtos.DescriptorProto.newBuilder()
                        .setName("M")
                        .addField(FieldDescriptorProto.newBuilder()
                                .setName("g")
                                .setNumber(1)
                                .setLabel(FieldDescriptorProto.Label.LABEL_OPTIONAL)
                                .setType(FieldDescriptorProto.Type.TYPE_GROUP)
                                .setTypeName(".M.G")))
                .build();

        assertThatThrownBy(() -> ProtoDescriptors.text(Base64.getEncoder().encodeToString(group.toByteArray())))
                .isInstanceOf(InvalidContentException.class)
                .hasMessageContaining("field 'g' is a group");
    }

    @Test
    void base64_whenAnImportIsNotReferenced_failsNamingIt() {
        assertThatThrownBy(() -> ProtoDescriptors.base64(ORDER, ResolvedReferences.NONE))
                .isInstanceOf(InvalidContentException.class)
                .hasMessage("Invalid Protobuf schema: it imports 'shop/common/address.proto', which is neither one of"
                        + " its references nor one of Protobuf's own files.");
    }

    @Test
    void base64_findsEveryWellKnownFileOfProtobuf() throws Exception {
        String masks =
                """
                syntax = "proto3";
                import "google/protobuf/field_mask.proto";
                import "google/protobuf/type.proto";
                import "google/protobuf/any.proto";
                message Patch {
                  google.protobuf.FieldMask mask = 1;
                  google.protobuf.Type type = 2;
                  google.protobuf.Any value = 3;
                }
                """;

        FileDescriptorProto file = descriptor(ProtoDescriptors.base64(masks, ResolvedReferences.NONE));

        assertThat(file.getMessageType(0).getField(0).getTypeName()).isEqualTo(".google.protobuf.FieldMask");
        assertThat(file.getMessageType(0).getField(1).getTypeName()).isEqualTo(".google.protobuf.Type");
    }

    @Test
    void isBase64_tellsDescriptorsFromText() {
        assertThat(ProtoDescriptors.isBase64("CgdkZWZhdWx0Eg==")).isTrue();
        assertThat(ProtoDescriptors.isBase64(ORDER)).isFalse();
        assertThat(ProtoDescriptors.isBase64("syntax = \"proto3\";")).isFalse();
    }
}
