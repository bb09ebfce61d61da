package io.stele.compat;

import static io.stele.compat.ClientAssertions.present;
import static io.stele.compat.Schemas.ORDER_V1;
import static io.stele.compat.Schemas.ORDER_V1_REFORMATTED;
import static io.stele.compat.Schemas.ORDER_V2;
import static io.stele.compat.Schemas.ORDER_V3;
import static io.stele.compat.Schemas.stream;
import static org.assertj.core.api.Assertions.assertThat;

import io.apicurio.registry.rest.beans.ArtifactMetaData;
import io.apicurio.registry.types.ArtifactType;
import io.apicurio.registry.utils.serde.AbstractKafkaSerDe;
import io.apicurio.registry.utils.serde.AbstractKafkaStrategyAwareSerDe;
import io.apicurio.registry.utils.serde.AvroKafkaDeserializer;
import io.apicurio.registry.utils.serde.AvroKafkaSerializer;
import io.apicurio.registry.utils.serde.strategy.CachedSchemaIdStrategy;
import io.apicurio.registry.utils.serde.strategy.GetOrCreateIdStrategy;
import java.nio.ByteBuffer;
import java.util.HashMap;
import java.util.Map;
import org.apache.avro.Schema;
import org.apache.avro.generic.GenericData;
import org.apache.avro.generic.GenericRecord;
import org.junit.jupiter.api.Test;

/**
 * Apicurio's 1.3.2 Avro serializer and deserializer, called directly (no broker): the message
 * layout is a 0 byte, the globalId as 8 big-endian bytes, then the Avro binary data. Part of
 * {@link ApicurioClientContract}.
 */
interface AvroSerdeContract extends RegistryUnderTest {

    @Test
    default void avroSerde_withGetOrCreate_registersTheSchemaOnce_andReadsTheRecordBack() {
        String topic = newId("orders");
        GenericRecord record = order(ORDER_V2, 42L);
        byte[] message;
        try (AvroKafkaSerializer<GenericRecord> serializer = serializer(GetOrCreateIdStrategy.class)) {
            message = serializer.serialize(topic, record);
        }
        ArtifactMetaData registered = present(client().getArtifactMetaData(topic + "-value"));
        assertThat(registered.getType()).isEqualTo(ArtifactType.AVRO);
        assertThat(message[0]).as("magic byte").isZero();
        assertThat(globalIdIn(message)).isEqualTo(registered.getGlobalId());

        try (AvroKafkaDeserializer<GenericRecord> deserializer = deserializer()) {
            assertThat(deserializer.deserialize(topic, message)).isEqualTo(record);
        }
        try (AvroKafkaSerializer<GenericRecord> second = serializer(GetOrCreateIdStrategy.class)) {
            assertThat(globalIdIn(second.serialize(topic, order(ORDER_V2, 7L)))).isEqualTo(registered.getGlobalId());
        }
        assertThat(client().listArtifactVersions(topic + "-value")).containsExactly(1L);
    }

    @Test
    default void avroSerde_withCachedSchema_findsItsSchemaByContent_andRegistersOnlyNewOnes() {
        String topic = newId("payments");
        long first;
        try (AvroKafkaSerializer<GenericRecord> serializer = serializer(CachedSchemaIdStrategy.class)) {
            first = globalIdIn(serializer.serialize(topic, order(ORDER_V2, 1L)));
        }
        try (AvroKafkaSerializer<GenericRecord> second = serializer(CachedSchemaIdStrategy.class)) {
            assertThat(globalIdIn(second.serialize(topic, order(ORDER_V2, 2L)))).isEqualTo(first);
            byte[] evolved = second.serialize(topic, order(ORDER_V3, 3L));
            assertThat(globalIdIn(evolved)).isNotEqualTo(first);
            try (AvroKafkaDeserializer<GenericRecord> deserializer = deserializer()) {
                assertThat(deserializer.deserialize(topic, evolved)).isEqualTo(order(ORDER_V3, 3L));
            }
        }
        assertThat(client().listArtifactVersions(topic + "-value")).containsExactly(1L, 2L);
    }

    @Test
    default void avroSerializer_findsASchemaThatWasRegisteredReformatted() {
        String topic = newId("shipments");
        long registered = present(client().createArtifact(
                                topic + "-value", ArtifactType.AVRO, null, stream(ORDER_V1_REFORMATTED)))
                .getGlobalId();
        try (AvroKafkaSerializer<GenericRecord> serializer = serializer(null)) {
            assertThat(globalIdIn(serializer.serialize(topic, order(ORDER_V1, 5L))))
                    .isEqualTo(registered);
        }
    }

    /** A serializer as a Kafka producer would configure it; no strategy means the default lookup. */
    private AvroKafkaSerializer<GenericRecord> serializer(Class<?> globalIdStrategy) {
        Map<String, Object> config = new HashMap<>();
        config.put(AbstractKafkaSerDe.REGISTRY_URL_CONFIG_PARAM, apiUrl());
        config.putAll(clientSettings());
        if (globalIdStrategy != null) {
            config.put(
                    AbstractKafkaStrategyAwareSerDe.REGISTRY_GLOBAL_ID_STRATEGY_CONFIG_PARAM,
                    globalIdStrategy.getName());
        }
        AvroKafkaSerializer<GenericRecord> serializer = new AvroKafkaSerializer<>();
        serializer.configure(config, false);
        return serializer;
    }

    private AvroKafkaDeserializer<GenericRecord> deserializer() {
        AvroKafkaDeserializer<GenericRecord> deserializer = new AvroKafkaDeserializer<>();
        Map<String, Object> config = new HashMap<>(clientSettings());
        config.put(AbstractKafkaSerDe.REGISTRY_URL_CONFIG_PARAM, apiUrl());
        deserializer.configure(config, false);
        return deserializer;
    }

    private static GenericRecord order(String schema, long id) {
        GenericData.Record record = new GenericData.Record(new Schema.Parser().parse(schema));
        for (Schema.Field field : record.getSchema().getFields()) {
            record.put(field.name(), field.hasDefaultValue() ? GenericData.get().getDefaultValue(field) : id);
        }
        return record;
    }

    private static long globalIdIn(byte[] message) {
        return ByteBuffer.wrap(message, 1, 8).getLong();
    }
}
