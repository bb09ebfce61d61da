package io.stele.app.artifacts;

/** The content is larger than {@code stele.api.max-content-size}. */
public class ContentTooLargeException extends RuntimeException {

    public ContentTooLargeException(long size, long max) {
        super("The content is " + (size < 0 ? "larger than allowed" : size + " bytes") + "; at most " + max
                + " bytes are accepted (stele.api.max-content-size).");
    }
}
