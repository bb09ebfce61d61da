package io.stele.storage.infinispan;

import io.stele.storage.VersionState;
import java.util.ArrayList;
import java.util.List;
import java.util.OptionalInt;

/** What an {@link ArtifactEntry} says about its versions, and the entry after a change to one. */
final class ArtifactEntries {

    private ArtifactEntries() {}

    /** A new artifact's entry, with no version yet: add them with {@link #withVersion}. */
    static ArtifactEntry created(String id, String type, String createdBy, String createdOn) {
        return created(id, type, createdBy, createdOn, 0);
    }

    /** A new artifact's entry that has given numbers up to {@code lastVersion} (an import's). */
    static ArtifactEntry created(String id, String type, String createdBy, String createdOn, int lastVersion) {
        return new ArtifactEntry(
                id,
                type,
                createdBy,
                createdOn,
                lastVersion,
                List.of(),
                List.of(),
                List.of(),
                false,
                0,
                id,
                "",
                "",
                "",
                "");
    }

    /** The entry with one more version (in any order: an import may bring them so). */
    static ArtifactEntry withVersion(ArtifactEntry a, int version, VersionState state, String canonicalHash) {
        List<Integer> versions = new ArrayList<>(a.versions());
        List<String> states = new ArrayList<>(a.states());
        List<String> hashes = new ArrayList<>(a.hashes());
        int at = 0;
        while (at < versions.size() && versions.get(at) < version) {
            at++;
        }
        versions.add(at, version);
        states.add(at, state.name());
        hashes.add(at, canonicalHash);
        return copy(a, Math.max(a.lastVersion(), version), versions, states, hashes);
    }

    /** The entry with one version in another state. */
    static ArtifactEntry withState(ArtifactEntry a, int version, VersionState state) {
        List<String> states = new ArrayList<>(a.states());
        states.set(a.versions().indexOf(version), state.name());
        return copy(a, a.lastVersion(), a.versions(), states, a.hashes());
    }

    /** The entry without one version; its number is not given again. */
    static ArtifactEntry without(ArtifactEntry a, int version) {
        int at = a.versions().indexOf(version);
        List<Integer> versions = new ArrayList<>(a.versions());
        List<String> states = new ArrayList<>(a.states());
        List<String> hashes = new ArrayList<>(a.hashes());
        versions.remove(at);
        states.remove(at);
        hashes.remove(at);
        return copy(a, a.lastVersion(), versions, states, hashes);
    }

    static boolean has(ArtifactEntry a, int version) {
        return a.versions().contains(version);
    }

    static VersionState state(ArtifactEntry a, int version) {
        return VersionState.valueOf(a.states().get(a.versions().indexOf(version)));
    }

    /** The highest servable version, the one {@code latest} gives. */
    static OptionalInt latestServable(ArtifactEntry a) {
        for (int i = a.versions().size() - 1; i >= 0; i--) {
            if (VersionState.valueOf(a.states().get(i)).servable()) {
                return OptionalInt.of(a.versions().get(i));
            }
        }
        return OptionalInt.empty();
    }

    /** The highest servable version with this canonical hash. */
    static OptionalInt servableWithHash(ArtifactEntry a, String canonicalHash) {
        for (int i = a.versions().size() - 1; i >= 0; i--) {
            if (VersionState.valueOf(a.states().get(i)).servable()
                    && a.hashes().get(i).equals(canonicalHash)) {
                return OptionalInt.of(a.versions().get(i));
            }
        }
        return OptionalInt.empty();
    }

    /**
     * The version the artifact shows: its highest servable version, else its highest that is not
     * deleted, else its highest.
     */
    static int shown(ArtifactEntry a) {
        OptionalInt servable = latestServable(a);
        if (servable.isPresent()) {
            return servable.getAsInt();
        }
        for (int i = a.versions().size() - 1; i >= 0; i--) {
            if (VersionState.valueOf(a.states().get(i)) != VersionState.DELETED) {
                return a.versions().get(i);
            }
        }
        return a.versions().get(a.versions().size() - 1);
    }

    /** Whether a version is not deleted: the artifact is one of the Confluent API's subjects. */
    static boolean live(ArtifactEntry a) {
        return a.states().stream().anyMatch(s -> !s.equals(VersionState.DELETED.name()));
    }

    /** The entry with the search fields of the version it shows, which is {@code shown}. */
    static ArtifactEntry showing(ArtifactEntry a, VersionEntry shown) {
        String name = shown.name() == null ? "" : shown.name();
        String description = shown.description() == null ? "" : shown.description();
        String labels = String.join("\n", shown.labels());
        return new ArtifactEntry(
                a.id(),
                a.type(),
                a.createdBy(),
                a.createdOn(),
                a.lastVersion(),
                a.versions(),
                a.states(),
                a.hashes(),
                live(a),
                shown.version(),
                shown.name() == null ? a.id() : shown.name(),
                Entries.searchable(a.id() + " " + name + " " + description + " " + labels),
                Entries.searchable(name),
                Entries.searchable(description),
                Entries.searchable(labels));
    }

    private static ArtifactEntry copy(
            ArtifactEntry a, int lastVersion, List<Integer> versions, List<String> states, List<String> hashes) {
        return new ArtifactEntry(
                a.id(),
                a.type(),
                a.createdBy(),
                a.createdOn(),
                lastVersion,
                versions,
                states,
                hashes,
                a.live(),
                a.shown(),
                a.sortKey(),
                a.text(),
                a.nameText(),
                a.descriptionText(),
                a.labelsText());
    }
}
