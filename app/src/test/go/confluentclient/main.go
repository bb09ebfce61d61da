// Confluent's own Go client (confluent-kafka-go/v2 schemaregistry, built without cgo) against
// Stele's Confluent-compatible API. Built and run by ConfluentClientsIT with the registry's base
// URL and a run id:
//
//	confluentclient http://127.0.0.1:8080 run42
//
// With "auth" first, it runs the checks against a registry with authentication on (auth.go).
// Prints one line per check and exits non-zero on the first that fails.
package main

import (
	"encoding/binary"
	"errors"
	"fmt"
	"os"
	"slices"

	"github.com/confluentinc/confluent-kafka-go/v2/schemaregistry"
	"github.com/confluentinc/confluent-kafka-go/v2/schemaregistry/rest"
	"github.com/confluentinc/confluent-kafka-go/v2/schemaregistry/serde"
	"github.com/confluentinc/confluent-kafka-go/v2/schemaregistry/serde/avrov2"
	"github.com/confluentinc/confluent-kafka-go/v2/schemaregistry/serde/jsonschema"
)

// Order is serialized with a schema the serializer derives from the struct.
type Order struct {
	ID   int64  `avro:"id"`
	Item string `avro:"item"`
}

// Address is a record that Customer uses by name, defined in a subject of its own.
type Address struct {
	Street string `avro:"street"`
}

// Customer is serialized with a registered schema that references Address's.
type Customer struct {
	Name string  `avro:"name"`
	Home Address `avro:"home"`
}

// JSONAddress is a JSON document that Contact's schema references in a subject of its own.
type JSONAddress struct {
	Street string `json:"street"`
}

// Contact is serialized with a registered JSON Schema that references JSONAddress's.
type Contact struct {
	Name string      `json:"name"`
	Home JSONAddress `json:"home"`
}

// Payment is serialized with a JSON Schema derived from the struct.
type Payment struct {
	Amount   float64 `json:"amount"`
	Currency string  `json:"currency"`
}

func check(what string, ok bool, detail ...any) {
	if !ok {
		fmt.Println("FAILED:", what, fmt.Sprint(detail...))
		os.Exit(1)
	}
	fmt.Println("ok:", what)
}

// must returns a call's value, failing the run with the call's error if it has one.
func must[T any](value T, err error) T {
	if err != nil {
		fmt.Println("FAILED:", err)
		os.Exit(1)
	}
	return value
}

func refused(what string, err error, code int) {
	var answer *rest.Error
	check(what, errors.As(err, &answer) && answer.Code == code, fmt.Sprintf("(answered %v)", err))
}

