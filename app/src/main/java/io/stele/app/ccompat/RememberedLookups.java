package io.stele.app.ccompat;

import com.fasterxml.jackson.core.JsonFactory;
import com.fasterxml.jackson.core.JsonParser;
import com.fasterxml.jackson.core.JsonToken;
import io.netty.buffer.ByteBuf;
import io.stele.app.cache.EncodedAnswers;
import io.stele.app.http.RequestBytes;
import io.stele.app.storage.StorageProvider;
import io.stele.storage.Content;
import io.vertx.core.buffer.Buffer;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.inject.Inject;
import java.io.IOException;

/**
 * Which version a lookup ({@code POST /subjects/{subject}}) found, so that the same lookup again
 * skips parsing the schema and looking for its canonical form. A client sends the same request
 * every time, so a lookup is remembered by its subject and, where the request's body was read on
 * the event loop, the body's very bytes (the same bytes always ask the same question); else by the
 * schema's type and text. A remembered version is only a hint: its caller checks again, on each
 * use, that it is of the subject and servable. Only lookups without references, deleted versions
 * or normalization are remembered, as questions of the read cache's {@link EncodedAnswers}, within
 * its budget. Thread-safe; never blocks.
 */
@ApplicationScoped
public class RememberedLookups {

    /** Texts up to this many characters are kept whole, longer ones by their SHA-256. */
    static final int WHOLE_TEXT = 2048;

    /** Bodies up to this many bytes are remembered by their bytes; longer ones only by their text. */
    static final int WHOLE_BODY = 4096;

    private static final JsonFactory JSON = new JsonFactory();

    @Inject
    StorageProvider provider;

    /**
     * A remembered lookup's key: the subject and what the request asked, either the body's bytes
     * ({@link RequestBytes}), or the schema's type and its text, or the text's digest ({@link Digest}) when
     * it is long. Keys of different kinds are never equal.
     */
    private record Lookup(String subject, String type, Object asked) implements EncodedAnswers.Question {

        /**
         * Bytes it holds, about: the cache's entry with its key and value, the subject, and the
         * text, digest or body.
         */
        @Override
        public int weight() {
            int asking = asked instanceof String text
                    ? bytes(text)
                    : asked instanceof RequestBytes body ? 32 + body.bytes().length : 120;
            return 140 + bytes(subject) + asking;
        }

        /** A string's bytes: one a character when all are Latin-1, as the JVM stores it, else two. */
        private static int bytes(String text) {
            for (int i = 0; i < text.length(); i++) {
                if (text.charAt(i) > 0xFF) {
                    return 40 + 2 * text.length();
                }
            }
            return 40 + text.length();
        }
    }

    private record Digest(String sha256) {}

    /**
     * The globalId a lookup with this body found before, or null: by the body's bytes, else by the
     * schema's type and text, which then remembers the bytes too. Null also when the body is not a
     * JSON object with a schema, or names references.
     */
    Long found(String subject, Buffer body) {
        if (!provider.isStarted()) {
            return null;
        }
        EncodedAnswers lookups = provider.answers().encoded();
        Lookup sent = body.length() <= WHOLE_BODY ? new Lookup(subject, null, new RequestBytes(body.getBytes())) : null;
        Long found = sent == null ? null : lookups.found(sent);
        if (found != null) {
            return found;
        }
        Lookup asked = asked(subject, body);
        found = asked == null ? null : lookups.found(asked);
        if (found != null && sent != null) { // from now on found by its bytes, which is kept in its place
            lookups.remember(sent, found);
            lookups.forget(asked);
        }
        return found;
    }

    /** The globalId a lookup of this schema found before, or null. */
    Long found(String subject, String type, String schema) {
        return provider.answers().encoded().found(key(subject, type, schema));
    }

    /** Keeps what a lookup of a schema without references found. */
    void lookedUp(String subject, String type, String schema, long globalId) {
        provider.answers().encoded().remember(key(subject, type, schema), globalId);
    }

    private static Lookup key(String subject, String type, String schema) {
        return new Lookup(
                subject,
                type == null ? "AVRO" : shared(type), // as the resource reads a request without one
                schema.length() <= WHOLE_TEXT
                        ? schema
                        : new Digest(Content.of(schema).sha256()));
    }

    /** A schema type's name, one string for each type Confluent names, so that keys share it. */
    private static String shared(String type) {
        return switch (type) {
            case "AVRO" -> "AVRO";
            case "JSON" -> "JSON";
            case "PROTOBUF" -> "PROTOBUF";
            default -> type;
        };
    }

    /**
     * The key of a lookup body's {@code schema} and {@code schemaType}, or null when the body is not
     * a JSON object with a schema, or names references (whose lookups are not remembered).
     */
    @SuppressWarnings("deprecation") // Vert.x 4 reads a buffer in place only through its Netty buffer
    private static Lookup asked(String subject, Buffer body) {
        ByteBuf bytes = body.getByteBuf();
        try (JsonParser json = bytes.hasArray() // read in place, not copied
                ? JSON.createParser(bytes.array(), bytes.arrayOffset() + bytes.readerIndex(), bytes.readableBytes())
                : JSON.createParser(body.getBytes())) {
            if (json.nextToken() != JsonToken.START_OBJECT) {
                return null;
            }
            String schema = null;
            String type = null;
            while (json.nextToken() == JsonToken.FIELD_NAME) {
                String field = json.currentName();
                JsonToken value = json.nextToken();
                if (field.equals("schema") && value == JsonToken.VALUE_STRING) {
                    schema = json.getText();
                } else if (field.equals("schemaType") && value == JsonToken.VALUE_STRING) {
                    type = json.getText();
                } else if (field.equals("references") && value == JsonToken.START_ARRAY) {
                    if (json.nextToken() != JsonToken.END_ARRAY) {
                        return null;
                    }
                } else {
                    json.skipChildren();
                }
            }
            return schema == null ? null : key(subject, type, schema);
        } catch (IOException e) {
            return null; // not JSON: the resource says so
        }
    }
}
