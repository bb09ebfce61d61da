package io.stele.perf.data;

import java.util.SplittableRandom;

/**
 * Avro record schemas like those Kafka teams register, the same for the same seed: artifact
 * {@code i} is a record of two or three fields, and each version adds one optional field with a
 * default, a compatible evolution of the one before. Schemas are compact JSON of about 345 bytes on
 * average over ten versions. The generator also gives each schema's Parsing Canonical Form, as the
 * registry computes it, without parsing it.
 */
public final class SchemaGenerator {

    private static final String[] TYPES = {"int", "long", "string", "boolean", "double", "bytes"};
    private static final String[] WORDS = {
        "order",
        "customer",
        "amount",
        "status",
        "region",
        "created",
        "updated",
        "currency",
        "channel",
        "device",
        "session",
        "account",
        "payment",
        "shipment",
        "item",
        "price",
        "quantity",
        "country",
        "email",
        "score"
    };
    private static final String[] ADDED = {"string", "long", "int", "double", "boolean"};
    private static final String[] DEFAULTS = {"\"\"", "0", "0", "0.0", "false"};

    private final long seed;

    public SchemaGenerator(long seed) {
        this.seed = seed;
    }

    /** One version of one artifact, as stored, and its canonical form. */
    public record Schema(String text, String canonical) {}

    /** The artifact id of artifact {@code i}. */
    public static String artifactId(long i) {
        return "perf-" + i;
    }

    /**
     * Version {@code version} (1-based) of artifact {@code i}.
     */
    public Schema schema(long i, int version) {
        SplittableRandom random = new SplittableRandom(seed * 0x9E3779B97F4A7C15L + i);
        String namespace = "com.example." + WORDS[random.nextInt(WORDS.length)];
        String name = Character.toUpperCase(WORDS[random.nextInt(WORDS.length)].charAt(0))
                + WORDS[random.nextInt(WORDS.length)].substring(1) + "Event" + i;
        int baseFields = 2 + random.nextInt(2);
        StringBuilder text = new StringBuilder(400)
                .append("{\"type\":\"record\",\"name\":\"")
                .append(name)
                .append("\",\"namespace\":\"")
                .append(namespace)
                .append("\",\"fields\":[");
        StringBuilder canonical = new StringBuilder(300)
                .append("{\"name\":\"")
                .append(namespace)
                .append('.')
                .append(name)
                .append("\",\"type\":\"record\",\"fields\":[");
        for (int f = 0; f < baseFields; f++) {
            String field = WORDS[random.nextInt(WORDS.length)] + f;
            String type = TYPES[random.nextInt(TYPES.length)];
            appendField(text, canonical, f, field, type, null);
        }
        for (int v = 2; v <= version; v++) {
            int kind = random.nextInt(ADDED.length);
            appendField(text, canonical, baseFields + v - 2, "x" + v, ADDED[kind], DEFAULTS[kind]);
        }
        return new Schema(text.append("]}").toString(), canonical.append("]}").toString());
    }

    private static void appendField(
            StringBuilder text, StringBuilder canonical, int index, String name, String type, String defaultValue) {
        if (index > 0) {
            text.append(',');
            canonical.append(',');
        }
        text.append("{\"name\":\"")
                .append(name)
                .append("\",\"type\":\"")
                .append(type)
                .append('"');
        if (defaultValue != null) {
            text.append(",\"default\":").append(defaultValue);
        }
        text.append('}');
        canonical
                .append("{\"name\":\"")
                .append(name)
                .append("\",\"type\":\"")
                .append(type)
                .append("\"}");
    }
}
