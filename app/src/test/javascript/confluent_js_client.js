// Confluent's own JavaScript client (@confluentinc/schemaregistry) against Stele's
// Confluent-compatible API. Run by ConfluentClientsIT with the registry's base URL and a run id:
//   node confluent_js_client.js http://127.0.0.1:8080 run42
// Prints one line per check and exits non-zero on the first that fails.
const {
  SchemaRegistryClient, SerdeType, AvroSerializer, AvroDeserializer, JsonSerializer, JsonDeserializer,
  ProtobufSerializer, ProtobufDeserializer,
} = require('@confluentinc/schemaregistry');
const { create, createFileRegistry, fromBinary } = require('@bufbuild/protobuf');
const {
  FileDescriptorProtoSchema, FieldDescriptorProto_Type: FieldType, FieldDescriptorProto_Label: FieldLabel,
} = require('@bufbuild/protobuf/wkt');

const { check, refused } = require('./checks');

const [url, run] = process.argv.slice(2);
const client = () => new SchemaRegistryClient({ baseURLs: [url] });


const ORDER = {
  type: 'record', name: 'Order', namespace: 'com.example',
  fields: [{ name: 'id', type: 'long' }, { name: 'item', type: 'string' }],
};
const ORDER_WITH_NOTE = { ...ORDER, fields: [...ORDER.fields, { name: 'note', type: 'string', default: '' }] };
const ORDER_WITH_PRICE = { ...ORDER, fields: [...ORDER.fields, { name: 'price', type: 'double' }] };

