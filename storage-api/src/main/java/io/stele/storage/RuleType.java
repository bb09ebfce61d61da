package io.stele.storage;

/** The rules that can be configured globally or on one artifact. */
public enum RuleType {
    VALIDITY,
    COMPATIBILITY
}
