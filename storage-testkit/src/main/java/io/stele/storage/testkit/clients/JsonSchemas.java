package io.stele.storage.testkit.clients;

import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;

/**
 * The JSON Schema the serde tests register: an invoice, kept as a classpath resource, which is how
 * Apicurio's JSON Schema serializers find the schema they register
 * ({@code apicurio.registry.artifact.schema.location}).
 */
public final class JsonSchemas {

    /** Where the invoice schema lies on the classpath. */
    public static final String INVOICE_LOCATION = "stele-clients/invoice.json";

    private JsonSchemas() {}

    /** The invoice schema's text, as the serializers read it. */
    public static String invoice() {
        try (InputStream in = JsonSchemas.class.getClassLoader().getResourceAsStream(INVOICE_LOCATION)) {
            if (in == null) {
                throw new IllegalStateException(INVOICE_LOCATION + " is not on the classpath");
            }
            return new String(in.readAllBytes(), StandardCharsets.UTF_8);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }
}