async function main() {
  const registry = client();
  const topic = `orders-${run}`;
  const subject = `${topic}-value`;

  // Registered through the client, then serialized with the latest version, as the client's README does.
  const id = await registry.register(subject, { schemaType: 'AVRO', schema: JSON.stringify(ORDER) });
  check('register answers a positive 32-bit id', id > 0 && id < 2 ** 31);
  const order = { id: 7, item: 'book' };
  const data = await new AvroSerializer(registry, SerdeType.VALUE, { useLatestVersion: true }).serialize(topic, order);
  check('the Avro serializer frames with magic byte 0 and the id', data[0] === 0 && data.readInt32BE(1) === id);
  const back = await new AvroDeserializer(client(), SerdeType.VALUE, {}).deserialize(topic, data);
  check('the Avro deserializer reads the record back', back.item === 'book' && Number(back.id) === 7);

  // Without autoRegisterSchemas (the default), the serializer looks its schema up on every message.
  const looked = await registry.getIdFullResponse(subject, { schemaType: 'AVRO', schema: JSON.stringify(ORDER) }, false);
  check('lookup answers id and version', looked.id === id && looked.version === 1);

  check('getAllSubjects lists the subject', (await registry.getAllSubjects()).includes(subject));
  check('getAllVersions', JSON.stringify(await registry.getAllVersions(subject)) === '[1]');
  const latest = await registry.getLatestSchemaMetadata(subject);
  check('getLatestSchemaMetadata', latest.id === id && latest.version === 1 && latest.subject === subject);
  check('getBySubjectAndId', JSON.parse((await client().getBySubjectAndId(subject, id)).schema).name === 'Order');
  check('testSubjectCompatibility refuses an incompatible schema',
    !(await registry.testSubjectCompatibility(subject, { schemaType: 'AVRO', schema: JSON.stringify(ORDER_WITH_PRICE) })));
  await refused('registering an incompatible version is 409',
    () => registry.register(subject, { schemaType: 'AVRO', schema: JSON.stringify(ORDER_WITH_PRICE) }), 409, 409);
  const evolved = await registry.register(subject, { schemaType: 'AVRO', schema: JSON.stringify(ORDER_WITH_NOTE) });
  check('a compatible version gets a new id', evolved !== id);
  // A changed schema is a new version with a new id, as Confluent compares canonical strings.
  const changed = `changed-${run}-value`;
  const CHANGED = { type: 'record', name: 'Changed', fields: [{ name: 'f', type: 'string' }] };
  const withDoc = { ...CHANGED, doc: 'kept' };
  const withDefault = { ...withDoc, fields: [{ name: 'f', type: 'string', default: 'x' }] };
  const changedIds = [];
  for (const schema of [CHANGED, withDoc, withDefault]) {
    changedIds.push(await registry.register(changed, { schemaType: 'AVRO', schema: JSON.stringify(schema) }));
  }
  check('each change to a schema is a new version with a new id', new Set(changedIds).size === 3
    && JSON.stringify(await registry.getAllVersions(changed)) === '[1,2,3]');
  const foundDefault = await client().getIdFullResponse(
    changed, { schemaType: 'AVRO', schema: JSON.stringify(withDefault) }, false);
  check('lookup of the schema with the default finds its own version', foundDefault.version === 3);
  // With normalize, a Protobuf schema with its options in another order is the same schema.
  const options = ['option java_package = "io.example";', 'option java_multiple_files = true;'];
  const proto = (lines) => `syntax = "proto3";\npackage normalized;\n${lines.join('\n')}\nmessage N { string f = 1; }\n`;
  const normalized = `normalized-${run}-value`;
  const normalId = await registry.register(normalized, { schemaType: 'PROTOBUF', schema: proto(options) }, true);
  check('normalize: the options in another order are the same schema',
    (await registry.register(normalized, { schemaType: 'PROTOBUF', schema: proto([...options].reverse()) }, true)) === normalId
    && JSON.stringify(await registry.getAllVersions(normalized)) === '[1]');
  check('normalize: a lookup of the options in another order finds it',
    (await client().getId(normalized, { schemaType: 'PROTOBUF', schema: proto([...options].reverse()) }, true)) === normalId);
  // The same text as two types is two schemas, each read back as its type.
  const text = JSON.stringify({ type: 'string', title: run });
  const textAvro = await registry.register(`text-avro-${run}`, { schemaType: 'AVRO', schema: text });
  const textJson = await registry.register(`text-json-${run}`, { schemaType: 'JSON', schema: text });
  check('the same text as AVRO and as JSON has two ids', textAvro !== textJson);
  check('the JSON one reads back as JSON',
    (await client().getBySubjectAndId(`text-json-${run}`, textJson)).schemaType === 'JSON');
  check('updateCompatibility', (await registry.updateCompatibility(subject, 'FULL')) === 'FULL');
  check('getCompatibility', (await client().getCompatibility(subject)) === 'FULL');
  const ahead = `ahead-${run}-value`; // a level set before the subject's first version is kept
  check('updateCompatibility before the first version', (await registry.updateCompatibility(ahead, 'NONE')) === 'NONE');
  check('getCompatibility before the first version', (await client().getCompatibility(ahead)) === 'NONE');
  check('getDefaultCompatibility answers a level', typeof (await registry.getDefaultCompatibility()) === 'string');

  await refused('an unknown subject is 40401', () => client().getLatestSchemaMetadata(`missing-${run}`), 404, 40401);
  await refused('an unknown id is 40403', () => client().getBySubjectAndId(subject, 2 ** 31 - 2), 404, 40403);

  // JSON Schema, registered first and then serialized with the latest version.
  const payments = `payments-${run}`;
  const paymentSchema = {
    $schema: 'http://json-schema.org/draft-07/schema#', title: 'Payment', type: 'object',
    properties: { amount: { type: 'number' }, currency: { type: 'string' } }, required: ['amount', 'currency'],
  };
  await registry.register(`${payments}-value`, { schemaType: 'JSON', schema: JSON.stringify(paymentSchema) });
  const jsonSer = new JsonSerializer(registry, SerdeType.VALUE, { useLatestVersion: true });
  const payment = { amount: 9.5, currency: 'EUR' };
  const framed = await jsonSer.serialize(payments, payment);
  check('the JSON serializer frames with magic byte 0', framed[0] === 0);
  const readBack = await new JsonDeserializer(client(), SerdeType.VALUE, {}).deserialize(payments, framed);
  check('the JSON deserializer reads the object back', readBack.amount === 9.5 && readBack.currency === 'EUR');

  // A schema that uses another subject's schema through a reference.
  const ADDRESS = {
    type: 'record', name: 'Address', namespace: 'com.example', fields: [{ name: 'street', type: 'string' }],
  };
  const CUSTOMER = {
    type: 'record', name: 'Customer', namespace: 'com.example',
    fields: [{ name: 'name', type: 'string' }, { name: 'home', type: 'com.example.Address' }],
  };
  const addresses = `addresses-${run}`;
  await registry.register(addresses, { schemaType: 'AVRO', schema: JSON.stringify(ADDRESS) });
  const reference = { name: 'com.example.Address', subject: addresses, version: 1 };
  const customers = `customers-${run}`;
  const customerId = await registry.register(`${customers}-value`,
    { schemaType: 'AVRO', schema: JSON.stringify(CUSTOMER), references: [reference] });
  const customer = { name: 'Ada', home: { street: 'Main' } };
  const customerData = await new AvroSerializer(registry, SerdeType.VALUE, { useLatestVersion: true })
    .serialize(customers, customer);
  check('the serializer writes the referring schema\'s id', customerData.readInt32BE(1) === customerId);
  const customerBack = await new AvroDeserializer(client(), SerdeType.VALUE, {}).deserialize(customers, customerData);
  check('the deserializer resolves the reference and reads the record back',
    customerBack.name === 'Ada' && customerBack.home.street === 'Main');
  const withReference = await client().getLatestSchemaMetadata(`${customers}-value`);
  check('getLatestSchemaMetadata carries the reference',
    JSON.stringify(withReference.references) === JSON.stringify([reference]));
  await refused('a referenced version is not deleted: 42206',
    () => registry.deleteSubjectVersion(addresses, 1, false), 422, 42206);

  // A JSON Schema that uses another subject's document through a reference.
  const jsonAddresses = `json-addresses-${run}`;
  await registry.register(jsonAddresses, {
    schemaType: 'JSON',
    schema: JSON.stringify({
      $schema: 'http://json-schema.org/draft-07/schema#', type: 'object',
      properties: { street: { type: 'string' } }, required: ['street'],
    }),
  });
  const contacts = `contacts-${run}`;
  await registry.register(`${contacts}-value`, {
    schemaType: 'JSON',
    schema: JSON.stringify({
      $schema: 'http://json-schema.org/draft-07/schema#', title: 'Contact', type: 'object',
      properties: { name: { type: 'string' }, home: { $ref: 'address.json' } }, required: ['name', 'home'],
    }),
    references: [{ name: 'address.json', subject: jsonAddresses, version: 1 }],
  });
  const contactData = await new JsonSerializer(registry, SerdeType.VALUE, { useLatestVersion: true })
    .serialize(contacts, { name: 'Ada', home: { street: 'Main' } });
  const contactBack = await new JsonDeserializer(client(), SerdeType.VALUE, {}).deserialize(contacts, contactData);
  check('the JSON deserializer resolves the reference and reads the object back',
    contactBack.name === 'Ada' && contactBack.home.street === 'Main');

  await protobufRoundTrip(registry);

  // Soft deletion, then deletion for good.
  const doomed = `doomed-${run}`;
  await registry.register(doomed, { schemaType: 'AVRO', schema: JSON.stringify(ORDER) });
  await registry.register(doomed, { schemaType: 'AVRO', schema: JSON.stringify(ORDER_WITH_NOTE) });
  check('deleteSubjectVersion soft-deletes', (await registry.deleteSubjectVersion(doomed, 2, false)) === 2);
  check('getAllVersions leaves it out', JSON.stringify(await client().getAllVersions(doomed)) === '[1]');
  check('getSchemaMetadata with deleted reads it', (await client().getSchemaMetadata(doomed, 2, true)).version === 2);
  await refused('a soft-deleted version without deleted is 40402', () => client().getSchemaMetadata(doomed, 2), 404, 40402);
  check('deleteSubjectVersion permanent', (await registry.deleteSubjectVersion(doomed, 2, true)) === 2);
  check('deleteSubject soft-deletes the rest', JSON.stringify(await registry.deleteSubject(doomed, false)) === '[1]');
  check('getAllSubjects leaves it out', !(await client().getAllSubjects()).includes(doomed));
  await refused('deleting it softly again is 40404', () => client().deleteSubject(doomed, false), 404, 40404);
  check('deleteSubject permanent', JSON.stringify(await registry.deleteSubject(doomed, true)) === '[1]');
  await refused('it is gone for good', () => client().getAllVersions(doomed), 404, 40401);
  console.log('all checks passed');
}

