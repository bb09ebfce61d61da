package io.stele.apicurio;

import static org.assertj.core.api.Assertions.assertThat;

import io.apicurio.registry.serde.avro.AvroKafkaDeserializer;
import io.apicurio.registry.serde.avro.AvroKafkaSerializer;
import io.stele.storage.testkit.backends.Backend;
import io.stele.testservers.RegistryProcess;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.net.http.HttpResponse;
import java.nio.ByteBuffer;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayDeque;
import java.util.Deque;
import java.util.HashMap;
import java.util.Map;
import java.util.concurrent.atomic.AtomicInteger;
import org.apache.avro.Schema;
import org.apache.avro.generic.GenericData;
import org.apache.avro.generic.GenericDatumWriter;
import org.apache.avro.generic.GenericRecord;
import org.apache.avro.io.BinaryEncoder;
import org.apache.avro.io.EncoderFactory;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestInstance;

/**
 * Apicurio Registry's 3.x Avro serializer and deserializer, unchanged, against the packaged
 * registry's v3 API, without a broker: records written as a Confluent or Apicurio producer writes
 * them are read by the 3.x deserializer, by contentId (its default) and by globalId, references
 * included; and the 3.x serializer finds a schema registered ahead of it, by its content (its
 * default) and as the latest version ({@code find-latest}).
 * What the clients send is in docs/apicurio-v2-v3.md.
 *
 * <p>Each backend's test is a subclass that says which storage the registry runs on.
 */
@TestInstance(TestInstance.Lifecycle.PER_CLASS)
abstract class ApicurioSerdeContract {

    private static final String CONFLUENT_JSON = "application/vnd.schemaregistry.v1+json";
    private static final Schema PAYMENT = new Schema.Parser()
            .parse("{\"type\":\"record\",\"name\":\"Payment\",\"namespace\":\"shop\",\"fields\":"
                    + "[{\"name\":\"amount\",\"type\":\"long\"},{\"name\":\"currency\",\"type\":\"string\"}]}");

    private final Deque<AutoCloseable> cleanup = new ArrayDeque<>();
    private final String run = Long.toString(System.nanoTime(), 36);
    private final AtomicInteger sequence = new AtomicInteger();
    private RegistryProcess registry;

    /** The {@code stele.storage.kind} the registry under test runs on, started through {@link Backend}. */
    protected abstract String kind();

    @BeforeAll
    void startRegistry() throws Exception {
        Files.createDirectories(Path.of("target"));
        Path workDir = Files.createTempDirectory(
                Path.of("target").toAbsolutePath(), getClass().getSimpleName() + "-");
        Backend backend = Backend.start(kind(), workDir, Map.of());
        cleanup.push(backend);
        registry = new RegistryProcess(
                new HashMap<>(backend.newStore().replica("clients")), workDir.resolve("registry.log"));
        cleanup.push(registry);
        registry.start();
    }

    @AfterAll
    void stopRegistry() throws Exception {
        while (!cleanup.isEmpty()) {
            cleanup.pop().close();
        }
    }

    private String newSubject(String name) {
        return name + "-" + run + "-" + sequence.incrementAndGet();
    }

    private Map<String, Object> clientSettings(Map<String, Object> more) {
        Map<String, Object> settings = new HashMap<>(more);
        settings.put("apicurio.registry.url", registry.baseUri() + "/apis/registry/v3");
        return settings;
    }

    @Test
    void aRecordWithAContentId_isReadByTheDeserializer() {
        String subject = newSubject("payments-value");
        long contentId = register(subject, PAYMENT.toString(), "[]");

        GenericRecord read = deserialize(Map.of(), withId(contentId, payment(1250, "EUR")));

        assertThat(read.getSchema()).isEqualTo(PAYMENT);
        assertThat(read.get("amount")).isEqualTo(1250L);
        assertThat(read.get("currency").toString()).isEqualTo("EUR");
    }

    @Test
    void aRecordWithAGlobalId_isReadByTheDeserializer_configuredForGlobalIds() {
        String subject = newSubject("payments-value");
        register(subject, PAYMENT.toString(), "[]");
        long globalId = globalIdOfLatest(subject);

        GenericRecord read =
                deserialize(Map.of("apicurio.registry.use-id", "globalId"), withId(globalId, payment(7, "USD")));

        assertThat(read.get("amount")).isEqualTo(7L);
        assertThat(read.get("currency").toString()).isEqualTo("USD");
    }

