package io.stele.storage;

import java.time.Instant;
import java.util.Objects;

/**
 * One piece of a registry's state as an export gives it and an import takes it, with the ids the
 * registry gave it, so that an import keeps them.
 */
public sealed interface TransferRecord {

    /** A rule, global or of one artifact. */
    record Rule(RuleScope scope, RuleType type, String config) implements TransferRecord {
        public Rule {
            Objects.requireNonNull(scope, "scope");
            Objects.requireNonNull(type, "type");
            Objects.requireNonNull(config, "config");
        }
    }

    /**
     * An artifact, without its versions, which follow it.
     *
     * @param lastVersion the highest version number the artifact has given, deleted versions
     *     included, so that numbers are never given twice
     */
    record Artifact(String artifactId, ArtifactType type, String createdBy, Instant createdOn, int lastVersion)
            implements TransferRecord {
        public Artifact {
            ArtifactIds.requireValid(artifactId);
            Objects.requireNonNull(type, "type");
            Objects.requireNonNull(createdBy, "createdBy");
            Objects.requireNonNull(createdOn, "createdOn");
            if (lastVersion < 1) {
                throw new InvalidRequestException("lastVersion must be 1 or more, was " + lastVersion + ".");
            }
        }
    }

    /** A distinct content with its id; it comes before the first version that uses it. */
    record ContentBlob(long contentId, Content content) implements TransferRecord {
        public ContentBlob {
            Objects.requireNonNull(content, "content");
            if (contentId < 1) {
                throw new InvalidRequestException("contentId must be 1 or more, was " + contentId + ".");
            }
        }
    }

    /** A version with the hash of its canonical form. */
    record Version(StoredVersion version, String canonicalHash) implements TransferRecord {
        public Version {
            Objects.requireNonNull(version, "version");
            Objects.requireNonNull(canonicalHash, "canonicalHash");
            if (canonicalHash.length() != 64) {
                throw new InvalidRequestException("canonicalHash must be 64 hex characters.");
            }
        }
    }
}