// A Protobuf message whose file imports another. The serializer sends each file as a base64
// FileDescriptorProto, the imported one under a subject of its own and the importing one with a
// reference to it; the deserializer asks for them back in that form (format=serialized). The
// message types are built from descriptors at run time, as no generated code is at hand.
async function protobufRoundTrip(registry) {
  const pkg = `shopjs${run}`.replace(/-/g, '');
  const field = (name, number, type, more = {}) => ({
    name, number, type, label: FieldLabel.OPTIONAL, jsonName: name, ...more,
  });
  const addressFile = create(FileDescriptorProtoSchema, {
    name: `${pkg}/address.proto`, package: pkg, syntax: 'proto3',
    messageType: [{ name: 'Address', field: [field('street', 1, FieldType.STRING)] }],
  });
  const orderFile = create(FileDescriptorProtoSchema, {
    name: `${pkg}/order.proto`, package: pkg, syntax: 'proto3', dependency: [addressFile.name],
    messageType: [{
      name: 'Order',
      field: [
        field('id', 1, FieldType.INT64),
        field('ship_to', 2, FieldType.MESSAGE, { typeName: `.${pkg}.Address`, jsonName: 'shipTo' }),
        field('items', 3, FieldType.STRING, { label: FieldLabel.REPEATED }),
      ],
    }],
  });
  const types = createFileRegistry(orderFile, (name) => (name === addressFile.name ? addressFile : undefined));
  const order = create(types.getMessage(`${pkg}.Order`), { id: 7n, shipTo: { street: 'Main' }, items: ['book'] });
  const topic = `pb-orders-${run}`;
  const data = await new ProtobufSerializer(registry, SerdeType.VALUE, { autoRegisterSchemas: true, registry: types })
    .serialize(topic, order);
  check('the Protobuf serializer frames with magic byte 0', data[0] === 0);
  const back = await new ProtobufDeserializer(client(), SerdeType.VALUE, {}).deserialize(topic, data);
  check('the Protobuf deserializer resolves the import and reads the message back',
    back.id === 7n && back.shipTo.street === 'Main' && back.items.length === 1 && back.items[0] === 'book');
  const registered = await client().getLatestSchemaMetadata(`${topic}-value`);
  check('the file is kept as .proto text, with a reference for its import',
    registered.id === data.readInt32BE(1) && registered.schema.includes('message Order')
      && JSON.stringify(registered.references) === JSON.stringify([
        { name: addressFile.name, subject: addressFile.name, version: 1 }]));
  const serialized = await client().getBySubjectAndId(`${topic}-value`, registered.id, 'serialized');
  check('getBySubjectAndId in the serialized format answers the descriptor',
    fromBinary(FileDescriptorProtoSchema, Buffer.from(serialized.schema, 'base64')).messageType[0].name === 'Order');
}

main().catch((e) => {
  console.log(`FAILED: ${e.stack || e}`);
  process.exit(1);
});
