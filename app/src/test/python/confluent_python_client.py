"""Confluent's own Python client against Stele's Confluent-compatible API.

Run by ConfluentPythonClientIT with the registry's base URL and a run id that keeps subjects apart:
    python confluent_python_client.py http://127.0.0.1:8080 run42
Every check is an assert; the script prints one line per check and exits non-zero on the first
that fails.
"""
import base64
import sys

from confluent_kafka.schema_registry import Schema, SchemaReference, SchemaRegistryClient
from confluent_kafka.schema_registry.avro import AvroDeserializer, AvroSerializer
from confluent_kafka.schema_registry.json_schema import JSONDeserializer, JSONSerializer
from confluent_kafka.schema_registry.protobuf import ProtobufDeserializer, ProtobufSerializer
from google.protobuf import descriptor_pb2, descriptor_pool, message_factory
from checks import check, refused
from confluent_kafka.serialization import MessageField, SerializationContext, SerializationError

url, run = sys.argv[1], sys.argv[2]

ORDER = ('{"type":"record","name":"Order","namespace":"com.example","fields":'
         '[{"name":"id","type":"long"},{"name":"item","type":"string"}]}')
ORDER_WITH_NOTE = ('{"type":"record","name":"Order","namespace":"com.example","fields":'
                   '[{"name":"id","type":"long"},{"name":"item","type":"string"},'
                   '{"name":"note","type":"string","default":""}]}')
ORDER_WITH_PRICE = ('{"type":"record","name":"Order","namespace":"com.example","fields":'
                    '[{"name":"id","type":"long"},{"name":"item","type":"string"},'
                    '{"name":"price","type":"double"}]}')
ADDRESS = ('{"type":"record","name":"Address","namespace":"com.example","fields":'
           '[{"name":"street","type":"string"}]}')
CUSTOMER = ('{"type":"record","name":"Customer","namespace":"com.example","fields":'
            '[{"name":"name","type":"string"},{"name":"home","type":"com.example.Address"}]}')
ADDRESS_JSON = ('{"$schema":"http://json-schema.org/draft-07/schema#","type":"object",'
                '"properties":{"street":{"type":"string"}},"required":["street"]}')
CONTACT_JSON = ('{"$schema":"http://json-schema.org/draft-07/schema#","title":"Contact","type":"object",'
                '"properties":{"name":{"type":"string"},"home":{"$ref":"address.json"}},"required":["name","home"]}')
PAYMENT = ('{"$schema":"http://json-schema.org/draft-07/schema#","title":"Payment","type":"object",'
           '"properties":{"amount":{"type":"number"},"currency":{"type":"string"}},'
           '"required":["amount","currency"]}')



client = SchemaRegistryClient({"url": url})
topic = f"orders-{run}"
subject = f"{topic}-value"
ctx = SerializationContext(topic, MessageField.VALUE)

# The serializer registers the schema (after the lookup of associations the client makes first).
order = {"id": 7, "item": "book"}
data = AvroSerializer(client, ORDER)(order, ctx)
check("the Avro serializer frames with magic byte 0", data[0] == 0)
schema_id = int.from_bytes(data[1:5], "big")
check("the id written is a positive 32-bit id", 0 < schema_id < 2**31)

# A consumer with its own client, and so no cache, reads it back through the id.
check("the Avro deserializer reads the record back",
      AvroDeserializer(SchemaRegistryClient({"url": url}))(data, ctx) == order)

check("get_subjects lists the subject", subject in client.get_subjects())
check("get_versions", client.get_versions(subject) == [1])
latest = client.get_latest_version(subject)
check("get_latest_version", latest.schema_id == schema_id and latest.version == 1 and latest.subject == subject)
check("get_version", client.get_version(subject, 1).schema_id == schema_id)
looked = client.lookup_schema(subject, Schema(ORDER, "AVRO"))
check("lookup_schema", looked.schema_id == schema_id and looked.version == 1)
check("get_schema by id", client.get_schema(schema_id).schema_type == "AVRO")
check("get_compatibility answers a level", client.get_compatibility() in (
    "BACKWARD", "BACKWARD_TRANSITIVE", "FORWARD", "FORWARD_TRANSITIVE", "FULL", "FULL_TRANSITIVE", "NONE"))
check("register_schema of the same schema gives the same id",
      client.register_schema(subject, Schema(ORDER, "AVRO")) == schema_id)

refused("an incompatible version is refused with 409", lambda: client.register_schema(
    subject, Schema(ORDER_WITH_PRICE, "AVRO")), 409, 409)
