package io.stele.storage.infinispan;

import io.stele.storage.RuleScope;

/**
 * The keys of entries that are not keyed by an artifact id, a globalId or a contentId. An artifact id holds no
 * control character ({@link io.stele.storage.ArtifactIds}), so a line break separates it from what
 * follows without ambiguity.
 */
final class Keys {

    private Keys() {}

    /** A referenced version in {@link VersionEntry#references()}, and a version among others. */
    static String version(String artifactId, int version) {
        return artifactId + "\n" + version;
    }

    /** The key in {@link Cluster#keys} of the pointer from a content's identity hash to its contentId. */
    static String contentHash(String sha256) {
        return "h:" + sha256;
    }

    /** A scope's key in {@link Cluster#rules}. */
    static String rules(RuleScope scope) {
        return scope.artifactId().map(id -> "a:" + id).orElse("global");
    }
}
