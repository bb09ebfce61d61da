package io.stele.storage;

import com.fasterxml.jackson.core.JsonGenerator;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.charset.CharacterCodingException;
import java.nio.charset.CodingErrorAction;
import java.nio.charset.StandardCharsets;
import java.time.Instant;
import java.util.ArrayList;
import java.util.Base64;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;

/**
 * The export format, version {@value #FORMAT}: newline-delimited JSON, one record an object with a
 * {@code kind}, the first line a header and the last a trailer that counts the records between
 * them. Times are epoch milliseconds; content is given as {@code text} when it is UTF-8, else as
 * {@code base64}. Format 1, the same without the trailer, is still read. See docs/export-import.md.
 *
 * <p>The Kafka log writes metadata, content and import records with these writers, on purpose
 * (docs/adr/0032-the-kafka-log-writes-values-as-the-export-does.md): these value encodings only
 * grow, so that every log already written stays readable.
 */
public final class TransferFormat {

    /** The format this release writes. */
    public static final int FORMAT = 2;
    /** The first format, which has no trailer; still read. */
    public static final int FORMAT_WITHOUT_TRAILER = 1;

    public static final String HEADER_KIND = "stele-export";
    public static final String TRAILER_KIND = "stele-export-end";

    private static final ObjectMapper JSON = new ObjectMapper();

    private TransferFormat() {}

    /**
     * How many records a stream holds, in all and of each kind: what a format 2 trailer says, and
     * what an import counts as it reads, to compare the two.
     */
    public record Counts(long records, long artifacts, long versions, long contents, long rules) {

        public static final Counts NONE = new Counts(0, 0, 0, 0, 0);

        public Counts {
            if (records < 0 || artifacts < 0 || versions < 0 || contents < 0 || rules < 0) {
                throw new InvalidRequestException("counts must not be negative.");
            }
        }

        /** These counts and one record more. */
        public Counts plus(TransferRecord record) {
            if (record instanceof TransferRecord.Artifact) {
                return new Counts(records + 1, artifacts + 1, versions, contents, rules);
            } else if (record instanceof TransferRecord.Version) {
                return new Counts(records + 1, artifacts, versions + 1, contents, rules);
            } else if (record instanceof TransferRecord.ContentBlob) {
                return new Counts(records + 1, artifacts, versions, contents + 1, rules);
            } else if (record instanceof TransferRecord.Rule) {
                return new Counts(records + 1, artifacts, versions, contents, rules + 1);
            }
            throw new IllegalArgumentException("Unknown record " + record.getClass());
        }

        /** The counts of these records. */
        public static Counts of(List<TransferRecord> records) {
            Counts counts = NONE;
            for (TransferRecord record : records) {
                counts = counts.plus(record);
            }
            return counts;
        }

        @Override
        public String toString() {
            return records + " records (" + artifacts + " artifacts, " + versions + " versions, " + contents
                    + " contents, " + rules + " rules)";
        }
    }

    public static void writeHeader(JsonGenerator out) throws IOException {
        out.writeStartObject();
        out.writeStringField("kind", HEADER_KIND);
        out.writeNumberField("format", FORMAT);
        out.writeEndObject();
    }

    /** Writes the trailer, the last line of a format 2 stream, counting the records written. */
    public static void writeTrailer(JsonGenerator out, Counts counts) throws IOException {
        out.writeStartObject();
        out.writeStringField("kind", TRAILER_KIND);
        out.writeNumberField("records", counts.records());
        out.writeNumberField("artifacts", counts.artifacts());
        out.writeNumberField("versions", counts.versions());
        out.writeNumberField("contents", counts.contents());
        out.writeNumberField("rules", counts.rules());
        out.writeEndObject();
    }

    /** Whether this object is a trailer. */
    public static boolean isTrailer(JsonNode node) {
        return TRAILER_KIND.equals(node.path("kind").asText());
    }

    /**
     * Reads a trailer's counts.
     *
     * @throws InvalidRequestException when a count is missing or not a whole number of 0 or more
     */
    public static Counts readTrailer(JsonNode node) {
        return new Counts(
                number(node, "records"),
                number(node, "artifacts"),
                number(node, "versions"),
                number(node, "contents"),
                number(node, "rules"));
    }

    public static void write(JsonGenerator out, TransferRecord record) throws IOException {
        out.writeStartObject();
        if (record instanceof TransferRecord.Rule rule) {
            out.writeStringField("kind", "rule");
            if (rule.scope().artifactId().isPresent()) {
                out.writeStringField("artifactId", rule.scope().artifactId().get());
            }
            out.writeStringField("type", rule.type().name());
            out.writeStringField("config", rule.config());
        } else if (record instanceof TransferRecord.Artifact a) {
            out.writeStringField("kind", "artifact");
            out.writeStringField("artifactId", a.artifactId());
            out.writeStringField("type", a.type().name());
            out.writeStringField("createdBy", a.createdBy());
            out.writeNumberField("createdOn", a.createdOn().toEpochMilli());
            out.writeNumberField("lastVersion", a.lastVersion());
        } else if (record instanceof TransferRecord.ContentBlob blob) {
            out.writeStringField("kind", "content");
            out.writeNumberField("contentId", blob.contentId());
            writeContent(out, blob.content());
        } else if (record instanceof TransferRecord.Version version) {
            writeVersion(out, version);
        }
        out.writeEndObject();
    }