    @Test
    void aSchemaWithAReference_isResolvedThroughTheReferencedVersion() {
        String payments = newSubject("payments");
        register(payments, PAYMENT.toString(), "[]");
        String orderText = "{\"type\":\"record\",\"name\":\"Order\",\"namespace\":\"shop\",\"fields\":"
                + "[{\"name\":\"id\",\"type\":\"string\"},{\"name\":\"payment\",\"type\":\"shop.Payment\"}]}";
        long orderId = register(
                newSubject("orders-value"),
                orderText,
                "[{\"name\":\"shop.Payment\",\"subject\":\"" + payments + "\",\"version\":1}]");
        Schema.Parser producers = new Schema.Parser(); // as a producer holds it: the reference parsed first
        producers.parse(PAYMENT.toString());
        Schema orderSchema = producers.parse(orderText);
        GenericRecord written = new GenericData.Record(orderSchema);
        written.put("id", "o-1");
        written.put("payment", payment(99, "GBP"));

        GenericRecord read = deserialize(Map.of(), withId(orderId, avro(orderSchema, written)));

        assertThat(read.get("id").toString()).isEqualTo("o-1");
        GenericRecord payment = (GenericRecord) read.get("payment");
        assertThat(payment.get("amount")).isEqualTo(99L);
        assertThat(payment.get("currency").toString()).isEqualTo("GBP");
    }

    @Test
    void theSerializer_findsTheLatestVersionRegisteredAhead_andTheDeserializerReadsWhatItWrote() {
        String topic = newSubject("ledger");
        long contentId = register(topic + "-value", PAYMENT.toString(), "[]");
        Map<String, Object> settings = clientSettings(Map.of("apicurio.registry.find-latest", "true"));

        byte[] written;
        try (AvroKafkaSerializer<GenericRecord> serializer = new AvroKafkaSerializer<>()) {
            serializer.configure(settings, false);
            written = serializer.serialize(topic, payment(42, "CHF"));
        }
        GenericRecord read = deserialize(Map.of(), written);

        assertThat(written[0]).isZero();
        assertThat(ByteBuffer.wrap(written, 1, 4).getInt()).isEqualTo((int) contentId);
        assertThat(read.get("amount")).isEqualTo(42L);
        assertThat(read.get("currency").toString()).isEqualTo("CHF");
    }

    @Test
    void theSerializer_findsItsSchemaByContent_asItDoesByDefault() {
        String topic = newSubject("refunds");
        long contentId = register(topic + "-value", PAYMENT.toString(), "[]");

        byte[] written;
        try (AvroKafkaSerializer<GenericRecord> serializer = new AvroKafkaSerializer<>()) {
            serializer.configure(clientSettings(Map.of()), false);
            written = serializer.serialize(topic, payment(-5, "JPY"));
        }
        GenericRecord read = deserialize(Map.of(), written);

        assertThat(ByteBuffer.wrap(written, 1, 4).getInt()).isEqualTo((int) contentId);
        assertThat(read.get("amount")).isEqualTo(-5L);
        assertThat(read.get("currency").toString()).isEqualTo("JPY");
    }

    private GenericRecord deserialize(Map<String, Object> settings, byte[] record) {
        try (AvroKafkaDeserializer<GenericRecord> deserializer = new AvroKafkaDeserializer<>()) {
            deserializer.configure(clientSettings(settings), false);
            return deserializer.deserialize("any-topic", record);
        }
    }

    /** Registers a schema through the Confluent API, as a Confluent producer would: its schema id, a contentId. */
    private long register(String subject, String schema, String references) {
        String body = "{\"schema\":" + quoted(schema) + ",\"references\":" + references + "}";
        HttpResponse<String> answer =
                registry.send("POST", "/subjects/" + subject + "/versions", body, "Content-Type", CONFLUENT_JSON);
        assertThat(answer.statusCode()).as(answer.body()).isEqualTo(200);
        return Long.parseLong(answer.body().replaceAll("\\D+", ""));
    }

    private long globalIdOfLatest(String artifactId) {
        HttpResponse<String> answer = registry.send(
                "GET", "/apis/registry/v3/groups/default/artifacts/" + artifactId + "/versions/branch=latest", null);
        assertThat(answer.statusCode()).as(answer.body()).isEqualTo(200);
        return Long.parseLong(answer.body().replaceAll(".*\"globalId\":(\\d+).*", "$1"));
    }

    private static String quoted(String text) {
        return "\"" + text.replace("\\", "\\\\").replace("\"", "\\\"") + "\"";
    }

    private static GenericRecord payment(long amount, String currency) {
        GenericRecord payment = new GenericData.Record(PAYMENT);
        payment.put("amount", amount);
        payment.put("currency", currency);
        return payment;
    }

    /** A record as Apicurio 3.x writes it by default: a zero byte, a 4-byte id, then the Avro binary. */
    private static byte[] withId(long id, byte[] avro) {
        return ByteBuffer.allocate(5 + avro.length)
                .put((byte) 0)
                .putInt((int) id)
                .put(avro)
                .array();
    }

    private static byte[] withId(long id, GenericRecord record) {
        return withId(id, avro(record.getSchema(), record));
    }

    private static byte[] avro(Schema schema, GenericRecord record) {
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        BinaryEncoder encoder = EncoderFactory.get().binaryEncoder(out, null);
        try {
            new GenericDatumWriter<GenericRecord>(schema).write(record, encoder);
            encoder.flush();
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
        return out.toByteArray();
    }
}
