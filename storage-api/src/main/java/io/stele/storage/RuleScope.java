package io.stele.storage;

import java.util.Optional;

/**
 * Where a rule applies: to the whole registry, or to one artifact, which need not exist yet.
 *
 * @param artifactId the artifact's id, or empty for the global rules
 */
public record RuleScope(Optional<String> artifactId) {

    public static final RuleScope GLOBAL = new RuleScope(Optional.empty());

    public RuleScope {
        artifactId = artifactId == null ? Optional.empty() : artifactId;
        artifactId.ifPresent(ArtifactIds::requireValid);
    }

    public static RuleScope artifact(String artifactId) {
        return new RuleScope(Optional.of(artifactId));
    }

    @Override
    public String toString() {
        return artifactId.map(id -> "artifact '" + id + "'").orElse("the registry");
    }
}
