package io.stele.app.cache;

import io.stele.storage.ArtifactType;
import io.stele.storage.Content;
import io.stele.storage.EditableMeta;
import io.stele.storage.SchemaReference;
import io.stele.storage.StoredVersion;
import io.stele.storage.VersionState;
import java.io.ByteArrayInputStream;
import java.io.ByteArrayOutputStream;
import java.io.DataInputStream;
import java.io.DataOutputStream;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.lang.invoke.MethodHandles;
import java.lang.invoke.VarHandle;
import java.nio.ByteOrder;
import java.nio.charset.StandardCharsets;
import java.time.Instant;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.HexFormat;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;

/**
 * A cached version, and once known the answer to GET of it, as one array of bytes: what the read
 * cache keeps off the heap ({@link LatestCache}) and what an answer is read from. One array per
 * version, rather than a dozen objects, is what lets a million cached artifacts cost the garbage
 * collector nothing to trace.
 *
 * <p>Layout (big-endian): a fixed header with what the hot path reads (length, the artifact id's
 * hash, the reset count and time it was loaded under, where the answer and the other API's form
 * start, type, state, version, globalId, contentId), the artifact id in UTF-8, then the rest of the
 * version (who and when, metadata), then the answer (the content's SHA-256, the body, the content's
 * references), then the body as another API renders it. A record is never modified once made:
 * adding a part makes a new record.
 */
final class AnswerRecord {

    private static final VarHandle INT = MethodHandles.byteArrayViewVarHandle(int[].class, ByteOrder.BIG_ENDIAN);
    private static final VarHandle LONG = MethodHandles.byteArrayViewVarHandle(long[].class, ByteOrder.BIG_ENDIAN);
    private static final VarHandle SHORT = MethodHandles.byteArrayViewVarHandle(short[].class, ByteOrder.BIG_ENDIAN);
    private static final ArtifactType[] TYPES = ArtifactType.values();
    private static final VersionState[] STATES = VersionState.values();

    static final int LENGTH = 0;
    static final int HASH = 4;
    private static final int RESETS = 8;
    private static final int LOADED_AT = 16;
    private static final int ANSWER_AT = 24;
    private static final int RENDERED_AT = 28;
    private static final int TYPE = 32;
    private static final int STATE = 33;
    private static final int KEY_LENGTH = 34;
    private static final int VERSION = 36;
    private static final int GLOBAL_ID = 40;
    private static final int CONTENT_ID = 48;
    static final int KEY = 56;
    private static final int SHA256_BYTES = 32;

    private AnswerRecord() {}

    /** The hash of an artifact id that records and the index are placed by. */
    static int hash(String artifactId) {
        int h = artifactId.hashCode() * 0x9E3779B9;
        return h ^ (h >>> 16);
    }

    /**
     * A version, with its answer when {@code content} is given.
     *
     * @param version never DISABLED when content is given
     * @param content its content, or null while not known
     * @param resets the cache's reset count when the version was read
     * @param loadedAt {@link System#nanoTime} when the version was read
     */
    static byte[] of(StoredVersion v, Content content, long resets, long loadedAt) {
        byte[] key = v.artifactId().getBytes(StandardCharsets.UTF_8);
        ByteArrayOutputStream bytes =
                new ByteArrayOutputStream(KEY + key.length + 64 + (content == null ? 0 : content.size() + 64));
        DataOutputStream out = new DataOutputStream(bytes);
        try {
            out.write(new byte[KEY]); // the header, filled in below
            out.write(key);
            writeString(out, v.createdBy());
            writeInstant(out, v.createdOn());
            writeString(out, v.modifiedBy());
            writeInstant(out, v.modifiedOn());
            writeMeta(out, v.meta());
            int answerAt = 0;
            if (content != null) {
                answerAt = out.size();
                out.write(HexFormat.of().parseHex(content.sha256()));
                out.writeInt(content.size());
                out.write(content.bytes());
                out.writeInt(content.references().size());
                for (SchemaReference r : content.references()) {
                    writeString(out, r.name());
                    writeString(out, r.artifactId());
                    out.writeInt(r.version());
                }
            }
            byte[] record = bytes.toByteArray();
            INT.set(record, LENGTH, record.length);
            INT.set(record, HASH, hash(v.artifactId()));
            LONG.set(record, RESETS, resets);
            LONG.set(record, LOADED_AT, loadedAt);
            INT.set(record, ANSWER_AT, answerAt);
            record[TYPE] = (byte) v.type().ordinal();
            record[STATE] = (byte) v.state().ordinal();
            SHORT.set(record, KEY_LENGTH, (short) key.length);
            INT.set(record, VERSION, v.version());
            LONG.set(record, GLOBAL_ID, v.globalId());
            LONG.set(record, CONTENT_ID, v.contentId());
            return record;
        } catch (IOException e) {
            throw new UncheckedIOException(e); // not thrown by an array
        }
    }

