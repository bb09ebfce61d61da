package main

import (
	"fmt"
	"os"

	"github.com/confluentinc/confluent-kafka-go/v2/schemaregistry"
	"github.com/confluentinc/confluent-kafka-go/v2/schemaregistry/serde"
	"github.com/confluentinc/confluent-kafka-go/v2/schemaregistry/serde/avrov2"
)

// authChecks runs the checks against a registry with authentication on, over HTTPS:
//
//	confluentclient auth https://127.0.0.1:8443 run42 http://idp/token /path/server.crt
//
// A developer registers with basic credentials, a read-only consumer reads with a token the client
// fetches itself, and the others are refused.
func authChecks(url, run, tokenEndpoint, ca string) {
	basic := func(id, secret string) schemaregistry.Client {
		conf := schemaregistry.NewConfigWithBasicAuthentication(url, id, secret)
		conf.SslCaLocation = ca
		return must(schemaregistry.NewClient(conf))
	}
	oauth := func(id, secret string) schemaregistry.Client {
		conf := schemaregistry.NewConfig(url)
		conf.SslCaLocation = ca
		conf.BearerAuthCredentialsSource = "OAUTHBEARER"
		conf.BearerAuthIssuerEndpointURL = tokenEndpoint
		conf.BearerAuthClientID = id
		conf.BearerAuthClientSecret = secret
		conf.BearerAuthScopes = []string{"profile"}
		conf.BearerAuthLogicalCluster = "stele"
		conf.BearerAuthIdentityPoolID = "stele"
		return must(schemaregistry.NewClient(conf))
	}
	topic := "orders-" + run
	developer := basic("stele-developer", "developer-secret")
	reader := oauth("stele-readonly", "readonly-secret")

	ser := must(avrov2.NewSerializer(developer, serde.ValueSerde, avrov2.NewSerializerConfig()))
	data := must(ser.Serialize(topic, &Order{ID: 7, Item: "book"}))
	check("a developer's serializer registers its schema with basic credentials, over HTTPS", data[0] == 0)
	deser := must(avrov2.NewDeserializer(reader, serde.ValueSerde, avrov2.NewDeserializerConfig()))
	var back Order
	err := deser.DeserializeInto(topic, data, &back)
	check("a read-only consumer with its own OAuth token reads the record", err == nil && back.Item == "book", err)

	other := schemaregistry.SchemaInfo{Schema: `{"type":"record","name":"Other","fields":[{"name":"id","type":"long"}]}`}
	_, err = reader.Register(topic+"-other", other, false)
	refused("a read-only client may not register", err, 40301)
	_, err = must(schemaregistry.NewClient(caOnly(url, ca))).GetAllSubjects()
	refused("a client with no credentials is asked for them", err, 40101)
	_, err = basic("stele-developer", "not-its-secret").GetAllSubjects()
	refused("a wrong secret is refused", err, 40101)
	_, err = oauth("stele-norole", "norole-secret").GetAllSubjects()
	refused("a client with no role of the registry's may not read", err, 40301)
	fmt.Println("all checks passed")
	os.Exit(0)
}

func caOnly(url, ca string) *schemaregistry.Config {
	conf := schemaregistry.NewConfig(url)
	conf.SslCaLocation = ca
	return conf
}
