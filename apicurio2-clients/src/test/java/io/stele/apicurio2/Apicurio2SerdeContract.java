package io.stele.apicurio2;

import static io.stele.storage.testkit.clients.AvroRecords.PAYMENT;
import static io.stele.storage.testkit.clients.AvroRecords.binary;
import static io.stele.storage.testkit.clients.AvroRecords.order;
import static io.stele.storage.testkit.clients.AvroRecords.payment;
import static io.stele.storage.testkit.clients.ProtobufRecords.field;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import com.google.protobuf.DynamicMessage;
import io.apicurio.registry.serde.avro.AvroKafkaDeserializer;
import io.apicurio.registry.serde.avro.AvroKafkaSerializer;
import io.apicurio.registry.serde.jsonschema.JsonSchemaKafkaDeserializer;
import io.apicurio.registry.serde.jsonschema.JsonSchemaKafkaSerializer;
import io.apicurio.registry.serde.protobuf.ProtobufKafkaDeserializer;
import io.apicurio.registry.serde.protobuf.ProtobufKafkaSerializer;
import io.stele.storage.testkit.backends.PackagedRegistryTest;
import io.stele.storage.testkit.clients.JsonSchemas;
import io.stele.storage.testkit.clients.ProtobufRecords;
import java.nio.ByteBuffer;
import java.util.HashMap;
import java.util.Map;
import org.apache.avro.generic.GenericRecord;
import org.apache.kafka.common.header.internals.RecordHeaders;
import org.apache.kafka.common.serialization.Deserializer;
import org.apache.kafka.common.serialization.Serializer;
import org.junit.jupiter.api.Test;

/**
 * Apicurio Registry's 2.6 Avro deserializer, unchanged, against the packaged registry's v2 API,
 * without a broker: records as Apicurio 2.x producers write them by default (the globalId in the
 * record's headers) and with the id in the payload are read, references included. What the clients
 * send is in docs/apicurio-v2-v3.md.
 */
abstract class Apicurio2SerdeContract extends PackagedRegistryTest {

    @Test
    void aRecordWithItsGlobalIdInItsHeaders_isReadByTheDeserializer() {
        String subject = registry.newSubject("payments-value");
        registry.register(subject, PAYMENT.toString(), "[]");

        GenericRecord read =
                deserialize(globalIdHeader(registry.globalIdOfLatest(subject)), binary(payment(1250, "EUR")));

        assertThat(read.get("amount")).isEqualTo(1250L);
        assertThat(read.get("currency").toString()).isEqualTo("EUR");
    }

    @Test
    void aRecordWithItsGlobalIdInItsPayload_isReadByTheDeserializer() {
        String subject = registry.newSubject("payments-value");
        registry.register(subject, PAYMENT.toString(), "[]");
        byte[] avro = binary(payment(7, "USD"));
        byte[] record = ByteBuffer.allocate(9 + avro.length)
                .put((byte) 0)
                .putLong(registry.globalIdOfLatest(subject))
                .put(avro)
                .array();

        GenericRecord read = deserialize(new RecordHeaders(), record);

        assertThat(read.get("amount")).isEqualTo(7L);
        assertThat(read.get("currency").toString()).isEqualTo("USD");
    }

    @Test
    void aSchemaWithAReference_isResolvedThroughTheReferencedVersion() {
        String orders = registry.registerOrderWithItsPayment();

        GenericRecord read = deserialize(
                globalIdHeader(registry.globalIdOfLatest(orders)), binary(order("o-1", payment(99, "GBP"))));

        assertThat(read.get("id").toString()).isEqualTo("o-1");
        assertThat(((GenericRecord) read.get("payment")).get("currency").toString())
                .isEqualTo("GBP");
    }

    @Test
    void aSchemaWithAReference_isReadDereferenced_byTheDeserializerConfiguredToDereference() {
        String orders = registry.registerOrderWithItsPayment();

        // the deserializer asks for the schema with ?dereference=true and parses it without references
        GenericRecord read = deserialize(
                new AvroKafkaDeserializer<>(),
                Map.of("apicurio.registry.deserializer.dereference-schema", "true"),
                globalIdHeader(registry.globalIdOfLatest(orders)),
                binary(order("o-2", payment(12, "SEK"))));

        assertThat(read.get("id").toString()).isEqualTo("o-2");
        assertThat(((GenericRecord) read.get("payment")).get("currency").toString())
                .isEqualTo("SEK");
    }

    @Test
    void theSerializer_withAutoRegister_registersOnce_andWritesTheGlobalIdInTheHeaders() {
        String topic = registry.newSubject("invoices");
        Map<String, Object> autoRegister = Map.of("apicurio.registry.auto-register", "true");

        RecordHeaders firstHeaders = new RecordHeaders();
        serialize(autoRegister, topic, firstHeaders, payment(10, "EUR"));
        RecordHeaders headers = new RecordHeaders();
        byte[] written = serialize(autoRegister, topic, headers, payment(11, "EUR"));
        GenericRecord read = deserialize(headers, written);

        long globalId = registry.globalIdOfLatest(topic + "-value");
        assertThat(globalIdIn(firstHeaders)).isEqualTo(globalId);
        assertThat(globalIdIn(headers))
                .as("a second producer finds the version the first registered")
                .isEqualTo(globalId);
        assertThat(read.get("amount")).isEqualTo(11L);
    }