evolved = client.register_schema(subject, Schema(ORDER_WITH_NOTE, "AVRO"))
check("a compatible version gets a new id", evolved != schema_id)
check("get_versions after evolving", client.get_versions(subject) == [1, 2])
check("the old message still reads", AvroDeserializer(SchemaRegistryClient({"url": url}))(data, ctx) == order)

check("test_compatibility of an incompatible schema", not client.test_compatibility(
    subject, Schema(ORDER_WITH_PRICE, "AVRO")))
check("test_compatibility of a compatible schema", client.test_compatibility(subject, Schema(ORDER_WITH_NOTE, "AVRO")))
check("set_compatibility on the subject", client.set_compatibility(subject, "FULL")["compatibility"] == "FULL")
check("get_compatibility of the subject", client.get_compatibility(subject) == "FULL")
# A level set before a subject's first version is kept and judges the versions that follow.
ahead = f"ahead-{run}-value"
check("set_compatibility before the first version", client.set_compatibility(ahead, "NONE")["compatibility"] == "NONE")
check("get_compatibility before the first version", client.get_compatibility(ahead) == "NONE")
client.register_schema(ahead, Schema(ORDER, "AVRO"))
check("a level set ahead lets an incompatible version in",
      client.register_schema(ahead, Schema(ORDER_WITH_PRICE, "AVRO")) > 0 and client.get_versions(ahead) == [1, 2])
check("get_contexts", client.get_contexts() == ["."])
# The same schema text has one id under every subject: earlier runs on this registry share it.
check("get_subjects_by_schema_id", subject in client.get_subjects_by_schema_id(schema_id))
check("get_schema_versions",
      (subject, 1) in [(v.subject, v.version) for v in client.get_schema_versions(schema_id)])

refused("an unknown subject is 40401", lambda: client.get_versions(f"missing-{run}"), 404, 40401)
refused("an unknown version is 40402", lambda: client.get_version(subject, 9), 404, 40402)
refused("an unknown id is 40403", lambda: SchemaRegistryClient({"url": url}).get_schema(2**31 - 2), 404, 40403)
refused("an invalid schema is 42201", lambda: client.register_schema(
    f"invalid-{run}", Schema('{"type":"record","name":"X","fields":[{"name":"a"}]}', "AVRO")), 422, 42201)

# A changed schema is a new version with a new id, as Confluent compares canonical strings: a doc on
# the record, then a default on its field, each keeps the binary encoding but is a change.
changed = f"changed-{run}-value"
CHANGED = '{"type":"record","name":"Changed","fields":[{"name":"f","type":"string"}]}'
CHANGED_WITH_DOC = CHANGED.replace('"fields"', '"doc":"kept","fields"')
CHANGED_WITH_DEFAULT = CHANGED_WITH_DOC.replace('"type":"string"}', '"type":"string","default":"x"}')
changed_ids = [client.register_schema(changed, Schema(s, "AVRO"))
               for s in (CHANGED, CHANGED_WITH_DOC, CHANGED_WITH_DEFAULT)]
check("each change to a schema is a new version with a new id",
      len(set(changed_ids)) == 3 and client.get_versions(changed) == [1, 2, 3], changed_ids)
check("lookup_schema of the schema with the default finds its own version",
      SchemaRegistryClient({"url": url}).lookup_schema(changed, Schema(CHANGED_WITH_DEFAULT, "AVRO")).version == 3)
# With normalize, a Protobuf schema with its options in another order is the same schema: Confluent's
# normalization sorts them.
OPTIONS = ['option java_package = "io.example";', 'option java_multiple_files = true;']


def proto(options):
    return 'syntax = "proto3";\npackage normalized;\n' + "\n".join(options) + "\nmessage N { string f = 1; }\n"


normalized = f"normalized-{run}-value"
normal_id = client.register_schema(normalized, Schema(proto(OPTIONS), "PROTOBUF"), normalize_schemas=True)
check("normalize: the options in another order are the same schema",
      client.register_schema(normalized, Schema(proto(OPTIONS[::-1]), "PROTOBUF"), normalize_schemas=True) == normal_id
      and client.get_versions(normalized) == [1])
check("normalize: a lookup of the options in another order finds it",
      SchemaRegistryClient({"url": url}).lookup_schema(
          normalized, Schema(proto(OPTIONS[::-1]), "PROTOBUF"), normalize_schemas=True).schema_id == normal_id)
