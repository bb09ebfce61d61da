package io.stele.app.artifacts;

import io.stele.storage.InvalidRequestException;
import java.util.Arrays;
import java.util.Locale;

/** What creating an artifact does when the id is taken. */
public enum IfExists {
    /** Fail with 409. */
    FAIL,
    /** Add the content as a new version. */
    UPDATE,
    /** Return the existing artifact and store nothing. */
    RETURN,
    /** Return the existing version with the same content, or add a new version. */
    RETURN_OR_UPDATE;

    public static IfExists parse(String value) {
        if (value == null || value.isBlank()) {
            return FAIL;
        }
        try {
            return valueOf(value.trim().toUpperCase(Locale.ROOT));
        } catch (IllegalArgumentException e) {
            throw new InvalidRequestException(
                    "Unknown ifExists '" + value + "'; expected one of " + Arrays.toString(values()) + ".");
        }
    }
}
