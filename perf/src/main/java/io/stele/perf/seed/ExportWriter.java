package io.stele.perf.seed;

import com.fasterxml.jackson.core.JsonEncoding;
import com.fasterxml.jackson.core.JsonFactory;
import com.fasterxml.jackson.core.JsonGenerator;
import io.stele.perf.data.SchemaGenerator;
import io.stele.storage.TransferFormat;
import java.io.IOException;
import java.io.OutputStream;
import java.nio.charset.StandardCharsets;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.util.HexFormat;

/**
 * Writes generated artifacts in the registry's export format (version 2, ending with the trailer
 * that counts them), ready for {@code POST /api/admin/import}. Artifact {@code i}'s version
 * {@code v} gets globalId and contentId {@code i * versions + v}, so consecutive ranges of
 * artifacts can be imported one after another.
 */
public final class ExportWriter {

    private static final JsonFactory JSON = new JsonFactory();
    private static final long CREATED_ON = 1_767_225_600_000L; // 2026-01-01T00:00:00Z

    private final SchemaGenerator schemas;
    private final int versions;
    private long contentBytes;
    private long written;

    public ExportWriter(SchemaGenerator schemas, int versions) {
        this.schemas = schemas;
        this.versions = versions;
    }

    /** Writes artifacts {@code from} (inclusive) to {@code to} (exclusive), each with every version. */
    public void write(long from, long to, OutputStream out) throws IOException {
        MessageDigest sha256 = sha256();
        HexFormat hex = HexFormat.of();
        try (JsonGenerator json = JSON.createGenerator(out, JsonEncoding.UTF8)) {
            json.setRootValueSeparator(null);
            TransferFormat.writeHeader(json);
            json.writeRaw('\n');
            for (long i = from; i < to; i++) {
                String id = SchemaGenerator.artifactId(i);
                json.writeStartObject();
                json.writeStringField("kind", "artifact");
                json.writeStringField("artifactId", id);
                json.writeStringField("type", "AVRO");
                json.writeStringField("createdBy", "");
                json.writeNumberField("createdOn", CREATED_ON);
                json.writeNumberField("lastVersion", versions);
                json.writeEndObject();
                json.writeRaw('\n');
                for (int v = 1; v <= versions; v++) {
                    SchemaGenerator.Schema schema = schemas.schema(i, v);
                    byte[] bytes = schema.text().getBytes(StandardCharsets.UTF_8);
                    contentBytes += bytes.length;
                    long globalId = i * versions + v;
                    json.writeStartObject();
                    json.writeStringField("kind", "content");
                    json.writeNumberField("contentId", globalId);
                    json.writeStringField("sha256", hex.formatHex(sha256.digest(bytes)));
                    json.writeStringField("text", schema.text());
                    json.writeEndObject();
                    json.writeRaw('\n');
                    json.writeStartObject();
                    json.writeStringField("kind", "version");
                    json.writeStringField("artifactId", id);
                    json.writeNumberField("version", v);
                    json.writeNumberField("globalId", globalId);
                    json.writeNumberField("contentId", globalId);
                    json.writeStringField("type", "AVRO");
                    json.writeStringField("state", "ENABLED");
                    json.writeArrayFieldStart("labels");
                    json.writeEndArray();
                    json.writeObjectFieldStart("properties");
                    json.writeEndObject();
                    json.writeStringField("createdBy", "");
                    json.writeNumberField("createdOn", CREATED_ON);
                    json.writeStringField("modifiedBy", "");
                    json.writeNumberField("modifiedOn", CREATED_ON);
                    json.writeStringField(
                            "canonicalHash",
                            hex.formatHex(sha256.digest(schema.canonical().getBytes(StandardCharsets.UTF_8))));
                    json.writeEndObject();
                    json.writeRaw('\n');
                    written++;
                }
            }
            long count = to - from;
            long pairs = count * versions;
            TransferFormat.writeTrailer(json, new TransferFormat.Counts(count + 2 * pairs, count, pairs, pairs, 0));
            json.writeRaw('\n');
        }
    }

    /** The mean size of the schemas written so far, in bytes. */
    public double meanSchemaBytes() {
        return written == 0 ? 0 : (double) contentBytes / written;
    }

    private static MessageDigest sha256() {
        try {
            return MessageDigest.getInstance("SHA-256");
        } catch (NoSuchAlgorithmException e) {
            throw new IllegalStateException("SHA-256 is required by every Java platform", e);
        }
    }
}