    static int length(byte[] record) {
        return (int) INT.get(record, LENGTH);
    }

    static int hash(byte[] record) {
        return (int) INT.get(record, HASH);
    }

    static long resets(byte[] record) {
        return (long) LONG.get(record, RESETS);
    }

    static long loadedAt(byte[] record) {
        return (long) LONG.get(record, LOADED_AT);
    }

    static ArtifactType type(byte[] record) {
        return TYPES[record[TYPE]];
    }

    static VersionState state(byte[] record) {
        return STATES[record[STATE]];
    }

    static long globalId(byte[] record) {
        return (long) LONG.get(record, GLOBAL_ID);
    }

    static long contentId(byte[] record) {
        return (long) LONG.get(record, CONTENT_ID);
    }

    private static int keyLength(byte[] record) {
        return Short.toUnsignedInt((short) SHORT.get(record, KEY_LENGTH));
    }

    /** Whether the record is of this artifact; allocates nothing for an id in ASCII. */
    static boolean isOf(byte[] record, String artifactId) {
        int length = keyLength(record);
        if (length == artifactId.length()) {
            boolean ascii = true;
            for (int i = 0; i < length && ascii; i++) {
                char c = artifactId.charAt(i);
                if (c >= 0x80) {
                    ascii = false;
                } else if (record[KEY + i] != c) {
                    return false;
                }
            }
            if (ascii) {
                return true;
            }
        }
        byte[] key = artifactId.getBytes(StandardCharsets.UTF_8);
        return Arrays.equals(record, KEY, KEY + length, key, 0, key.length);
    }

    static String artifactId(byte[] record) {
        return new String(record, KEY, keyLength(record), StandardCharsets.UTF_8);
    }

