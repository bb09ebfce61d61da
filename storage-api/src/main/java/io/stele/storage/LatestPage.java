package io.stele.storage;

import java.util.List;
import java.util.Objects;
import java.util.Optional;

/**
 * One page of {@link RegistryStorage#latestVersions}: the servable latest version of each artifact
 * the page covered, with its content, in artifact id order.
 *
 * @param versions the artifacts' latest versions with their content; an artifact whose latest
 *     version is not servable (DISABLED, or every version DELETED) has none here
 * @param lastArtifactId the last artifact the page covered, whether or not it had a servable
 *     version, from which the next page goes on; empty when the page covered none (past the last)
 */
public record LatestPage(List<Latest> versions, Optional<String> lastArtifactId) {

    public LatestPage {
        versions = List.copyOf(versions);
        Objects.requireNonNull(lastArtifactId, "lastArtifactId");
    }

    /**
     * Refuses a page request that is not by key, as {@link RegistryStorage#latestVersions} takes.
     *
     * @throws InvalidRequestException when the request has an offset
     */
    public static void requireByKey(PageRequest page) {
        if (page.offset() != 0) {
            throw new InvalidRequestException("latestVersions pages by key; the offset must be 0.");
        }
    }

    /** An artifact's latest version and the content it has. */
    public record Latest(StoredVersion version, StoredContent content) {

        public Latest {
            Objects.requireNonNull(version, "version");
            Objects.requireNonNull(content, "content");
        }
    }
}