func main() {
	if os.Args[1] == "auth" {
		authChecks(os.Args[2], os.Args[3], os.Args[4], os.Args[5])
	}
	url, run := os.Args[1], os.Args[2]
	client := must(schemaregistry.NewClient(schemaregistry.NewConfig(url)))
	fresh := must(schemaregistry.NewClient(schemaregistry.NewConfig(url)))
	topic := "orders-" + run
	subject := topic + "-value"

	// The serializer registers the schema it derives from the struct (auto-registration is Go's default).
	ser := must(avrov2.NewSerializer(client, serde.ValueSerde, avrov2.NewSerializerConfig()))
	data := must(ser.Serialize(topic, &Order{ID: 7, Item: "book"}))
	check("the Avro serializer frames with magic byte 0", data[0] == 0)
	id := int(binary.BigEndian.Uint32(data[1:5]))
	check("the id written is a positive 32-bit id", id > 0)
	deser := must(avrov2.NewDeserializer(fresh, serde.ValueSerde, avrov2.NewDeserializerConfig()))
	var back Order
	err := deser.DeserializeInto(topic, data, &back)
	check("the Avro deserializer reads the record back", err == nil && back == Order{ID: 7, Item: "book"}, err, back)

	check("GetAllVersions", slices.Equal(must(client.GetAllVersions(subject)), []int{1}))
	latest := must(client.GetLatestSchemaMetadata(subject))
	check("the latest version has the id and version", latest.ID == id && latest.Version == 1, latest)
	check("GetAllSubjects lists the subject", slices.Contains(must(client.GetAllSubjects()), subject))
	lookup := must(fresh.GetID(subject, schemaregistry.SchemaInfo{Schema: latest.Schema}, false))
	check("GetID finds the id", lookup == id)
	byID := must(fresh.GetBySubjectAndID(subject, id))
	check("GetBySubjectAndID answers the schema", byID.Schema == latest.Schema)

	incompatible := `{"type":"record","name":"Order","fields":[{"name":"id","type":"long"},` +
		`{"name":"item","type":"string"},{"name":"price","type":"double"}]}`
	compatible := must(client.TestSubjectCompatibility(
		subject, schemaregistry.SchemaInfo{Schema: incompatible}))
	check("TestSubjectCompatibility refuses an incompatible schema", !compatible)
	_, err = client.Register(subject, schemaregistry.SchemaInfo{Schema: incompatible}, false)
	refused("registering an incompatible version is 409", err, 409)
	level := must(client.UpdateCompatibility(subject, schemaregistry.Full))
	check("UpdateCompatibility", level == schemaregistry.Full)
	check("GetCompatibility", must(fresh.GetCompatibility(subject)) == schemaregistry.Full)
	ahead := "ahead-" + run + "-value" // a level set before the subject's first version is kept
	check("UpdateCompatibility before the first version",
		must(client.UpdateCompatibility(ahead, schemaregistry.None)) == schemaregistry.None)
	check("GetCompatibility before the first version", must(fresh.GetCompatibility(ahead)) == schemaregistry.None)
	_ = must(client.GetDefaultCompatibility())
	check("GetAllContexts", slices.Equal(must(client.GetAllContexts()), []string{"."}))

	// A changed schema is a new version with a new id, as Confluent compares canonical strings.
	changed := "changed-" + run + "-value"
	base := `{"type":"record","name":"Changed","fields":[{"name":"f","type":"string"}]}`
	withDoc := `{"type":"record","name":"Changed","doc":"kept","fields":[{"name":"f","type":"string"}]}`
	withDefault := `{"type":"record","name":"Changed","doc":"kept","fields":[{"name":"f","type":"string","default":"x"}]}`
	changedIDs := map[int]bool{}
	for _, text := range []string{base, withDoc, withDefault} {
		changedIDs[must(client.Register(changed, schemaregistry.SchemaInfo{Schema: text}, false))] = true
	}
	check("each change to a schema is a new version with a new id",
		len(changedIDs) == 3 && slices.Equal(must(fresh.GetAllVersions(changed)), []int{1, 2, 3}))
	check("GetID of the schema with the default finds its own id",
		changedIDs[must(fresh.GetID(changed, schemaregistry.SchemaInfo{Schema: withDefault}, false))])
	// With normalize, a Protobuf schema with its options in another order is the same schema.
	proto := func(first, second string) schemaregistry.SchemaInfo {
		return schemaregistry.SchemaInfo{SchemaType: "PROTOBUF",
			Schema: "syntax = \"proto3\";\npackage normalized;\n" + first + "\n" + second + "\nmessage N { string f = 1; }\n"}
	}
	javaPackage, multipleFiles := `option java_package = "io.example";`, `option java_multiple_files = true;`
	normalized := "normalized-" + run + "-value"
	normalID := must(client.Register(normalized, proto(javaPackage, multipleFiles), true))
	check("normalize: the options in another order are the same schema",
		must(client.Register(normalized, proto(multipleFiles, javaPackage), true)) == normalID &&
			slices.Equal(must(fresh.GetAllVersions(normalized)), []int{1}))
	check("normalize: a lookup of the options in another order finds it",
		must(fresh.GetID(normalized, proto(multipleFiles, javaPackage), true)) == normalID)
	// The same text as two types is two schemas, each read back as its type.
	text := `{"type":"string","title":"` + run + `"}`
	textAvro := must(client.Register("text-avro-"+run, schemaregistry.SchemaInfo{Schema: text}, false))
	textJSON := must(client.Register("text-json-"+run, schemaregistry.SchemaInfo{SchemaType: "JSON", Schema: text}, false))
	check("the same text as AVRO and as JSON has two ids", textAvro != textJSON)
	check("the JSON one reads back as JSON", must(fresh.GetBySubjectAndID("text-json-"+run, textJSON)).SchemaType == "JSON")

	_, err = fresh.GetAllVersions("missing-" + run)
	refused("an unknown subject is 40401", err, 40401)
	_, err = fresh.GetBySubjectAndID(subject, 2147483000)
	refused("an unknown id is 40403", err, 40403)

	payments := "payments-" + run
	jser := must(jsonschema.NewSerializer(client, serde.ValueSerde, jsonschema.NewSerializerConfig()))
	framed := must(jser.Serialize(payments, &Payment{Amount: 9.5, Currency: "EUR"}))
	check("the JSON serializer frames with magic byte 0", framed[0] == 0)
	jdeser := must(jsonschema.NewDeserializer(fresh, serde.ValueSerde, jsonschema.NewDeserializerConfig()))
	var payment Payment
	err = jdeser.DeserializeInto(payments, framed, &payment)
	check("the JSON deserializer reads the object back", err == nil && payment == Payment{9.5, "EUR"}, err, payment)

	// A schema that uses another subject's schema through a reference.
	addresses := "addresses-" + run
	addressSchema := `{"type":"record","name":"Address","namespace":"com.example",` +
		`"fields":[{"name":"street","type":"string"}]}`
	customerSchema := `{"type":"record","name":"Customer","namespace":"com.example","fields":` +
		`[{"name":"name","type":"string"},{"name":"home","type":"com.example.Address"}]}`
	_ = must(client.Register(addresses, schemaregistry.SchemaInfo{Schema: addressSchema}, false))
	reference := schemaregistry.Reference{Name: "com.example.Address", Subject: addresses, Version: 1}
	customers := "customers-" + run
	customerID := must(client.Register(customers+"-value", schemaregistry.SchemaInfo{
		Schema: customerSchema, References: []schemaregistry.Reference{reference}}, false))
	latestConfig := avrov2.NewSerializerConfig()
	latestConfig.AutoRegisterSchemas = false
	latestConfig.UseLatestVersion = true
	cser := must(avrov2.NewSerializer(client, serde.ValueSerde, latestConfig))
	customer := Customer{Name: "Ada", Home: Address{Street: "Main"}}
	cdata := must(cser.Serialize(customers, &customer))
	check("the serializer writes the referring schema's id", int(binary.BigEndian.Uint32(cdata[1:5])) == customerID)
	var customerBack Customer
	err = deser.DeserializeInto(customers, cdata, &customerBack)
	check("the deserializer resolves the reference and reads the record back",
		err == nil && customerBack == customer, err, customerBack)
	withReference := must(fresh.GetLatestSchemaMetadata(customers + "-value"))
	check("GetLatestSchemaMetadata carries the reference",
		slices.Equal(withReference.References, []schemaregistry.Reference{reference}), withReference.References)
	_, err = client.DeleteSubjectVersion(addresses, 1, false)
	refused("a referenced version is not deleted: 42206", err, 42206)

	// A JSON Schema that uses another subject's document through a reference.
	jsonAddresses := "json-addresses-" + run
	_ = must(client.Register(jsonAddresses, schemaregistry.SchemaInfo{SchemaType: "JSON",
		Schema: `{"$schema":"http://json-schema.org/draft-07/schema#","type":"object",` +
			`"properties":{"street":{"type":"string"}},"required":["street"]}`}, false))
	contacts := "contacts-" + run
	_ = must(client.Register(contacts+"-value", schemaregistry.SchemaInfo{SchemaType: "JSON",
		Schema: `{"$schema":"http://json-schema.org/draft-07/schema#","title":"Contact","type":"object",` +
			`"properties":{"name":{"type":"string"},"home":{"$ref":"address.json"}},"required":["name","home"]}`,
		References: []schemaregistry.Reference{{Name: "address.json", Subject: jsonAddresses, Version: 1}}}, false))
	jsonLatest := jsonschema.NewSerializerConfig()
	jsonLatest.AutoRegisterSchemas = false
	jsonLatest.UseLatestVersion = true
	jsonLatest.EnableValidation = true
	cjser := must(jsonschema.NewSerializer(client, serde.ValueSerde, jsonLatest))
	contact := Contact{Name: "Ada", Home: JSONAddress{Street: "Main"}}
	contactData := must(cjser.Serialize(contacts, &contact))
	var contactBack Contact
	err = jdeser.DeserializeInto(contacts, contactData, &contactBack)
	check("the JSON deserializer resolves the reference and reads the object back",
		err == nil && contactBack == contact, err, contactBack)

	protobufRoundTrip(client, fresh, run)

	// Soft deletion, then deletion for good.
	doomed := "doomed-" + run
	order := `{"type":"record","name":"Order","fields":[{"name":"id","type":"long"}]}`
	noted := `{"type":"record","name":"Order","fields":[{"name":"id","type":"long"},` +
		`{"name":"note","type":"string","default":""}]}`
	_ = must(client.Register(doomed, schemaregistry.SchemaInfo{Schema: order}, false))
	_ = must(client.Register(doomed, schemaregistry.SchemaInfo{Schema: noted}, false))
	check("DeleteSubjectVersion soft-deletes", must(client.DeleteSubjectVersion(doomed, 2, false)) == 2)
	check("GetAllVersions leaves it out", slices.Equal(must(fresh.GetAllVersions(doomed)), []int{1}))
	check("GetSchemaMetadataIncludeDeleted reads it",
		must(fresh.GetSchemaMetadataIncludeDeleted(doomed, 2, true)).Version == 2)
	_, err = fresh.GetSchemaMetadata(doomed, 2)
	refused("a soft-deleted version without deleted is 40402", err, 40402)
	check("DeleteSubjectVersion permanent", must(client.DeleteSubjectVersion(doomed, 2, true)) == 2)
	check("DeleteSubject soft-deletes the rest", slices.Equal(must(client.DeleteSubject(doomed, false)), []int{1}))
	check("GetAllSubjects leaves it out", !slices.Contains(must(fresh.GetAllSubjects()), doomed))
	_, err = fresh.DeleteSubject(doomed, false)
	refused("deleting it softly again is 40404", err, 40404)
	check("DeleteSubject permanent", slices.Equal(must(client.DeleteSubject(doomed, true)), []int{1}))
	_, err = fresh.GetAllVersions(doomed)
	refused("it is gone for good", err, 40401)
	fmt.Println("all checks passed")
}