    static StoredVersion version(byte[] record) {
        DataInputStream in = in(record, KEY + keyLength(record));
        try {
            String createdBy = readString(in);
            Instant createdOn = readInstant(in);
            String modifiedBy = readString(in);
            Instant modifiedOn = readInstant(in);
            return new StoredVersion(
                    artifactId(record),
                    (int) INT.get(record, VERSION),
                    globalId(record),
                    contentId(record),
                    type(record),
                    state(record),
                    readMeta(in),
                    createdBy,
                    createdOn,
                    modifiedBy.equals(createdBy) ? createdBy : modifiedBy,
                    modifiedOn.equals(createdOn) ? createdOn : modifiedOn);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    static boolean hasAnswer(byte[] record) {
        return answerAt(record) != 0;
    }

    private static int answerAt(byte[] record) {
        return (int) INT.get(record, ANSWER_AT);
    }

    /** Where the body of the answer starts; only for a record with an answer. */
    static int bodyOffset(byte[] record) {
        return answerAt(record) + SHA256_BYTES + 4;
    }

    static int bodyLength(byte[] record) {
        return (int) INT.get(record, answerAt(record) + SHA256_BYTES);
    }

    /** The answer's strong ETag, the content's SHA-256 in hex, quoted, as ASCII bytes. */
    static byte[] etag(byte[] record) {
        byte[] etag = new byte[2 + 2 * SHA256_BYTES];
        etag[0] = '"';
        HexFormat hex = HexFormat.of();
        int at = answerAt(record);
        for (int i = 0; i < SHA256_BYTES; i++) {
            int b = record[at + i];
            etag[1 + 2 * i] = (byte) hex.toHighHexDigit(b);
            etag[2 + 2 * i] = (byte) hex.toLowHexDigit(b);
        }
        etag[etag.length - 1] = '"';
        return etag;
    }

    /** The content answered, or null for a record without an answer. */
    static Content content(byte[] record) {
        if (!hasAnswer(record)) {
            return null;
        }
        int at = answerAt(record);
        String sha256 = HexFormat.of().formatHex(record, at, at + SHA256_BYTES);
        int bodyOffset = bodyOffset(record);
        int bodyLength = bodyLength(record);
        byte[] body = Arrays.copyOfRange(record, bodyOffset, bodyOffset + bodyLength);
        DataInputStream in = in(record, bodyOffset + bodyLength);
        try {
            int count = in.readInt();
            List<SchemaReference> references = new ArrayList<>(count);
            for (int i = 0; i < count; i++) {
                references.add(new SchemaReference(readString(in), readString(in), in.readInt()));
            }
            return new Content(body, sha256, references);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    /** Where another API's form of the answer starts, or -1 when the record has none. */
    static int renderedOffset(byte[] record) {
        int at = (int) INT.get(record, RENDERED_AT);
        return at == 0 ? -1 : at + 4;
    }

    static int renderedLength(byte[] record) {
        return (int) INT.get(record, (int) INT.get(record, RENDERED_AT));
    }

    /** A copy of a record that has no other API's form, with that form appended. */
    static byte[] withRendered(byte[] record, byte[] rendered) {
        if (renderedOffset(record) >= 0) {
            throw new IllegalArgumentException("The record has another API's form already");
        }
        int at = length(record);
        byte[] copy = Arrays.copyOf(record, at + 4 + rendered.length);
        INT.set(copy, at, rendered.length);
        System.arraycopy(rendered, 0, copy, at + 4, rendered.length);
        INT.set(copy, LENGTH, copy.length);
        INT.set(copy, RENDERED_AT, at);
        return copy;
    }

    private static DataInputStream in(byte[] record, int from) {
        return new DataInputStream(new ByteArrayInputStream(record, from, length(record) - from));
    }

    private static void writeString(DataOutputStream out, String s) throws IOException {
        byte[] bytes = s.getBytes(StandardCharsets.UTF_8);
        out.writeInt(bytes.length);
        out.write(bytes);
    }

    private static String readString(DataInputStream in) throws IOException {
        int length = in.readInt();
        return length == 0 ? "" : new String(in.readNBytes(length), StandardCharsets.UTF_8);
    }

    private static void writeInstant(DataOutputStream out, Instant instant) throws IOException {
        out.writeLong(instant.getEpochSecond());
        out.writeInt(instant.getNano());
    }

    private static Instant readInstant(DataInputStream in) throws IOException {
        return Instant.ofEpochSecond(in.readLong(), in.readInt());
    }

    private static void writeMeta(DataOutputStream out, EditableMeta meta) throws IOException {
        writeOptional(out, meta.name());
        writeOptional(out, meta.description());
        out.writeInt(meta.labels().size());
        for (String label : meta.labels()) {
            writeString(out, label);
        }
        out.writeInt(meta.properties().size());
        for (Map.Entry<String, String> p : meta.properties().entrySet()) {
            writeString(out, p.getKey());
            writeString(out, p.getValue());
        }
    }

    private static EditableMeta readMeta(DataInputStream in) throws IOException {
        Optional<String> name = readOptional(in);
        Optional<String> description = readOptional(in);
        int labelCount = in.readInt();
        List<String> labels = new ArrayList<>(labelCount);
        for (int i = 0; i < labelCount; i++) {
            labels.add(readString(in));
        }
        int propertyCount = in.readInt();
        Map<String, String> properties = new LinkedHashMap<>();
        for (int i = 0; i < propertyCount; i++) {
            properties.put(readString(in), readString(in));
        }
        if (name.isEmpty() && description.isEmpty() && labels.isEmpty() && properties.isEmpty()) {
            return EditableMeta.EMPTY;
        }
        return new EditableMeta(name, description, labels, properties);
    }

    private static void writeOptional(DataOutputStream out, Optional<String> value) throws IOException {
        out.writeBoolean(value.isPresent());
        if (value.isPresent()) {
            writeString(out, value.get());
        }
    }

    private static Optional<String> readOptional(DataInputStream in) throws IOException {
        return in.readBoolean() ? Optional.of(readString(in)) : Optional.empty();
    }
}
