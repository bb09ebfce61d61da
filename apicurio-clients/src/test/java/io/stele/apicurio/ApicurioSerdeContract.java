package io.stele.apicurio;

import static io.stele.storage.testkit.clients.AvroRecords.ORDER_TEXT;
import static io.stele.storage.testkit.clients.AvroRecords.PAYMENT;
import static io.stele.storage.testkit.clients.AvroRecords.binary;
import static io.stele.storage.testkit.clients.AvroRecords.order;
import static io.stele.storage.testkit.clients.AvroRecords.payment;
import static io.stele.storage.testkit.clients.AvroRecords.paymentReference;
import static io.stele.storage.testkit.clients.ProtobufRecords.field;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import com.fasterxml.jackson.databind.JsonNode;
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
import java.net.http.HttpResponse;
import java.nio.ByteBuffer;
import java.util.HashMap;
import java.util.Map;
import org.apache.avro.generic.GenericRecord;
import org.apache.kafka.common.serialization.Deserializer;
import org.apache.kafka.common.serialization.Serializer;
import org.junit.jupiter.api.Test;

/**
 * Apicurio Registry's 3.x Avro serializer and deserializer, unchanged, against the packaged
 * registry's v3 API, without a broker: records written as a Confluent or Apicurio producer writes
 * them are read by the 3.x deserializer, by contentId (its default) and by globalId, references
 * included; and the 3.x serializer finds a schema registered ahead of it, by its content (its
 * default) and as the latest version ({@code find-latest}). What the clients send is in
 * docs/apicurio-v2-v3.md.
 */
abstract class ApicurioSerdeContract extends PackagedRegistryTest {

    @Test
    void aRecordWithAContentId_isReadByTheDeserializer() {
        long contentId = registry.register(registry.newSubject("payments-value"), PAYMENT.toString(), "[]");

        GenericRecord read = deserialize(Map.of(), withId(contentId, binary(payment(1250, "EUR"))));

        assertThat(read.getSchema()).isEqualTo(PAYMENT);
        assertThat(read.get("amount")).isEqualTo(1250L);
        assertThat(read.get("currency").toString()).isEqualTo("EUR");
    }

    @Test
    void aRecordWithAGlobalId_isReadByTheDeserializer_configuredForGlobalIds() {
        String subject = registry.newSubject("payments-value");
        registry.register(subject, PAYMENT.toString(), "[]");
        long globalId = registry.globalIdOfLatest(subject);

        GenericRecord read = deserialize(
                Map.of("apicurio.registry.use-id", "globalId"), withId(globalId, binary(payment(7, "USD"))));

        assertThat(read.get("amount")).isEqualTo(7L);
        assertThat(read.get("currency").toString()).isEqualTo("USD");
    }

    @Test
    void aSchemaWithAReference_isResolvedThroughTheReferencedVersion() {
        String payments = registry.newSubject("payments");
        registry.register(payments, PAYMENT.toString(), "[]");
        long orderId = registry.register(registry.newSubject("orders-value"), ORDER_TEXT, paymentReference(payments));

        GenericRecord read = deserialize(Map.of(), withId(orderId, binary(order("o-1", payment(99, "GBP")))));

        assertThat(read.get("id").toString()).isEqualTo("o-1");
        GenericRecord payment = (GenericRecord) read.get("payment");
        assertThat(payment.get("amount")).isEqualTo(99L);
        assertThat(payment.get("currency").toString()).isEqualTo("GBP");
    }

    @Test
    void aSchemaWithAReference_isReadDereferenced_byTheDeserializerConfiguredToDereference() {
        String orders = registry.registerOrderWithItsPayment();

        // by globalId, the deserializer asks for the schema with references=DEREFERENCE and parses it alone
        GenericRecord read = deserialize(
                Map.of("apicurio.registry.use-id", "globalId", "apicurio.registry.dereference-schema", "true"),
                withId(registry.globalIdOfLatest(orders), binary(order("o-2", payment(12, "SEK")))));

        assertThat(read.get("id").toString()).isEqualTo("o-2");
        assertThat(((GenericRecord) read.get("payment")).get("currency").toString())
                .isEqualTo("SEK");
    }

