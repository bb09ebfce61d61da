package io.stele.compat;

import java.io.ByteArrayInputStream;
import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;

/** The Avro schemas the suite registers, each a step in one record's evolution. */
final class Schemas {

    /** {@code Order} with one field. */
    static final String ORDER_V1 =
            """
            {"type":"record","name":"Order","namespace":"io.stele.compat","fields":[{"name":"id","type":"long"}]}""";

    /** {@link #ORDER_V1} re-indented with its keys in another order: the same schema, canonically. */
    static final String ORDER_V1_REFORMATTED =
            """
            {
                "fields" : [ { "type" : "long", "name" : "id" } ],
                "namespace" : "io.stele.compat",
                "name" : "Order",
                "type" : "record"
            }
            """;

    /** Adds a field with a default: a reader of this schema can read {@link #ORDER_V1} data. */
    static final String ORDER_V2 =
            """
            {"type":"record","name":"Order","namespace":"io.stele.compat","fields":[{"name":"id","type":"long"},\
            {"name":"note","type":"string","default":""}]}""";

    /** Adds a field without a default: a reader of this schema cannot read {@link #ORDER_V1} data. */
    static final String ORDER_V2_INCOMPATIBLE =
            """
            {"type":"record","name":"Order","namespace":"io.stele.compat","fields":[{"name":"id","type":"long"},\
            {"name":"email","type":"string"}]}""";

    /** Adds two fields with defaults, compatible with every schema above. */
    static final String ORDER_V3 =
            """
            {"type":"record","name":"Order","namespace":"io.stele.compat","fields":[{"name":"id","type":"long"},\
            {"name":"note","type":"string","default":""},{"name":"total","type":"double","default":0.0}]}""";

    private Schemas() {}

    static InputStream stream(String content) {
        return new ByteArrayInputStream(content.getBytes(StandardCharsets.UTF_8));
    }

    /** Reads what a client method returned as a stream; fails if the client returned null. */
    static String text(InputStream content) {
        if (content == null) {
            throw new AssertionError("the client returned no content; see its SEVERE log line for why");
        }
        try (content) {
            return new String(content.readAllBytes(), StandardCharsets.UTF_8);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }
}
