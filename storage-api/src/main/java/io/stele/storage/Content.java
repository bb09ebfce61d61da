package io.stele.storage;

import java.nio.charset.StandardCharsets;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.util.Arrays;
import java.util.HexFormat;
import java.util.Objects;

/**
 * Immutable artifact content with its SHA-256 hash, by which backends store each distinct content
 * once.
 *
 * @param bytes the content as sent by the client; never modified, never exposed for writing
 * @param sha256 lower-case hex SHA-256 of {@code bytes}
 */
public record Content(byte[] bytes, String sha256) {

    public Content {
        Objects.requireNonNull(bytes, "bytes");
        Objects.requireNonNull(sha256, "sha256");
        if (sha256.length() != 64) {
            throw new IllegalArgumentException("sha256 must be 64 hex characters");
        }
    }

    /** Hashes the bytes. The array is copied, so the caller may reuse it. */
    public static Content of(byte[] bytes) {
        byte[] copy = bytes.clone();
        return new Content(copy, sha256Hex(copy));
    }

    public static Content of(String text) {
        return of(text.getBytes(StandardCharsets.UTF_8));
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
        return o instanceof Content other && sha256.equals(other.sha256) && Arrays.equals(bytes, other.bytes);
    }

    @Override
    public int hashCode() {
        return sha256.hashCode();
    }

    @Override
    public String toString() {
        return "Content[" + bytes.length + " bytes, sha256=" + sha256 + "]";
    }
}
