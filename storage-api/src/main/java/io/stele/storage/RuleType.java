package io.stele.storage;

/** The rules that can be configured globally or on one artifact. */
public enum RuleType {
    /** How strictly new content is parsed: a check of content. */
    VALIDITY,
    /** Which earlier versions new content must be compatible with, and how: a check of content. */
    COMPATIBILITY,
    /**
     * What new content's references must be: each name the content uses from elsewhere mapped by a
     * reference, no two references of one name, each referenced version existing. A check of
     * content, which Apicurio's v2 and v3 APIs configure; the v1 API, whose clients know the first
     * two checks alone, does not show it.
     */
    INTEGRITY,
    /**
     * The registry's mode in this scope, such as {@code READONLY}: which writes it takes, not a check
     * of content. The Confluent API sets it; the v1 API, whose clients know the two checks alone,
     * does not show it.
     */
    MODE;

    /** Whether this rule checks new content: VALIDITY, COMPATIBILITY and INTEGRITY. */
    public boolean checksContent() {
        return this != MODE;
    }
}
