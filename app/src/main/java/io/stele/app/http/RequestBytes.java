package io.stele.app.http;

import java.util.Arrays;

/**
 * A request body's very bytes, as part of a key: equal when the bytes are. Never modify them once
 * the key is made.
 */
public record RequestBytes(byte[] bytes) {

    @Override
    public boolean equals(Object other) {
        return other instanceof RequestBytes body && Arrays.equals(bytes, body.bytes);
    }

    @Override
    public int hashCode() {
        return Arrays.hashCode(bytes);
    }

    @Override
    public String toString() {
        return bytes.length + " bytes";
    }
}
