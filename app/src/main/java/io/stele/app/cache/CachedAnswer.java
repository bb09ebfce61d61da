package io.stele.app.cache;

import io.netty.buffer.Unpooled;
import io.netty.util.AsciiString;
import io.stele.storage.ArtifactType;
import io.stele.storage.Content;
import io.stele.storage.StoredContent;
import io.stele.storage.StoredVersion;
import io.stele.storage.VersionState;
import io.vertx.core.buffer.Buffer;
import java.nio.charset.StandardCharsets;
import java.util.function.Function;

/**
 * What {@code GET /api/artifacts/{id}} or {@code GET /api/ids/{globalId}} answers: the cached
 * version (the artifact's latest, or the one with that globalId) with its content, read from one
 * {@link AnswerRecord} so that the hot path finds it in one look-up. Immutable; safe to share
 * between threads. The hot path reads the type, state, ETag and body straight from the record; the
 * whole version is decoded only when asked for.
 */
public final class CachedAnswer {

    private final byte[] record;
    /** The latest cache the record was read from, which keeps another API's form with it; or null. */
    private final LatestCache owner;

    private final long location;
    private StoredVersion version;

    /**
     * @param version the version answered, never DISABLED
     * @param content its content, as stored; never modified
     */
    public CachedAnswer(StoredVersion version, Content content) {
        this(AnswerRecord.of(version, content, 0, 0), null, 0);
        this.version = version;
    }

    CachedAnswer(byte[] record, LatestCache owner, long location) {
        this.record = record;
        this.owner = owner;
        this.location = location;
    }

    static CachedAnswer of(StoredVersion version, StoredContent content) {
        return new CachedAnswer(version, content.content());
    }

    /** The strong ETag of content: its SHA-256, quoted. */
    public static String etag(StoredContent content) {
        return "\"" + content.content().sha256() + "\"";
    }

    public StoredVersion version() {
        StoredVersion v = version;
        if (v == null) {
            v = AnswerRecord.version(record);
            version = v;
        }
        return v;
    }

    public ArtifactType type() {
        return AnswerRecord.type(record);
    }

    public VersionState state() {
        return AnswerRecord.state(record);
    }

    public long globalId() {
        return AnswerRecord.globalId(record);
    }

    /** Whether this answers for that artifact. */
    public boolean isOf(String artifactId) {
        return AnswerRecord.isOf(record, artifactId);
    }

    /** The content, with its references. */
    public Content content() {
        return AnswerRecord.content(record);
    }

    public byte[] body() {
        int offset = AnswerRecord.bodyOffset(record);
        return java.util.Arrays.copyOfRange(record, offset, offset + AnswerRecord.bodyLength(record));
    }

    public String etag() {
        return new String(AnswerRecord.etag(record), StandardCharsets.US_ASCII);
    }

    /** The body as a Vert.x buffer to end a response with, wrapping the record without a copy. Never modify it. */
    @SuppressWarnings("deprecation") // Vert.x 4 wraps a Netty buffer without a copy only through this
    public Buffer bodyBuffer() {
        return Buffer.buffer(
                Unpooled.wrappedBuffer(record, AnswerRecord.bodyOffset(record), AnswerRecord.bodyLength(record)));
    }

    /** The ETag as a header value, encoded for the HTTP layer without a string. */
    public CharSequence etagHeader() {
        return new AsciiString(AnswerRecord.etag(record), false);
    }

    /**
     * This answer as another API writes it (the Confluent API's JSON of the version), made by
     * {@code renderer} the first time and, for an answer of the latest cache, kept in its record,
     * whose version and content never change, so the hot path finds it in the same look-up. One
     * other API's form is kept, so every call passes the same renderer. An answer on the heap keeps
     * nothing beside its record, which is what its cache weighs: there the renderer keeps its own
     * ({@link EncodedAnswers}). Never blocks, so it may run on an event loop if {@code renderer}
     * does not.
     */
    @SuppressWarnings("deprecation") // Vert.x 4 wraps a Netty buffer without a copy only through this
    public Buffer rendered(Function<CachedAnswer, Buffer> renderer) {
        int offset = AnswerRecord.renderedOffset(record);
        if (offset >= 0) {
            return Buffer.buffer(Unpooled.wrappedBuffer(record, offset, AnswerRecord.renderedLength(record)));
        }
        Buffer body = renderer.apply(this);
        if (owner != null) {
            owner.keepRendered(this, location, body.getBytes());
        }
        return body;
    }

    byte[] record() {
        return record;
    }

    byte[] withRendered(byte[] body) {
        return AnswerRecord.withRendered(record, body);
    }

    /** Memory the answer takes on the heap, about: its record and the objects around it. */
    int weight() {
        return OVERHEAD + record.length;
    }

    /** This object (32 bytes) and the record's array header (16). */
    static final int OVERHEAD = 48;
}
