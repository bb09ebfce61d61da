package io.stele.app.artifacts;

import io.stele.app.storage.StorageProvider;
import io.stele.storage.InvalidRequestException;
import io.stele.storage.NotFoundException;
import io.stele.storage.StoredVersion;
import io.stele.storage.VersionState;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.inject.Inject;
import java.util.Arrays;
import java.util.List;
import java.util.Locale;
import java.util.Optional;

/**
 * Changing the state of versions. ENABLED, DISABLED and DEPRECATED may follow one another in any
 * order; DELETED deletes the version for good (and the artifact with its last version). Setting the
 * state a version already has changes nothing.
 */
@ApplicationScoped
public class VersionStates {

    /** The states a client may ask for: the stored ones, and DELETED. */
    public enum Requested {
        ENABLED,
        DISABLED,
        DEPRECATED,
        DELETED;

        /**
         * A state as Apicurio's v2 and v3 APIs let a client set it: {@code ENABLED}, {@code
         * DISABLED} or {@code DEPRECATED}, exactly as written.
         *
         * @throws InvalidRequestException for any other name, {@code DRAFT} included, or none
         */
        public static Requested settable(String name) {
            if ("DRAFT".equals(name)) {
                throw new InvalidRequestException("A version cannot return to DRAFT: drafts are not served.");
            }
            if (!"ENABLED".equals(name) && !"DISABLED".equals(name) && !"DEPRECATED".equals(name)) {
                throw new InvalidRequestException("The state must be one of ENABLED, DISABLED, DEPRECATED, was "
                        + (name == null ? "missing" : "'" + name + "'") + ".");
            }
            return valueOf(name);
        }

        /** Parses a state as the v1 API names it. */
        public static Requested parse(String name) {
            try {
                return valueOf(String.valueOf(name).trim().toUpperCase(Locale.ROOT)); // null names no state
            } catch (IllegalArgumentException e) {
                throw new InvalidRequestException("The state must be one of " + Arrays.toString(values()) + ", was "
                        + (name == null ? "missing" : "'" + name + "'") + ".");
            }
        }
    }

    @Inject
    StorageProvider provider;

    /**
     * Sets the state of one version, or of the artifact's highest version when none is named.
     *
     * @throws NotFoundException when the artifact or version does not exist
     */
    public void change(String artifactId, Optional<Integer> version, Requested state) {
        int number = version.orElseGet(() -> highest(artifactId));
        if (state == Requested.DELETED) {
            provider.storage().versions().delete(artifactId, number);
            return;
        }
        VersionState target = VersionState.valueOf(state.name());
        StoredVersion current = provider.storage()
                .versions()
                .get(artifactId, number)
                .orElseThrow(() -> NotFoundException.version(artifactId, number));
        if (current.state() != target) {
            provider.storage().versions().updateState(artifactId, number, target, ArtifactService.ANONYMOUS);
        }
    }

    private int highest(String artifactId) {
        List<Integer> versions = provider.storage().versions().list(artifactId);
        return versions.get(versions.size() - 1);
    }
}
