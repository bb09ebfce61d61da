package io.stele.storage.testkit.clients;

import com.google.protobuf.DescriptorProtos.DescriptorProto;
import com.google.protobuf.DescriptorProtos.FieldDescriptorProto;
import com.google.protobuf.DescriptorProtos.FileDescriptorProto;
import com.google.protobuf.Descriptors.Descriptor;
import com.google.protobuf.Descriptors.DescriptorValidationException;
import com.google.protobuf.Descriptors.FileDescriptor;
import com.google.protobuf.DynamicMessage;

/**
 * Protobuf messages built at run time, as a producer with no generated classes builds them: a
 * {@code Money} in {@code money.proto}, and a {@code Shipment} in {@code shipment.proto} that
 * imports it, so that a serializer registers a schema with a reference. Protobuf is an optional
 * dependency of this module: a client module that uses these brings the Protobuf runtime its
 * client was built for.
 */
public final class ProtobufRecords {

    private static final FileDescriptor MONEY_FILE = build(FileDescriptorProto.newBuilder()
            .setName("stele/money.proto")
            .setPackage("stele.money")
            .setSyntax("proto3")
            .addMessageType(DescriptorProto.newBuilder()
                    .setName("Money")
                    .addField(field("currency", 1, FieldDescriptorProto.Type.TYPE_STRING, null))
                    .addField(field("cents", 2, FieldDescriptorProto.Type.TYPE_INT64, null)))
            .build());

    private static final FileDescriptor SHIPMENT_FILE = build(
            FileDescriptorProto.newBuilder()
                    .setName("stele/shipment.proto")
                    .setPackage("stele.shipment")
                    .setSyntax("proto3")
                    .addDependency("stele/money.proto")
                    .addMessageType(DescriptorProto.newBuilder()
                            .setName("Shipment")
                            .addField(field("id", 1, FieldDescriptorProto.Type.TYPE_STRING, null))
                            .addField(field("cost", 2, FieldDescriptorProto.Type.TYPE_MESSAGE, ".stele.money.Money")))
                    .build(),
            MONEY_FILE);

    public static final Descriptor MONEY = MONEY_FILE.findMessageTypeByName("Money");
    public static final Descriptor SHIPMENT = SHIPMENT_FILE.findMessageTypeByName("Shipment");

    private ProtobufRecords() {}

    /** A field's value, by its name. */
    public static Object field(DynamicMessage message, String name) {
        return message.getField(message.getDescriptorForType().findFieldByName(name));
    }

    public static DynamicMessage money(String currency, long cents) {
        return DynamicMessage.newBuilder(MONEY)
                .setField(MONEY.findFieldByName("currency"), currency)
                .setField(MONEY.findFieldByName("cents"), cents)
                .build();
    }

    public static DynamicMessage shipment(String id, DynamicMessage cost) {
        return DynamicMessage.newBuilder(SHIPMENT)
                .setField(SHIPMENT.findFieldByName("id"), id)
                .setField(SHIPMENT.findFieldByName("cost"), cost)
                .build();
    }

    private static FieldDescriptorProto field(
            String name, int number, FieldDescriptorProto.Type type, String typeName) {
        FieldDescriptorProto.Builder field = FieldDescriptorProto.newBuilder()
                .setName(name)
                .setNumber(number)
                .setType(type)
                .setLabel(FieldDescriptorProto.Label.LABEL_OPTIONAL);
        return (typeName == null ? field : field.setTypeName(typeName)).build();
    }

    private static FileDescriptor build(FileDescriptorProto file, FileDescriptor... dependencies) {
        try {
            return FileDescriptor.buildFrom(file, dependencies);
        } catch (DescriptorValidationException e) {
            throw new IllegalStateException("The test's own Protobuf file does not build: " + file.getName(), e);
        }
    }
}
