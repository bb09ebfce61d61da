package io.stele.storage;

/** The rules that can be configured globally or on one artifact. */
public enum RuleType {
    /** How strictly new content is parsed: a check of content. */
    VALIDITY,
    /** Which earlier versions new content must be compatible with, and how: a check of content. */
    COMPATIBILITY,
    /**
     * The registry's mode in this scope, such as {@code READONLY}: which writes it takes, not a check
     * of content. The Confluent API sets it; the v1 API, whose clients know the two checks alone,
     * does not show it.
     */
    MODE;

    /** Whether this rule checks new content: VALIDITY and COMPATIBILITY. */
    public boolean checksContent() {
        return this != MODE;
    }
}