    private static void writeVersion(JsonGenerator out, TransferRecord.Version record) throws IOException {
        StoredVersion v = record.version();
        out.writeStringField("kind", "version");
        out.writeStringField("artifactId", v.artifactId());
        out.writeNumberField("version", v.version());
        out.writeNumberField("globalId", v.globalId());
        out.writeNumberField("contentId", v.contentId());
        out.writeStringField("type", v.type().name());
        out.writeStringField("state", v.state().name());
        writeMeta(out, v.meta());
        out.writeStringField("createdBy", v.createdBy());
        out.writeNumberField("createdOn", v.createdOn().toEpochMilli());
        out.writeStringField("modifiedBy", v.modifiedBy());
        out.writeNumberField("modifiedOn", v.modifiedOn().toEpochMilli());
        out.writeStringField("canonicalHash", record.canonicalHash());
    }

    /**
     * Writes content's fields: {@code sha256}, {@code text} when it is UTF-8 (else {@code base64}),
     * and {@code references} when it has any, each with {@code name}, {@code artifactId} and {@code
     * version}.
     */
    public static void writeContent(JsonGenerator out, Content content) throws IOException {
        out.writeStringField("sha256", content.sha256());
        Optional<String> text = utf8(content.bytes());
        if (text.isPresent()) {
            out.writeStringField("text", text.get());
        } else {
            out.writeStringField("base64", Base64.getEncoder().encodeToString(content.bytes()));
        }
        if (!content.references().isEmpty()) {
            out.writeArrayFieldStart("references");
            for (SchemaReference r : content.references()) {
                out.writeStartObject();
                out.writeStringField("name", r.name());
                out.writeStringField("artifactId", r.artifactId());
                out.writeNumberField("version", r.version());
                out.writeEndObject();
            }
            out.writeEndArray();
        }
    }

    /** Writes user metadata's fields: {@code name}, {@code description}, {@code labels}, {@code properties}. */
    public static void writeMeta(JsonGenerator out, EditableMeta meta) throws IOException {
        if (meta.name().isPresent()) {
            out.writeStringField("name", meta.name().get());
        }
        if (meta.description().isPresent()) {
            out.writeStringField("description", meta.description().get());
        }
        out.writeArrayFieldStart("labels");
        for (String label : meta.labels()) {
            out.writeString(label);
        }
        out.writeEndArray();
        out.writeObjectFieldStart("properties");
        for (Map.Entry<String, String> p : meta.properties().entrySet()) {
            out.writeStringField(p.getKey(), p.getValue());
        }
        out.writeEndObject();
    }

    private static Optional<String> utf8(byte[] bytes) {
        try {
            return Optional.of(StandardCharsets.UTF_8
                    .newDecoder()
                    .onMalformedInput(CodingErrorAction.REPORT)
                    .onUnmappableCharacter(CodingErrorAction.REPORT)
                    .decode(ByteBuffer.wrap(bytes))
                    .toString());
        } catch (CharacterCodingException e) {
            return Optional.empty();
        }
    }

    /**
     * Reads the first line: the header of a format this registry reads.
     *
     * @return the format, {@value #FORMAT_WITHOUT_TRAILER} or {@value #FORMAT}
     * @throws InvalidRequestException when it is not such a header
     */
    public static int readHeader(byte[] line) {
        JsonNode node = tree(line);
        if (!HEADER_KIND.equals(node.path("kind").asText())) {
            throw new InvalidRequestException(
                    "the first line must be the header {\"kind\":\"" + HEADER_KIND + "\",\"format\":" + FORMAT + "}.");
        }
        JsonNode format = node.path("format");
        if (format.asInt() != FORMAT && format.asInt() != FORMAT_WITHOUT_TRAILER) {
            throw new InvalidRequestException("format " + format + " is not known; this registry reads formats "
                    + FORMAT_WITHOUT_TRAILER + " and " + FORMAT + ".");
        }
        return format.asInt();
    }

    /**
     * Parses one JSON object.
     *
     * @throws InvalidRequestException when it is not one
     */
    public static JsonNode tree(byte[] line) {
        JsonNode node;
        try {
            node = JSON.readTree(line);
        } catch (IOException e) {
            throw new InvalidRequestException("not JSON: " + e.getMessage());
        }
        if (node == null || !node.isObject()) {
            throw new InvalidRequestException("a record must be a JSON object.");
        }
        return node;
    }

