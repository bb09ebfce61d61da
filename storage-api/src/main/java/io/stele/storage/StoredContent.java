package io.stele.storage;

import java.util.Objects;

/**
 * Content as stored, with the id the backend gave it.
 *
 * @param contentId unique per distinct content, never reused
 * @param content the bytes and their hash
 */
public record StoredContent(long contentId, Content content) {

    public StoredContent {
        Objects.requireNonNull(content, "content");
    }
}
