package io.stele.app.cache;

import io.stele.storage.EditableMeta;
import io.stele.storage.StoredVersion;
import java.time.Instant;

/**
 * Versions as the read cache keeps them, with the parts most versions have in common shared rather
 * than copied: a backend reads each version's fields into objects of their own, and a million cached
 * versions would otherwise each keep an empty author, a second copy of the same instant and empty
 * metadata.
 */
final class SharedParts {

    private SharedParts() {}

    /** The same version, sharing what it can: equal to {@code version}, and {@code version} itself if nothing is shared. */
    static StoredVersion of(StoredVersion version) {
        String createdBy = shared(version.createdBy());
        String modifiedBy = version.modifiedBy().equals(createdBy) ? createdBy : shared(version.modifiedBy());
        Instant modifiedOn =
                version.modifiedOn().equals(version.createdOn()) ? version.createdOn() : version.modifiedOn();
        EditableMeta meta = version.meta().equals(EditableMeta.EMPTY) ? EditableMeta.EMPTY : version.meta();
        if (createdBy == version.createdBy()
                && modifiedBy == version.modifiedBy()
                && modifiedOn == version.modifiedOn()
                && meta == version.meta()) {
            return version;
        }
        return new StoredVersion(
                version.artifactId(),
                version.version(),
                version.globalId(),
                version.contentId(),
                version.type(),
                version.state(),
                meta,
                createdBy,
                version.createdOn(),
                modifiedBy,
                modifiedOn);
    }

    private static String shared(String user) {
        return user.isEmpty() ? "" : user;
    }
}