    /**
     * Reads one line after the header: a record.
     *
     * @throws InvalidRequestException naming what is missing or wrong
     */
    public static TransferRecord read(byte[] line) {
        return read(tree(line));
    }

    /**
     * Reads one record from its JSON object.
     *
     * @throws InvalidRequestException naming what is missing or wrong
     */
    public static TransferRecord read(JsonNode node) {
        String kind = text(node, "kind");
        return switch (kind) {
            case "rule" ->
                new TransferRecord.Rule(
                        node.hasNonNull("artifactId") ? RuleScope.artifact(text(node, "artifactId")) : RuleScope.GLOBAL,
                        enumValue(RuleType.class, node, "type"),
                        text(node, "config"));
            case "artifact" ->
                new TransferRecord.Artifact(
                        text(node, "artifactId"),
                        enumValue(ArtifactType.class, node, "type"),
                        text(node, "createdBy"),
                        time(node, "createdOn"),
                        (int) number(node, "lastVersion"));
            case "content" -> content(node);
            case "version" -> version(node);
            default -> throw new InvalidRequestException("kind '" + kind + "' is not known.");
        };
    }

    private static TransferRecord.ContentBlob content(JsonNode node) {
        return new TransferRecord.ContentBlob(number(node, "contentId"), readContent(node));
    }

    /**
     * Reads the fields {@link #writeContent} wrote, checking the hash.
     *
     * @throws InvalidRequestException when they are missing or the hash does not match
     */
    public static Content readContent(JsonNode node) {
        byte[] bytes;
        if (node.hasNonNull("text")) {
            bytes = text(node, "text").getBytes(StandardCharsets.UTF_8);
        } else {
            try {
                bytes = Base64.getDecoder().decode(text(node, "base64"));
            } catch (IllegalArgumentException e) {
                throw new InvalidRequestException("base64 is not valid Base64.");
            }
        }
        List<SchemaReference> references = new ArrayList<>();
        for (JsonNode r : node.path("references")) {
            references.add(new SchemaReference(text(r, "name"), text(r, "artifactId"), (int) number(r, "version")));
        }
        try {
            return Content.withIdentity(bytes, references, text(node, "sha256"));
        } catch (InvalidRequestException e) {
            throw new InvalidRequestException("content " + node.path("contentId") + " does not match its sha256.");
        }
    }

    private static TransferRecord.Version version(JsonNode node) {
        EditableMeta meta = readMeta(node);
        StoredVersion v = new StoredVersion(
                text(node, "artifactId"),
                (int) number(node, "version"),
                number(node, "globalId"),
                number(node, "contentId"),
                enumValue(ArtifactType.class, node, "type"),
                enumValue(VersionState.class, node, "state"),
                meta,
                text(node, "createdBy"),
                time(node, "createdOn"),
                text(node, "modifiedBy"),
                time(node, "modifiedOn"));
        return new TransferRecord.Version(v, text(node, "canonicalHash"));
    }

    /** Reads the fields {@link #writeMeta} wrote. */
    public static EditableMeta readMeta(JsonNode node) {
        List<String> labels = new ArrayList<>();
        node.path("labels").forEach(l -> labels.add(l.asText()));
        Map<String, String> properties = new LinkedHashMap<>();
        node.path("properties")
                .properties()
                .forEach(e -> properties.put(e.getKey(), e.getValue().asText()));
        return new EditableMeta(optionalText(node, "name"), optionalText(node, "description"), labels, properties);
    }

    /** A required string field. */
    public static String text(JsonNode node, String field) {
        JsonNode value = node.get(field);
        if (value == null || !value.isTextual()) {
            throw new InvalidRequestException("'" + field + "' is missing or not a string.");
        }
        return value.asText();
    }

    public static Optional<String> optionalText(JsonNode node, String field) {
        return node.hasNonNull(field) ? Optional.of(text(node, field)) : Optional.empty();
    }

    /** A required whole-number field. */
    public static long number(JsonNode node, String field) {
        JsonNode value = node.get(field);
        if (value == null || !value.canConvertToLong() || !value.isIntegralNumber()) {
            throw new InvalidRequestException("'" + field + "' is missing or not a whole number.");
        }
        return value.asLong();
    }

    public static Instant time(JsonNode node, String field) {
        return Instant.ofEpochMilli(number(node, field));
    }

    public static <E extends Enum<E>> E enumValue(Class<E> type, JsonNode node, String field) {
        String value = text(node, field);
        try {
            return Enum.valueOf(type, value);
        } catch (IllegalArgumentException e) {
            throw new InvalidRequestException(
                    "'" + field + "' is '" + value + "', not one of " + List.of(type.getEnumConstants()) + ".");
        }
    }
}
