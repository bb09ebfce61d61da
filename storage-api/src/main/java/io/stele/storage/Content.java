package io.stele.storage;

import java.nio.charset.StandardCharsets;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.util.Arrays;
import java.util.HashSet;
import java.util.HexFormat;
import java.util.List;
import java.util.Objects;
import java.util.Optional;
import java.util.Set;

/**
 * Immutable artifact content, with the versions of other artifacts it references, and its identity
 * hash, by which backends store each distinct content once: the same bytes with other references
 * are other content, with an id of their own (as a Confluent schema id names a schema with its
 * references), and so are the same bytes stored as another type ({@link #ofType}): an id names
 * content of one type.
 *
 * @param bytes the content as sent by the client; never modified, never exposed for writing
 * @param sha256 lower-case hex SHA-256 of {@code bytes} when there are no references; else of that
 *     hash followed by each reference (see {@link #identity}); for content stored as a type other
 *     than AVRO, the hash of that and the type's name (see {@link #ofType})
 * @param references what the content references, in the order the client gave them; often empty
 */
public record Content(byte[] bytes, String sha256, List<SchemaReference> references) {

    public Content {
        Objects.requireNonNull(bytes, "bytes");
        Objects.requireNonNull(sha256, "sha256");
        if (sha256.length() != 64) {
            throw new IllegalArgumentException("sha256 must be 64 hex characters");
        }
        references = List.copyOf(references);
    }

    /** Content without references. */
    public Content(byte[] bytes, String sha256) {
        this(bytes, sha256, List.of());
    }

    /** Hashes the bytes. The array is copied, so the caller may reuse it. */
    public static Content of(byte[] bytes) {
        byte[] copy = bytes.clone();
        return new Content(copy, sha256Hex(copy));
    }

    public static Content of(String text) {
        return of(text.getBytes(StandardCharsets.UTF_8));
    }

    /**
     * Content with references, hashed with them. The array is copied.
     *
     * @throws InvalidRequestException when two references have one name
     */
    public static Content of(byte[] bytes, List<SchemaReference> references) {
        byte[] copy = bytes.clone();
        return new Content(copy, identity(sha256Hex(copy), references), references);
    }

    /**
     * The identity hash of content whose bytes hash to {@code bytesSha256}: that hash when there are
     * no references; else the SHA-256 of it followed by each reference's name, artifact id and
     * version, each field prefixed by its length, so no two lists of references give the same text.
     *
     * @throws InvalidRequestException when two references have one name
     */
    public static String identity(String bytesSha256, List<SchemaReference> references) {
        if (references.isEmpty()) {
            return bytesSha256;
        }
        StringBuilder text = new StringBuilder(bytesSha256);
        Set<String> names = new HashSet<>();
        for (SchemaReference r : references) {
            if (!names.add(r.name())) {
                throw new InvalidRequestException("Two references are named '" + r.name() + "'.");
            }
            text.append('\n').append(r.name().length()).append(':').append(r.name());
            text.append(r.artifactId().length()).append(':').append(r.artifactId());
            text.append(':').append(r.version());
        }
        return sha256Hex(text.toString().getBytes(StandardCharsets.UTF_8));
    }

    /**
     * This content as stored for an artifact of the given type. Its identity is {@link #identity}
     * for AVRO, the type a Confluent schema has when none is said, and for any other type the
     * SHA-256 of the type's name and that identity: the same text stored as two types is two
     * contents with two ids, as a schema id names a schema of one type. AVRO keeps the bare
     * identity so that content stored before types counted keeps its id.
     */
    public Content ofType(ArtifactType type) {
        String identity = identity(sha256Hex(bytes), references);
        return new Content(bytes, typed(identity, type), references);
    }

    /**
     * Content with these bytes and references whose identity hash is {@code declared}, as {@link
     * #of} or {@link #ofType} gives it for some type: how content read back from a log or an export
     * is checked.
     *
     * @throws InvalidRequestException when the hash is none of those
     */
    public static Content withIdentity(byte[] bytes, List<SchemaReference> references, String declared) {
        Content content = new Content(bytes, declared, references);
        if (content.typeOfIdentity().isEmpty()) {
            throw new InvalidRequestException("The content does not match its sha256.");
        }
        return content;
    }

    /**
     * The type this content was stored as, read from its identity hash ({@link #ofType}): the one
     * type whose identity it is, AVRO for the bare identity. Costs one SHA-256 over the bytes. Empty
     * when the hash is no type's identity of these bytes.
     */
    public Optional<ArtifactType> typeOfIdentity() {
        String identity = identity(sha256Hex(bytes), references);
        for (ArtifactType type : ArtifactType.values()) {
            if (typed(identity, type).equals(sha256)) {
                return Optional.of(type);
            }
        }
        return Optional.empty();
    }

    /**
     * The identity hash that content whose {@link #identity} is {@code identity} has when stored as
     * {@code type} ({@link #ofType}): that identity for AVRO, else the SHA-256 of the type's name and
     * it. Content without references has the SHA-256 of its bytes as its identity, so this finds,
     * from that hash alone, what each type would store the bytes under.
     */
    public static String typedIdentity(String identity, ArtifactType type) {
        return typed(identity, type);
    }

    private static String typed(String identity, ArtifactType type) {
        return type == ArtifactType.AVRO
                ? identity
                : sha256Hex((type.name() + "\n" + identity).getBytes(StandardCharsets.UTF_8));
    }

    public String text() {
        return new String(bytes, StandardCharsets.UTF_8);
    }

    public int size() {
        return bytes.length;
    }

    /** Lower-case hex SHA-256 of the bytes. */
    public static String sha256Hex(byte[] bytes) {
        try {
            return HexFormat.of().formatHex(MessageDigest.getInstance("SHA-256").digest(bytes));
        } catch (NoSuchAlgorithmException e) {
            throw new IllegalStateException("SHA-256 is required by every Java platform", e);
        }
    }

    @Override
    public boolean equals(Object o) {
        return o instanceof Content other
                && sha256.equals(other.sha256)
                && Arrays.equals(bytes, other.bytes)
                && references.equals(other.references);
    }

    @Override
    public int hashCode() {
        return sha256.hashCode();
    }

    @Override
    public String toString() {
        return "Content[" + bytes.length + " bytes, sha256=" + sha256
                + (references.isEmpty() ? "" : ", " + references.size() + " references") + "]";
    }
}
