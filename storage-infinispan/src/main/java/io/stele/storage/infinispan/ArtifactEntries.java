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
                "",
                List.of(),
                0);
    }

    /** The entry with one more version (in any order: an import may bring them so). */
    static ArtifactEntry withVersion(
            ArtifactEntry a, int version, long globalId, VersionState state, String canonicalHash) {
        List<Integer> versions = new ArrayList<>(a.versions());
        List<Integer> states = new ArrayList<>(a.states());
        List<Integer> hashes = new ArrayList<>(a.hashes());
        List<Long> globalIds = new ArrayList<>(a.globalIds());
        int at = 0;
        while (at < versions.size() && versions.get(at) < version) {
            at++;
        }
        versions.add(at, version);
        states.add(at, code(state));
        hashes.add(at, digest(canonicalHash));
        globalIds.add(at, globalId);
        return copy(a, Math.max(a.lastVersion(), version), versions, states, hashes, globalIds);
    }

    /** The entry with one version in another state. */
    static ArtifactEntry withState(ArtifactEntry a, int version, VersionState state) {
        List<Integer> states = new ArrayList<>(a.states());
        states.set(a.versions().indexOf(version), code(state));
        return copy(a, a.lastVersion(), a.versions(), states, a.hashes(), a.globalIds());
    }

    /** The entry without one version; its number is not given again. */
    static ArtifactEntry without(ArtifactEntry a, int version) {
        int at = a.versions().indexOf(version);
        List<Integer> versions = new ArrayList<>(a.versions());
        List<Integer> states = new ArrayList<>(a.states());
        List<Integer> hashes = new ArrayList<>(a.hashes());
        List<Long> globalIds = new ArrayList<>(a.globalIds());
        versions.remove(at);
        states.remove(at);
        hashes.remove(at);
        globalIds.remove(at);
        return copy(a, a.lastVersion(), versions, states, hashes, globalIds);
    }

    static boolean has(ArtifactEntry a, int version) {
        return a.versions().contains(version);
    }

    /** The globalId of one of its versions, the key of that version's entry; 0 when it has no such version. */
    static long globalId(ArtifactEntry a, int version) {
        int at = a.versions().indexOf(version);
        return at < 0 ? 0 : a.globalIds().get(at);
    }

    /**
     * Whether it lists this version entry as one of its versions: an entry it does not list was
     * written by an append that lost its compare-and-set or never made it ({@link VersionAppends}).
     */
    static boolean lists(ArtifactEntry a, VersionEntry entry) {
        return a != null && a.id().equals(entry.artifactId()) && globalId(a, entry.version()) == entry.globalId();
    }

    static VersionState state(ArtifactEntry a, int version) {
        return state(a.states().get(a.versions().indexOf(version)));
    }

    /** The highest servable version, the one {@code latest} gives. */
    static OptionalInt latestServable(ArtifactEntry a) {
        for (int i = a.versions().size() - 1; i >= 0; i--) {
            if (state(a.states().get(i)).servable()) {
                return OptionalInt.of(a.versions().get(i));
            }
        }
        return OptionalInt.empty();
    }

    /**
     * The servable versions whose canonical hash may be this one, highest first: those whose digest
     * is this hash's. Confirm against the version's entry, which holds the hash itself.
     */
    static List<Integer> servableWithDigest(ArtifactEntry a, String canonicalHash) {
        int digest = digest(canonicalHash);
        List<Integer> candidates = new ArrayList<>(1);
        for (int i = a.versions().size() - 1; i >= 0; i--) {
            if (a.hashes().get(i) == digest && state(a.states().get(i)).servable()) {
                candidates.add(a.versions().get(i));
            }
        }
        return candidates;
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
            if (state(a.states().get(i)) != VersionState.DELETED) {
                return a.versions().get(i);
            }
        }
        return a.versions().get(a.versions().size() - 1);
    }

    /** Whether a version is not deleted: the artifact is one of the Confluent API's subjects. */
    static boolean live(ArtifactEntry a) {
        return a.states().stream().anyMatch(s -> state(s) != VersionState.DELETED);
    }

    /** A state as the entry keeps it: a fixed number, whatever the order of {@link VersionState}. */
    static int code(VersionState state) {
        return switch (state) {
            case ENABLED -> 1;
            case DISABLED -> 2;
            case DEPRECATED -> 3;
            case DELETED -> 4;
        };
    }

    static VersionState state(int code) {
        return switch (code) {
            case 1 -> VersionState.ENABLED;
            case 2 -> VersionState.DISABLED;
            case 3 -> VersionState.DEPRECATED;
            case 4 -> VersionState.DELETED;
            default -> throw new IllegalStateException("Unknown version state " + code + " in an artifact entry");
        };
    }

    /**
     * A 32-bit digest of a canonical hash (64-bit FNV-1a over its characters, folded): equal hashes,
     * equal digests; unequal ones rarely collide, and a lookup confirms a match.
     */
    static int digest(String canonicalHash) {
        long h = 0xcbf29ce484222325L;
        for (int i = 0; i < canonicalHash.length(); i++) {
            h ^= canonicalHash.charAt(i);
            h *= 0x100000001b3L;
        }
        return (int) (h ^ (h >>> 32));
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
                Entries.searchable(labels),
                a.globalIds(),
                a.versions().size());
    }

    private static ArtifactEntry copy(
            ArtifactEntry a,
            int lastVersion,
            List<Integer> versions,
            List<Integer> states,
            List<Integer> hashes,
            List<Long> globalIds) {
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
                a.labelsText(),
                globalIds,
                versions.size());
    }
}