# The same text as two types is two schemas, each read back as its type.
TEXT = '{"type":"string","title":"' + run + '"}'
text_avro = client.register_schema(f"text-avro-{run}", Schema(TEXT, "AVRO"))
text_json = client.register_schema(f"text-json-{run}", Schema(TEXT, "JSON"))
check("the same text as AVRO and as JSON has two ids", text_avro != text_json)
check("the JSON one reads back as JSON", SchemaRegistryClient({"url": url}).get_schema(text_json).schema_type == "JSON")
check("the AVRO one reads back as AVRO", SchemaRegistryClient({"url": url}).get_schema(text_avro).schema_type == "AVRO")

# JSON Schema, the same way.
payments = f"payments-{run}"
payment = {"amount": 9.5, "currency": "EUR"}
json_ctx = SerializationContext(payments, MessageField.VALUE)
framed = JSONSerializer(PAYMENT, client)(payment, json_ctx)
check("the JSON serializer frames with magic byte 0", framed[0] == 0)
check("the JSON deserializer reads the object back",
      JSONDeserializer(None, schema_registry_client=SchemaRegistryClient({"url": url}))(framed, json_ctx) == payment)
check("a JSON schema's type is JSON", client.get_latest_version(f"{payments}-value").schema.schema_type == "JSON")

# A read-only subject refuses writes, and its mode can be removed again.
check("update_mode", client.update_mode(subject, "READONLY") == "READONLY")
check("get_mode", client.get_mode(subject) == "READONLY")
ORDER_WITH_TAG = ORDER_WITH_NOTE.replace(']}', ',{"name":"tag","type":"string","default":""}]}')
refused("a read-only subject refuses a new version with 42205",
        lambda: client.register_schema(subject, Schema(ORDER_WITH_TAG, "AVRO")), 422, 42205)
check("delete_mode answers the mode it had", client.delete_mode(subject) == "READONLY")
refused("a subject without its own mode is 40409", lambda: client.get_mode(subject), 404, 40409)
check("get_global_mode", client.get_global_mode() == "READWRITE")

# Soft deletion, then deletion for good.
doomed = f"doomed-{run}"
client.register_schema(doomed, Schema(ORDER, "AVRO"))
client.register_schema(doomed, Schema(ORDER_WITH_NOTE, "AVRO"))
check("delete_version soft-deletes", client.delete_version(doomed, 2) == 2)
check("get_versions leaves it out", client.get_versions(doomed) == [1])
check("get_versions(deleted=True) shows it", client.get_versions(doomed, deleted=True) == [1, 2])
check("get_versions(deleted_only=True)", client.get_versions(doomed, deleted_only=True) == [2])
check("get_version(deleted=True) reads it", client.get_version(doomed, 2, deleted=True).version == 2)
refused("a soft-deleted version without deleted is 40402",
        lambda: SchemaRegistryClient({"url": url}).get_version(doomed, 2), 404, 40402)
check("delete_version permanent", client.delete_version(doomed, 2, permanent=True) == 2)
check("delete_subject soft-deletes the rest", client.delete_subject(doomed) == [1])
check("get_subjects leaves it out", doomed not in client.get_subjects())
check("get_subjects(deleted=True) shows it", doomed in client.get_subjects(deleted=True))
check("get_subjects(subject_prefix=...)", client.get_subjects(subject_prefix=f"orders-{run}") == [subject])
refused("deleting it softly again is 40404", lambda: client.delete_subject(doomed), 404, 40404)
check("delete_subject permanent", client.delete_subject(doomed, permanent=True) == [1])
refused("it is gone for good", lambda: client.get_versions(doomed, deleted=True), 404, 40401)
# A schema that uses another subject's schema through a reference.
addresses = f"addresses-{run}"
client.register_schema(addresses, Schema(ADDRESS, "AVRO"))
address_ref = SchemaReference("com.example.Address", addresses, 1)
customer_schema = Schema(CUSTOMER, "AVRO", [address_ref])
customers = f"customers-{run}"
customer_ctx = SerializationContext(customers, MessageField.VALUE)
customer = {"name": "Ada", "home": {"street": "Main"}}
framed = AvroSerializer(client, customer_schema)(customer, customer_ctx)
customer_id = int.from_bytes(framed[1:5], "big")
check("the deserializer resolves the reference and reads the record back",
      AvroDeserializer(SchemaRegistryClient({"url": url}))(framed, customer_ctx) == customer)
registered = client.get_latest_version(f"{customers}-value")
check("get_latest_version carries the reference",
      [(r.name, r.subject, r.version) for r in registered.schema.references]
      == [("com.example.Address", addresses, 1)])
check("get_schema carries the reference",
      SchemaRegistryClient({"url": url}).get_schema(customer_id).references[0].subject == addresses)