    @Test
    void theSerializer_findsItsSchemaByContent_asItDoesByDefault() {
        String topic = registry.newSubject("refunds");
        long contentId = registry.register(topic + "-value", PAYMENT.toString(), "[]");

        byte[] written = serialize(Map.of(), topic, payment(-5, "JPY"));
        GenericRecord read = deserialize(Map.of(), written);

        assertThat(ByteBuffer.wrap(written, 1, 4).getInt()).isEqualTo((int) contentId);
        assertThat(read.get("amount")).isEqualTo(-5L);
        assertThat(read.get("currency").toString()).isEqualTo("JPY");
    }

    @Test
    void theSerializer_findsTheLatestVersionRegisteredAhead_andTheDeserializerReadsWhatItWrote() {
        String topic = registry.newSubject("ledger");
        long contentId = registry.register(topic + "-value", PAYMENT.toString(), "[]");

        byte[] written = serialize(Map.of("apicurio.registry.find-latest", "true"), topic, payment(42, "CHF"));
        GenericRecord read = deserialize(Map.of(), written);

        assertThat(written[0]).isZero();
        assertThat(ByteBuffer.wrap(written, 1, 4).getInt()).isEqualTo((int) contentId);
        assertThat(read.get("amount")).isEqualTo(42L);
        assertThat(read.get("currency").toString()).isEqualTo("CHF");
    }

    @Test
    void theSerializer_withAutoRegister_registersItsSchemaOnce_inTheIdsEveryApiShares() {
        String topic = registry.newSubject("invoices");
        Map<String, Object> autoRegister =
                Map.of("apicurio.registry.auto-register", "true", "apicurio.registry.use-id", "globalId");

        byte[] first = serialize(autoRegister, topic, payment(10, "EUR"));
        byte[] again = serialize(autoRegister, topic, payment(11, "EUR"));
        GenericRecord read = deserialize(Map.of("apicurio.registry.use-id", "globalId"), again);

        long globalId = registry.globalIdOfLatest(topic + "-value");
        assertThat(ByteBuffer.wrap(first, 1, 4).getInt()).isEqualTo((int) globalId);
        assertThat(ByteBuffer.wrap(again, 1, 4).getInt())
                .as("a second producer finds the version the first registered")
                .isEqualTo((int) globalId);
        assertThat(read.get("amount")).isEqualTo(11L);
        assertThat(registry.register(topic + "-value", PAYMENT.toString(), "[]"))
                .as("the Confluent API sees the same schema under the same subject")
                .isPositive();
        assertThat(registry.globalIdOfLatest(topic + "-value")).isEqualTo(globalId);
    }

    @Test
    void theSerializer_withAutoRegister_byContentId_writesTheIdTheDeserializerReads() {
        String topic = registry.newSubject("shipments");

        byte[] written = serialize(Map.of("apicurio.registry.auto-register", "true"), topic, payment(3, "SEK"));
        GenericRecord read = deserialize(Map.of(), written);

        assertThat(ByteBuffer.wrap(written, 1, 4).getInt())
                .as("the contentId, which is the Confluent schema id of the same schema")
                .isEqualTo((int) registry.register(topic + "-value", PAYMENT.toString(), "[]"));
        assertThat(read.get("currency").toString()).isEqualTo("SEK");
    }

