package main

import (
	"encoding/binary"

	"github.com/confluentinc/confluent-kafka-go/v2/schemaregistry"
	"github.com/confluentinc/confluent-kafka-go/v2/schemaregistry/serde"
	"github.com/confluentinc/confluent-kafka-go/v2/schemaregistry/serde/protobuf"
	"github.com/jhump/protoreflect/desc/protoparse"
	"google.golang.org/protobuf/proto"
	"google.golang.org/protobuf/reflect/protoreflect"
	"google.golang.org/protobuf/types/dynamicpb"
)

// protobufRoundTrip serializes a Protobuf message whose file imports another file: the serializer
// registers the imported file under a subject of its own and the importing file with a reference
// to it, and a deserializer with its own client resolves the reference to read the message back.
// The message types are compiled at run time from .proto text, as no generated code is at hand.
func protobufRoundTrip(client, fresh schemaregistry.Client, run string) {
	pkg := "shopgo" + run
	files := map[string]string{
		pkg + "/address.proto": "syntax = \"proto3\";\npackage " + pkg + ";\n" +
			"message Address { string street = 1; }\n",
		pkg + "/order.proto": "syntax = \"proto3\";\npackage " + pkg + ";\nimport \"" + pkg + "/address.proto\";\n" +
			"message Order { int64 id = 1; Address ship_to = 2; repeated string items = 3; }\n",
	}
	parser := protoparse.Parser{Accessor: protoparse.FileContentsFromMap(files)}
	parsed := must(parser.ParseFiles(pkg + "/order.proto"))
	orderType := parsed[0].UnwrapFile().Messages().ByName("Order")
	fields := orderType.Fields()
	order := dynamicpb.NewMessage(orderType)
	order.Set(fields.ByName("id"), protoreflect.ValueOfInt64(7))
	shipTo := dynamicpb.NewMessage(fields.ByName("ship_to").Message())
	shipTo.Set(shipTo.Descriptor().Fields().ByName("street"), protoreflect.ValueOfString("Main"))
	order.Set(fields.ByName("ship_to"), protoreflect.ValueOfMessage(shipTo))
	order.Mutable(fields.ByName("items")).List().Append(protoreflect.ValueOfString("book"))

	topic := "pb-orders-" + run
	ser := must(protobuf.NewSerializer(client, serde.ValueSerde, protobuf.NewSerializerConfig()))
	data := must(ser.Serialize(topic, order))
	check("the Protobuf serializer frames with magic byte 0", data[0] == 0)
	id := int(binary.BigEndian.Uint32(data[1:5]))
	deser := must(protobuf.NewDeserializer(fresh, serde.ValueSerde, protobuf.NewDeserializerConfig()))
	if err := deser.ProtoRegistry.RegisterMessage(dynamicpb.NewMessageType(orderType)); err != nil {
		check("the message type registers with the deserializer", false, err)
	}
	back := must(deser.Deserialize(topic, data))
	check("the Protobuf deserializer resolves the import and reads the message back",
		proto.Equal(back.(proto.Message), order), back)
	registered := must(fresh.GetLatestSchemaMetadata(topic + "-value"))
	check("the registered file names its import by a reference",
		registered.ID == id && len(registered.References) == 1 &&
			registered.References[0].Name == pkg+"/address.proto", registered.References)
	lookup := must(fresh.GetID(topic+"-value", schemaregistry.SchemaInfo{
		SchemaType: "PROTOBUF", Schema: registered.Schema, References: registered.References}, false))
	check("GetID finds the Protobuf schema with its reference", lookup == id)
}
