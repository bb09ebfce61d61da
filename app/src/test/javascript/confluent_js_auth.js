// Confluent's own JavaScript client (@confluentinc/schemaregistry) against Stele with
// authentication on, over HTTPS. Run by ConfluentClientsAuthIT with the registry's HTTPS URL, a run
// id and the identity provider's token endpoint; NODE_EXTRA_CA_CERTS names the registry's
// certificate:
//   node confluent_js_auth.js https://127.0.0.1:8443 run42 http://idp/token
// A developer registers with basic credentials, a read-only consumer reads with a token the client
// fetches itself, and the others are refused. Prints one line per check and exits non-zero on the
// first that fails.
const { SchemaRegistryClient, SerdeType, AvroSerializer, AvroDeserializer } = require('@confluentinc/schemaregistry');

const { check, refused } = require('./checks');

const [url, run, tokenEndpoint] = process.argv.slice(2);


const basic = (clientId, secret) => new SchemaRegistryClient({
  baseURLs: [url],
  basicAuthCredentials: { credentialsSource: 'USER_INFO', userInfo: `${clientId}:${secret}` },
});
const oauth = (clientId, secret) => new SchemaRegistryClient({
  baseURLs: [url],
  bearerAuthCredentials: {
    credentialsSource: 'OAUTHBEARER', issuerEndpointUrl: tokenEndpoint, clientId, clientSecret: secret,
    scope: 'profile', logicalCluster: 'stele',
  },
});

const ORDER = {
  type: 'record', name: 'Order', namespace: 'com.example',
  fields: [{ name: 'id', type: 'long' }, { name: 'item', type: 'string' }],
};

async function main() {
  const topic = `orders-${run}`;
  const subject = `${topic}-value`;
  const developer = basic('stele-developer', 'developer-secret');
  const reader = oauth('stele-readonly', 'readonly-secret');

  const id = await developer.register(subject, { schemaType: 'AVRO', schema: JSON.stringify(ORDER) });
  check('a developer registers with basic credentials, over HTTPS', id > 0);
  const data = await new AvroSerializer(developer, SerdeType.VALUE, { useLatestVersion: true })
    .serialize(topic, { id: 7, item: 'book' });
  check('the developer\'s serializer frames the record with the id', data[0] === 0 && data.readInt32BE(1) === id);
  const back = await new AvroDeserializer(reader, SerdeType.VALUE, {}).deserialize(topic, data);
  check('a read-only consumer with its own OAuth token reads the record', back.item === 'book' && Number(back.id) === 7);

  const other = { ...ORDER, name: 'Other' };
  await refused('a read-only client may not register',
    () => reader.register(`${subject}-other`, { schemaType: 'AVRO', schema: JSON.stringify(other) }), 403, 40301);
  await refused('a client with no credentials is asked for them',
    () => new SchemaRegistryClient({ baseURLs: [url] }).getAllSubjects(), 401, 40101);
  await refused('a wrong secret is refused', () => basic('stele-developer', 'not-its-secret').getAllSubjects(), 401, 40101);
  await refused('a client with no role of the registry\'s may not read',
    () => oauth('stele-norole', 'norole-secret').getAllSubjects(), 403, 40301);
  console.log('all checks passed');
}

main().catch((e) => {
  console.log(`FAILED: ${e.stack || e}`);
  process.exit(1);
});