    @Test
    void protobuf_theSerializerWithAutoRegister_registersTheSchemaAndItsImport_andTheDeserializerReadsIt() {
        String topic = registry.newSubject("shipments");

        byte[] written = serialize(
                new ProtobufKafkaSerializer<>(),
                Map.of("apicurio.registry.auto-register", "true"),
                topic,
                ProtobufRecords.shipment("s-1", ProtobufRecords.money("EUR", 1250)));
        byte[] again = serialize(
                new ProtobufKafkaSerializer<>(),
                Map.of("apicurio.registry.auto-register", "true"),
                topic,
                ProtobufRecords.shipment("s-2", ProtobufRecords.money("USD", 5)));
        DynamicMessage read = deserialize(new ProtobufKafkaDeserializer<DynamicMessage>(), Map.of(), topic, written);

        assertThat(ByteBuffer.wrap(again, 1, 4).getInt())
                .as("a second producer finds the version the first registered")
                .isEqualTo(ByteBuffer.wrap(written, 1, 4).getInt());
        assertThat(field(read, "id")).isEqualTo("s-1");
        DynamicMessage cost = (DynamicMessage) field(read, "cost");
        assertThat(field(cost, "currency")).isEqualTo("EUR");
        assertThat(field(cost, "cents")).isEqualTo(1250L);
        HttpResponse<String> references = registry.process()
                .send(
                        "GET",
                        "/apis/registry/v3/groups/default/artifacts/" + topic
                                + "-value/versions/branch=latest/references",
                        null);
        assertThat(references.body())
                .as("the import is a version of its own, which the schema references")
                .contains("\"name\":\"stele/money.proto\"");
    }

    @Test
    void jsonSchema_theSerializerWithAutoRegister_registersTheSchemaAtItsLocation_andValidatesAgainstIt() {
        String topic = registry.newSubject("invoices-json");
        Map<String, Object> autoRegister = Map.of(
                "apicurio.registry.auto-register", "true",
                "apicurio.registry.artifact.schema.location", JsonSchemas.INVOICE_LOCATION,
                "apicurio.registry.serde.validation-enabled", "true");

        byte[] written =
                serialize(new JsonSchemaKafkaSerializer<>(), autoRegister, topic, Map.of("id", "i-1", "cents", 99));
        Object read = deserialize(
                new JsonSchemaKafkaDeserializer<>(),
                Map.of("apicurio.registry.serde.validation-enabled", "true"),
                topic,
                written);

        assertThat(read).isInstanceOfSatisfying(JsonNode.class, node -> {
            assertThat(node.get("id").asText()).isEqualTo("i-1");
            assertThat(node.get("cents").asInt()).isEqualTo(99);
        });
        assertThat(ByteBuffer.wrap(written, 1, 4).getInt())
                .as("the contentId, which is the Confluent schema id of the same schema")
                .isEqualTo((int) registry.register(topic + "-value", JsonSchemas.invoice(), "[]", "JSON"));
        assertThatThrownBy(() -> serialize(
                        new JsonSchemaKafkaSerializer<>(), autoRegister, topic, Map.of("id", "i-2", "cents", -1)))
                .as("the registered schema refuses a record that breaks it")
                .hasMessageContaining("cents");
    }

    private <T> byte[] serialize(Serializer<T> serializer, Map<String, Object> settings, String topic, T record) {
        try (serializer) {
            serializer.configure(clientSettings(settings), false);
            return serializer.serialize(topic, record);
        }
    }

    private <T> T deserialize(Deserializer<T> deserializer, Map<String, Object> settings, String topic, byte[] record) {
        try (deserializer) {
            deserializer.configure(clientSettings(settings), false);
            return deserializer.deserialize(topic, record);
        }
    }

    private Map<String, Object> clientSettings(Map<String, Object> more) {
        Map<String, Object> settings = new HashMap<>(more);
        settings.put("apicurio.registry.url", registry.process().baseUri() + "/apis/registry/v3");
        return settings;
    }

    private byte[] serialize(Map<String, Object> settings, String topic, GenericRecord record) {
        try (AvroKafkaSerializer<GenericRecord> serializer = new AvroKafkaSerializer<>()) {
            serializer.configure(clientSettings(settings), false);
            return serializer.serialize(topic, record);
        }
    }

    private GenericRecord deserialize(Map<String, Object> settings, byte[] record) {
        try (AvroKafkaDeserializer<GenericRecord> deserializer = new AvroKafkaDeserializer<>()) {
            deserializer.configure(clientSettings(settings), false);
            return deserializer.deserialize("any-topic", record);
        }
    }

    /** A record as Apicurio 3.x writes it by default: a zero byte, a 4-byte id, then the Avro binary. */
    private static byte[] withId(long id, byte[] avro) {
        return ByteBuffer.allocate(5 + avro.length)
                .put((byte) 0)
                .putInt((int) id)
                .put(avro)
                .array();
    }
}
