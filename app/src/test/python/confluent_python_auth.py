"""Confluent's Python client against Stele with authentication on, over HTTPS.

Run by ConfluentClientsAuthIT with the registry's HTTPS URL, a run id, the identity provider's token
endpoint and the registry's certificate:
    python confluent_python_auth.py https://127.0.0.1:8443 run42 http://idp/token /path/server.crt
A developer registers with basic credentials (which the registry exchanges for a token), a
read-only consumer reads with a token the client fetches itself, and the others are refused.
Every check is an assert; the script prints one line per check and exits non-zero on the first
that fails.
"""
import sys

from confluent_kafka.schema_registry import Schema, SchemaRegistryClient
from confluent_kafka.schema_registry.avro import AvroDeserializer, AvroSerializer
from checks import check, refused
from confluent_kafka.serialization import MessageField, SerializationContext

url, run, token_endpoint, ca = sys.argv[1:5]

ORDER = ('{"type":"record","name":"Order","namespace":"com.example","fields":'
         '[{"name":"id","type":"long"},{"name":"item","type":"string"}]}')



def basic(client_id, secret):
    return SchemaRegistryClient({"url": url, "ssl.ca.location": ca, "basic.auth.user.info": f"{client_id}:{secret}"})


def oauth(client_id, secret):
    return SchemaRegistryClient({
        "url": url, "ssl.ca.location": ca,
        "bearer.auth.credentials.source": "OAUTHBEARER",
        "bearer.auth.client.id": client_id, "bearer.auth.client.secret": secret,
        "bearer.auth.scope": "profile", "bearer.auth.issuer.endpoint.url": token_endpoint,
        "bearer.auth.logical.cluster": "stele"})


topic = f"orders-{run}"
subject = f"{topic}-value"
developer = basic("stele-developer", "developer-secret")
reader = oauth("stele-readonly", "readonly-secret")

serializer = AvroSerializer(developer, ORDER)
payload = serializer({"id": 7, "item": "book"}, SerializationContext(topic, MessageField.VALUE))
check("a developer's serializer registers its schema with basic credentials, over HTTPS", payload[0] == 0)

schema_id = int.from_bytes(payload[1:5], "big")
check("a read-only client with its own OAuth token reads the schema by id",
      "Order" in reader.get_schema(schema_id).schema_str)
record = AvroDeserializer(reader)(payload, SerializationContext(topic, MessageField.VALUE))
check("a read-only consumer's deserializer reads the record", record == {"id": 7, "item": "book"})

refused("a read-only client may not register",
        lambda: reader.register_schema(subject, Schema(ORDER.replace("Order", "Other"), "AVRO")), 403, 40301)
refused("a client with no credentials is asked for them",
        lambda: SchemaRegistryClient({"url": url, "ssl.ca.location": ca}).get_schema(schema_id), 401, 40101)
refused("a wrong secret is refused",
        lambda: basic("stele-developer", "not-its-secret").get_subjects(), 401, 40101)
refused("a client with no role of the registry's may not read",
        lambda: oauth("stele-norole", "norole-secret").get_subjects(), 403, 40301)
print("all checks passed")