    @Test
    void theSerializer_findsASchemaRegisteredAhead_byContent_andAsTheLatest() {
        String topic = registry.newSubject("ledger");
        registry.register(topic + "-value", PAYMENT.toString(), "[]");
        long globalId = registry.globalIdOfLatest(topic + "-value");

        RecordHeaders byContent = new RecordHeaders();
        serialize(Map.of(), topic, byContent, payment(1, "CHF"));
        RecordHeaders latest = new RecordHeaders();
        byte[] written = serialize(Map.of("apicurio.registry.find-latest", "true"), topic, latest, payment(2, "CHF"));

        assertThat(globalIdIn(byContent)).isEqualTo(globalId);
        assertThat(globalIdIn(latest)).isEqualTo(globalId);
        assertThat(deserialize(latest, written).get("amount")).isEqualTo(2L);
    }

    /**
     * With the ids in the payload ({@code apicurio.registry.headers.enabled=false}): in headers mode
     * the 2.x serializer also writes the message's Java class, which for a message built at run time
     * is {@code DynamicMessage}, and the 2.x deserializer cannot parse by that class, whatever the
     * registry.
     */
    @Test
    void protobuf_theSerializerWithAutoRegister_registersTheSchemaAndItsImport_andTheDeserializerReadsIt() {
        String topic = registry.newSubject("shipments");
        Map<String, Object> autoRegister =
                Map.of("apicurio.registry.auto-register", "true", "apicurio.registry.headers.enabled", "false");

        RecordHeaders headers = new RecordHeaders();
        byte[] written = serialize(
                new ProtobufKafkaSerializer<>(),
                autoRegister,
                topic,
                headers,
                ProtobufRecords.shipment("s-1", ProtobufRecords.money("EUR", 1250)));
        DynamicMessage read = deserialize(new ProtobufKafkaDeserializer<DynamicMessage>(), Map.of(), headers, written);

        assertThat(written[0]).isZero();
        assertThat(ByteBuffer.wrap(written, 1, 8).getLong())
                .as("the globalId, in the payload")
                .isEqualTo(registry.globalIdOfLatest(topic + "-value"));
        assertThat(field(read, "id")).isEqualTo("s-1");
        DynamicMessage cost = (DynamicMessage) field(read, "cost");
        assertThat(field(cost, "currency")).isEqualTo("EUR");
        assertThat(field(cost, "cents")).isEqualTo(1250L);
    }

    @Test
    void jsonSchema_theSerializerWithAutoRegister_registersTheSchemaAtItsLocation_andValidatesAgainstIt() {
        String topic = registry.newSubject("invoices-json");
        Map<String, Object> autoRegister = Map.of(
                "apicurio.registry.auto-register", "true",
                "apicurio.registry.artifact.schema.location", JsonSchemas.INVOICE_LOCATION,
                "apicurio.registry.serde.validation-enabled", "true");

        RecordHeaders headers = new RecordHeaders();
        byte[] written = serialize(
                new JsonSchemaKafkaSerializer<>(), autoRegister, topic, headers, Map.of("id", "i-1", "cents", 99));
        Object read = deserialize(
                new JsonSchemaKafkaDeserializer<>(),
                Map.of("apicurio.registry.serde.validation-enabled", "true"),
                headers,
                written);

        assertThat(globalIdIn(headers)).isEqualTo(registry.globalIdOfLatest(topic + "-value"));
        assertThat(read)
                .as("the 2.x deserializer reads an object as a Map")
                .isEqualTo(Map.of("id", "i-1", "cents", 99));
        assertThatThrownBy(() -> serialize(
                        new JsonSchemaKafkaSerializer<>(),
                        autoRegister,
                        topic,
                        new RecordHeaders(),
                        Map.of("id", "i-2", "cents", -1)))
                .as("the registered schema refuses a record that breaks it")
                .hasMessageContaining("cents");
    }

    private static long globalIdIn(RecordHeaders headers) {
        return ByteBuffer.wrap(headers.lastHeader("apicurio.value.globalId").value())
                .getLong();
    }

    private byte[] serialize(Map<String, Object> settings, String topic, RecordHeaders headers, GenericRecord record) {
        return serialize(new AvroKafkaSerializer<>(), settings, topic, headers, record);
    }

    private <T> byte[] serialize(
            Serializer<T> serializer, Map<String, Object> settings, String topic, RecordHeaders headers, T record) {
        Map<String, Object> all = new HashMap<>(settings);
        all.put("apicurio.registry.url", registry.process().baseUri() + "/apis/registry/v2");
        try (serializer) {
            serializer.configure(all, false);
            return serializer.serialize(topic, headers, record);
        }
    }

    /** The header Apicurio 2.x producers write a record's globalId in by default: 8 bytes. */
    private static RecordHeaders globalIdHeader(long globalId) {
        RecordHeaders headers = new RecordHeaders();
        headers.add(
                "apicurio.value.globalId",
                ByteBuffer.allocate(8).putLong(globalId).array());
        return headers;
    }

    private GenericRecord deserialize(RecordHeaders headers, byte[] record) {
        return deserialize(new AvroKafkaDeserializer<>(), Map.of(), headers, record);
    }

    private <T> T deserialize(
            Deserializer<T> deserializer, Map<String, Object> settings, RecordHeaders headers, byte[] record) {
        Map<String, Object> all = new HashMap<>(settings);
        all.put("apicurio.registry.url", registry.process().baseUri() + "/apis/registry/v2");
        try (deserializer) {
            deserializer.configure(all, false);
            return deserializer.deserialize("any-topic", headers, record);
        }
    }
}
