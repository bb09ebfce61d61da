package io.stele.storage;

import java.util.ArrayList;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * One import batch ({@link TransferStore#importBatch}) sorted by kind of record, checked for what a
 * backend's own constraints cannot check: every version belongs to an artifact of the batch, with
 * that artifact's type, within its numbers. An artifact's rules need no artifact: they may be
 * configured ahead of it.
 *
 * @param contents each distinct content, by id, first come first kept
 * @param artifacts the artifacts, in batch order
 * @param versions the versions, in batch order
 * @param rules the rules, in batch order
 * @param versionsByArtifact each artifact's versions
 */
public record ImportPlan(
        List<TransferRecord.ContentBlob> contents,
        List<TransferRecord.Artifact> artifacts,
        List<TransferRecord.Version> versions,
        List<TransferRecord.Rule> rules,
        Map<String, List<StoredVersion>> versionsByArtifact) {

    /**
     * Sorts and checks a batch.
     *
     * @throws InvalidRequestException when it is not in an order an import can follow
     */
    public static ImportPlan of(List<TransferRecord> batch) {
        for (TransferRecord record : batch) {
            if (record instanceof TransferRecord.Artifact a) {
                requireUser(a.createdBy(), "Artifact '" + a.artifactId() + "'");
            } else if (record instanceof TransferRecord.Version v) {
                String what = "Version " + v.version().version() + " of artifact '"
                        + v.version().artifactId() + "'";
                requireUser(v.version().createdBy(), what);
                requireUser(v.version().modifiedBy(), what);
            }
        }
        Map<Long, TransferRecord.ContentBlob> contents = new LinkedHashMap<>();
        Map<String, TransferRecord.Artifact> artifacts = new LinkedHashMap<>();
        List<TransferRecord.Version> versions = new ArrayList<>();
        List<TransferRecord.Rule> rules = new ArrayList<>();
        Map<String, List<StoredVersion>> byArtifact = new HashMap<>();
        for (TransferRecord record : batch) {
            if (record instanceof TransferRecord.ContentBlob blob) {
                contents.putIfAbsent(blob.contentId(), blob);
            } else if (record instanceof TransferRecord.Artifact artifact) {
                if (artifacts.putIfAbsent(artifact.artifactId(), artifact) != null) {
                    throw new InvalidRequestException(
                            "Artifact '" + artifact.artifactId() + "' comes twice in one batch.");
                }
                byArtifact.put(artifact.artifactId(), new ArrayList<>());
            } else if (record instanceof TransferRecord.Version v) {
                TransferRecord.Artifact artifact = requireArtifact(
                        artifacts,
                        v.version().artifactId(),
                        "Version " + v.version().version());
                if (v.version().type() != artifact.type()) {
                    throw new InvalidRequestException("Version " + v.version().version() + " of artifact '"
                            + artifact.artifactId() + "' is of type "
                            + v.version().type() + ", the artifact of type "
                            + artifact.type() + ".");
                }
                if (v.version().version() > artifact.lastVersion()) {
                    throw new InvalidRequestException("Version " + v.version().version() + " of artifact '"
                            + artifact.artifactId() + "' is above its lastVersion " + artifact.lastVersion() + ".");
                }
                versions.add(v);
                byArtifact.get(artifact.artifactId()).add(v.version());
            } else if (record instanceof TransferRecord.Rule rule) {
                rules.add(rule); // of an artifact of the batch, of one stored, or configured ahead of its artifact
            }
        }
        byArtifact.forEach((id, list) -> {
            if (list.isEmpty()) {
                throw new InvalidRequestException("Artifact '" + id + "' has no version in its batch.");
            }
        });
        return new ImportPlan(
                List.copyOf(contents.values()), List.copyOf(artifacts.values()), versions, rules, byArtifact);
    }

    private static TransferRecord.Artifact requireArtifact(
            Map<String, TransferRecord.Artifact> artifacts, String id, String what) {
        TransferRecord.Artifact artifact = artifacts.get(id);
        if (artifact == null) {
            throw new InvalidRequestException(
                    what + " of artifact '" + id + "' comes without the artifact before it in the same batch.");
        }
        return artifact;
    }

    /** The longest name of a user that every backend keeps (the SQL schema's column). */
    public static final int MAX_USER_LENGTH = 256;

    private static void requireUser(String user, String what) {
        if (user.length() > MAX_USER_LENGTH) {
            throw new InvalidRequestException("The registry cannot store a value of this import: " + what
                    + " names a user longer than " + MAX_USER_LENGTH + " characters.");
        }
    }

    /** Whether the batch holds rules of an artifact that it does not hold. */
    public boolean hasRulesAhead() {
        return rules.stream().anyMatch(r -> r.scope()
                .artifactId()
                .filter(id -> !versionsByArtifact.containsKey(id))
                .isPresent());
    }
}