check("lookup_schema with the reference",
      client.lookup_schema(f"{customers}-value", customer_schema).schema_id == customer_id)
check("get_referenced_by", client.get_referenced_by(addresses, 1) == [customer_id])
refused("a referenced version is not deleted: 42206", lambda: client.delete_version(addresses, 1), 422, 42206)
refused("a reference to nothing is 42201", lambda: client.register_schema(
    f"strays-{run}", Schema(CUSTOMER, "AVRO", [SchemaReference("com.example.Address", f"none-{run}", 1)])),
    422, 42201)
# A JSON Schema that uses another subject's document through a reference: the serializer validates
# with it, so a record breaking the referenced document is refused.
json_addresses = f"json-addresses-{run}"
client.register_schema(json_addresses, Schema(ADDRESS_JSON, "JSON"))
contact_schema = Schema(CONTACT_JSON, "JSON", [SchemaReference("address.json", json_addresses, 1)])
contacts = f"contacts-{run}"
contact_ctx = SerializationContext(contacts, MessageField.VALUE)
contact = {"name": "Ada", "home": {"street": "Main"}}
framed = JSONSerializer(contact_schema, client)(contact, contact_ctx)
check("the JSON deserializer resolves the reference and reads the object back",
      JSONDeserializer(None, schema_registry_client=SchemaRegistryClient({"url": url}))(framed, contact_ctx)
      == contact)
try:
    JSONSerializer(contact_schema, client)({"name": "Ada", "home": {}}, contact_ctx)
    check("the referenced document is applied", False, "(a home without street was accepted)")
except SerializationError:
    check("the referenced document is applied", True)

# Protobuf: a message whose file imports another. The serializer sends each file as a base64
# FileDescriptorProto, the imported one under a subject of its own and the importing one with a
# reference to it; the deserializer asks for them back in that form (format=serialized). The
# message types are built from descriptors at run time, as no generated code is at hand.
FIELD = descriptor_pb2.FieldDescriptorProto
package = f"shoppy{run}".replace("-", "")
pool = descriptor_pool.DescriptorPool()
address_file = descriptor_pb2.FileDescriptorProto(name=f"{package}/address.proto", package=package, syntax="proto3")
address_file.message_type.add(name="Address").field.add(
    name="street", number=1, type=FIELD.TYPE_STRING, label=FIELD.LABEL_OPTIONAL)
pool.Add(address_file)
order_file = descriptor_pb2.FileDescriptorProto(
    name=f"{package}/order.proto", package=package, syntax="proto3", dependency=[address_file.name])
order_type = order_file.message_type.add(name="Order")
order_type.field.add(name="id", number=1, type=FIELD.TYPE_INT64, label=FIELD.LABEL_OPTIONAL)
order_type.field.add(name="ship_to", number=2, type=FIELD.TYPE_MESSAGE, type_name=f".{package}.Address",
                     label=FIELD.LABEL_OPTIONAL)
order_type.field.add(name="items", number=3, type=FIELD.TYPE_STRING, label=FIELD.LABEL_REPEATED)
pool.Add(order_file)
ProtoOrder = message_factory.GetMessageClass(pool.FindMessageTypeByName(f"{package}.Order"))
proto_order = ProtoOrder(id=7, items=["book"])
proto_order.ship_to.street = "Main"
proto_topic = f"pb-orders-{run}"
proto_ctx = SerializationContext(proto_topic, MessageField.VALUE)
framed = ProtobufSerializer(ProtoOrder, client)(proto_order, proto_ctx)
check("the Protobuf serializer frames with magic byte 0", framed[0] == 0)
proto_id = int.from_bytes(framed[1:5], "big")
check("the Protobuf deserializer resolves the import and reads the message back",
      ProtobufDeserializer(ProtoOrder, {}, SchemaRegistryClient({"url": url}))(framed, proto_ctx) == proto_order)
registered = SchemaRegistryClient({"url": url}).get_latest_version(f"{proto_topic}-value")
check("the file is kept as .proto text, with a reference for its import",
      registered.schema_id == proto_id and "message Order" in registered.schema.schema_str
      and [(r.name, r.subject) for r in registered.schema.references]
      == [(address_file.name, address_file.name)], registered)
check("get_schema in the serialized format answers the descriptor",
      descriptor_pb2.FileDescriptorProto.FromString(base64.b64decode(
          SchemaRegistryClient({"url": url}).get_schema(proto_id, fmt="serialized").schema_str))
      .message_type[0].name == "Order")
print("all checks passed")
