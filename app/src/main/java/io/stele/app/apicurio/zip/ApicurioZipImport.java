package io.stele.app.apicurio.zip;

import static io.stele.app.apicurio.zip.ApicurioEntities.artifactId;
import static io.stele.app.apicurio.zip.ApicurioEntities.meta;
import static io.stele.app.apicurio.zip.ApicurioEntities.notKept;
import static io.stele.app.apicurio.zip.ApicurioEntities.number;
import static io.stele.app.apicurio.zip.ApicurioEntities.optional;
import static io.stele.app.apicurio.zip.ApicurioEntities.references;
import static io.stele.app.apicurio.zip.ApicurioEntities.requireDefault;
import static io.stele.app.apicurio.zip.ApicurioEntities.requireUser;
import static io.stele.app.apicurio.zip.ApicurioEntities.rule;
import static io.stele.app.apicurio.zip.ApicurioEntities.text;
import static io.stele.app.apicurio.zip.ApicurioEntities.time;
import static io.stele.app.apicurio.zip.ApicurioEntities.tree;
import static io.stele.app.apicurio.zip.ApicurioEntities.type;

import com.fasterxml.jackson.databind.JsonNode;
import io.stele.app.rules.InvalidContentException;
import io.stele.app.rules.ReferenceResolver;
import io.stele.app.rules.TypeSupports;
import io.stele.storage.AlreadyExistsException;
import io.stele.storage.ArtifactIds;
import io.stele.storage.ArtifactType;
import io.stele.storage.ConflictException;
import io.stele.storage.Content;
import io.stele.storage.InvalidRequestException;
import io.stele.storage.RuleScope;
import io.stele.storage.SchemaReference;
import io.stele.storage.StoredVersion;
import io.stele.storage.TransferFormat;
import io.stele.storage.TransferRecord;
import io.stele.storage.TransferStore;
import io.stele.storage.VersionState;
import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.nio.file.Path;
import java.time.Instant;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.TreeMap;
import java.util.zip.ZipEntry;
import java.util.zip.ZipException;
import java.util.zip.ZipFile;

/**
 * An export of Apicurio Registry, the zip its 2.x and 3.x {@code /admin/export} write, read into
 * Stele's import records with every globalId, contentId and version number kept. The whole file is
 * read and checked before anything is stored, so a file Stele cannot take in full writes nothing:
 * what Stele does not keep (groups other than the default one, branches of one's own, comments,
 * group rules, drafts, versions not numbered 1, 2, 3...) is refused, naming the first such entry.
 * Only each version's metadata stays in memory; content is read from the file when it is stored.
 *
 * <p>Not thread-safe: one import reads one file, on a worker thread.
 */
final class ApicurioZipImport implements AutoCloseable {

    private static final Set<String> KINDS = Set.of(
            "Manifest",
            "GlobalRule",
            "Content",
            "Group",
            "GroupRule",
            "Artifact",
            "ArtifactVersion",
            "ArtifactRule",
            "Branch",
            "Comment",
            "ContractRule");

    /** A version as the file gives it, with the type its entry names, if it names one. */
    private record VersionEntry(StoredVersion version, Optional<String> type) {}

    /** An artifact: its entry's type, owner and creation time (3.x), and its versions by number. */
    private static final class ArtifactEntry {
        Optional<String> type = Optional.empty();
        Optional<String> owner = Optional.empty();
        Optional<Instant> createdOn = Optional.empty();
        final TreeMap<Integer, VersionEntry> versions = new TreeMap<>();
    }

    /** A content: where its bytes are in the file, its type (if the file says) and its references. */
    private record ContentEntry(String data, Optional<String> type, List<SchemaReference> references) {}

    private final ZipFile zip;
    private final long maxEntry;
    private final TypeSupports supports;
    private final ReferenceResolver.Versions stored;
    private final List<TransferRecord.Rule> globalRules = new ArrayList<>();
    private final Map<String, List<TransferRecord.Rule>> artifactRules = new TreeMap<>();
    private final Map<String, ArtifactEntry> artifacts = new TreeMap<>();
    private final Map<Long, ContentEntry> contents = new HashMap<>();
    private final Map<Long, ArtifactType> contentTypes = new HashMap<>();
    private String exportVersion;

    private ApicurioZipImport(ZipFile zip, long maxEntry, TypeSupports supports, ReferenceResolver.Versions stored) {
        this.zip = zip;
        this.maxEntry = maxEntry;
        this.supports = supports;
        this.stored = stored;
    }

    /**
     * Reads and checks the whole file.
     *
     * @param maxEntry the most bytes one entry of the file may hold
     * @param stored where references to versions outside the file are read
     * @throws InvalidRequestException when the file is not an Apicurio export, or holds what Stele
     *     cannot keep
     */
    static ApicurioZipImport read(Path file, long maxEntry, TypeSupports supports, ReferenceResolver.Versions stored) {
        ZipFile zip;
        try {
            zip = new ZipFile(file.toFile());
        } catch (ZipException e) {
            throw new InvalidRequestException("The body is not a zip file, as Apicurio Registry's export is.");
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
        ApicurioZipImport read = new ApicurioZipImport(zip, maxEntry, supports, stored);
        try {
            read.readEntries();
            read.check();
            return read;
        } catch (RuntimeException e) {
            read.close();
            throw e;
        }
    }

    /** The Apicurio export format the manifest names: {@code 2.0}, {@code 3.0} and so on. */
    String exportVersion() {
        return exportVersion;
    }

    /**
     * Stores the file in batches of at least {@code batchSize} records, each cut where an artifact
     * begins: the global rules, then each artifact with its rules and its versions in ascending
     * order, each version preceded by its content the first time that content comes.
     *
     * @return how many artifacts and versions were stored
     */
    TransferFormat.Counts store(TransferStore store, int batchSize) {
        List<TransferRecord> batch = new ArrayList<>(globalRules);
        TransferFormat.Counts totals = TransferFormat.Counts.NONE;
        Map<Long, String> hashes = new HashMap<>(); // each content read and hashed once
        for (Map.Entry<String, ArtifactEntry> entry : artifacts.entrySet()) {
            if (batch.size() >= batchSize) {
                totals = stored(store, batch, totals);
                batch = new ArrayList<>();
            }
            String id = entry.getKey();
            ArtifactEntry artifact = entry.getValue();
            StoredVersion first = artifact.versions.firstEntry().getValue().version();
            batch.add(new TransferRecord.Artifact(
                    id,
                    first.type(),
                    artifact.owner.orElse(first.createdBy()),
                    artifact.createdOn.orElse(first.createdOn()),
                    artifact.versions.lastKey()));
            batch.addAll(artifactRules.getOrDefault(id, List.of()));
            for (VersionEntry v : artifact.versions.values()) {
                long contentId = v.version().contentId();
                String hash = hashes.get(contentId); // a contentId's type is one (check()), so is its hash
                if (hash == null) {
                    Content content = content(contentId, v.version().type());
                    batch.add(new TransferRecord.ContentBlob(contentId, content));
                    hash = canonicalHash(v.version().type(), content);
                    hashes.put(contentId, hash);
                }
                batch.add(new TransferRecord.Version(v.version(), hash));
            }
        }
        for (Map.Entry<String, List<TransferRecord.Rule>> rules : artifactRules.entrySet()) {
            if (!artifacts.containsKey(rules.getKey())) {
                batch.addAll(rules.getValue()); // configured ahead of the artifact, as Apicurio allows
            }
        }
        return batch.isEmpty() ? totals : stored(store, batch, totals);
    }

    private static TransferFormat.Counts stored(
            TransferStore store, List<TransferRecord> batch, TransferFormat.Counts totals) {
        try {
            store.importBatch(batch);
        } catch (AlreadyExistsException | ConflictException e) {
            if (totals.records() == 0) {
                throw e;
            }
            throw new ConflictException(
                    e.getMessage() + " Stored before it: the file's first " + totals.artifacts()
                            + " artifacts by id, with " + totals.versions() + " versions; the rest was not.",
                    e);
        }
        TransferFormat.Counts counted = totals;
        for (TransferRecord record : batch) {
            counted = counted.plus(record);
        }
        return counted;
    }

    private void readEntries() {
        for (ZipEntry entry : zip.stream().filter(e -> !e.isDirectory()).toList()) {
            String name = entry.getName();
            String[] parts = name.substring(name.lastIndexOf('/') + 1).split("\\.");
            String kind = parts.length > 2 ? parts[parts.length - 2] : "";
            String extension = parts[parts.length - 1];
            if (!KINDS.contains(kind) || !(extension.equals("json") || extension.equals("data"))) {
                throw new InvalidRequestException(
                        "The file holds '" + name + "', which is not an entry of Apicurio Registry's export.");
            }
            if (extension.equals("json")) {
                readEntity(kind, name, entryTree(entry));
            }
        }
        if (exportVersion == null) {
            throw new InvalidRequestException(
                    "The file has no manifest (a '.Manifest.json' entry), as every Apicurio Registry export has.");
        }
    }

    private void readEntity(String kind, String name, JsonNode node) {
        switch (kind) {
            case "Manifest" -> manifest(node);
            case "GlobalRule" ->
                globalRules.add(new TransferRecord.Rule(
                        RuleScope.GLOBAL, rule(text(node, "ruleType"), name), text(node, "configuration")));
            case "ArtifactRule" -> {
                String id = artifactId(node, name);
                artifactRules
                        .computeIfAbsent(id, k -> new ArrayList<>())
                        .add(new TransferRecord.Rule(
                                RuleScope.artifact(id), rule(text(node, "type"), name), text(node, "configuration")));
            }
            case "Artifact" -> {
                ArtifactEntry artifact = artifacts.computeIfAbsent(artifactId(node, name), k -> new ArtifactEntry());
                artifact.type = optional(node, "artifactType");
                artifact.owner = Optional.of(optional(node, "owner").orElse(""));
                artifact.createdOn = Optional.of(time(node, "createdOn"));
            }
            case "ArtifactVersion" -> version(node, name);
            case "Content" ->
                contents.put(
                        number(node, "contentId"),
                        new ContentEntry(
                                name.substring(0, name.length() - "json".length()) + "data",
                                optional(node, "artifactType"),
                                references(node, name)));
            case "Group" -> requireDefault(optional(node, "groupId"), name);
            case "Branch" -> {
                String branch = optional(node, "branchId").orElse("");
                if (!branch.equals("latest") && !node.path("systemDefined").asBoolean(false)) {
                    throw notKept(name, "branch '" + branch + "'", "branches of one's own");
                }
            }
            case "GroupRule" -> throw notKept(name, "a rule of a group", "rules of groups");
            case "Comment" -> throw notKept(name, "a comment on a version", "comments");
            default -> throw notKept(name, "a contract rule", "contract rules");
        }
    }

    private void manifest(JsonNode node) {
        String version = optional(node, "exportVersion").orElse("");
        if (!(version.startsWith("1") || version.startsWith("2") || version.startsWith("3"))) {
            throw new InvalidRequestException("The manifest names export version '" + version
                    + "'; Stele reads the exports of Apicurio Registry 1.x, 2.x and 3.x.");
        }
        exportVersion = version;
    }

    private void version(JsonNode node, String name) {
        String id = artifactId(node, name);
        String number = text(node, "version");
        int version;
        try {
            version = Integer.parseInt(number);
        } catch (NumberFormatException e) {
            version = 0;
        }
        if (version < 1) {
            throw new InvalidRequestException("Version '" + number + "' of artifact '" + id + "' (" + name
                    + ") is not a whole number of 1 or more: Stele numbers an artifact's versions 1, 2, 3 and so on.");
        }
        String state = optional(node, "state").orElse("ENABLED");
        if (state.equals("DRAFT")) {
            throw notKept(name, "a draft version", "drafts");
        }
        VersionState versionState;
        try {
            versionState = VersionState.valueOf(state);
        } catch (IllegalArgumentException e) {
            throw new InvalidRequestException(name + " has the state '" + state + "', which is not a version's state.");
        }
        Instant created = time(node, "createdOn");
        long modified = node.path("modifiedOn").asLong(0);
        String owner =
                optional(node, "owner").or(() -> optional(node, "createdBy")).orElse("");
        StoredVersion stored = new StoredVersion(
                id,
                version,
                number(node, "globalId"),
                number(node, "contentId"),
                ArtifactType.AVRO, // the type is settled by check(), once every entry is read
                versionState,
                meta(node),
                owner,
                created,
                optional(node, "modifiedBy").orElse(owner),
                modified > 0 ? Instant.ofEpochMilli(modified) : created);
        ArtifactEntry artifact = artifacts.computeIfAbsent(id, k -> new ArtifactEntry());
        if (artifact.versions.put(version, new VersionEntry(stored, optional(node, "artifactType"))) != null) {
            throw new InvalidRequestException("Version " + version + " of artifact '" + id + "' comes twice.");
        }
    }

    /** Settles each version's type, and checks that every version has its content in the file. */
    private void check() {
        Set<Long> globalIds = new HashSet<>();
        artifacts.forEach((id, artifact) -> {
            if (artifact.versions.isEmpty()) {
                throw new InvalidRequestException("Artifact '" + id + "' has no version in the file.");
            }
            ArtifactIds.requireValid(id);
            artifact.owner.ifPresent(owner -> requireUser(owner, id));
            for (Map.Entry<Integer, VersionEntry> e : artifact.versions.entrySet()) {
                StoredVersion v = e.getValue().version();
                requireUser(v.createdBy(), id);
                requireUser(v.modifiedBy(), id);
                ContentEntry content = contents.get(v.contentId());
                if (content == null || zip.getEntry(content.data()) == null) {
                    throw new InvalidRequestException("Version " + v.version() + " of artifact '" + id
                            + "' has content " + v.contentId() + ", which the file does not hold.");
                }
                if (!globalIds.add(v.globalId())) {
                    throw new InvalidRequestException("Two versions have globalId " + v.globalId() + ".");
                }
                String typeName = artifact.type
                        .or(() -> e.getValue().type())
                        .or(content::type)
                        .orElseThrow(() -> new InvalidRequestException(
                                "The file does not say the type of artifact '" + id + "'."));
                ArtifactType type = type(typeName, id);
                ArtifactType given = contentTypes.putIfAbsent(v.contentId(), type);
                if (given != null && given != type) {
                    throw new InvalidRequestException("Content " + v.contentId() + " is used as " + given + " and as "
                            + type + "; Stele keeps content of one type under one contentId.");
                }
                e.setValue(new VersionEntry(
                        new StoredVersion(
                                v.artifactId(),
                                v.version(),
                                v.globalId(),
                                v.contentId(),
                                type,
                                v.state(),
                                v.meta(),
                                v.createdBy(),
                                v.createdOn(),
                                v.modifiedBy(),
                                v.modifiedOn()),
                        Optional.of(typeName)));
            }
            ArtifactType first =
                    artifact.versions.firstEntry().getValue().version().type();
            if (artifact.versions.values().stream().anyMatch(v -> v.version().type() != first)) {
                throw new InvalidRequestException("The versions of artifact '" + id + "' are of more than one type.");
            }
        });
    }

    private Content content(long contentId, ArtifactType type) {
        ContentEntry entry = contents.get(contentId);
        return Content.of(bytes(zip.getEntry(entry.data())), entry.references()).ofType(type);
    }

    /** The canonical hash, with references read from the file first; that of the bytes if it does not parse. */
    private String canonicalHash(ArtifactType type, Content content) {
        try {
            return supports.canonicalHash(type, content, this::referenced);
        } catch (InvalidContentException e) {
            return Content.identity(Content.sha256Hex(content.bytes()), content.references());
        }
    }

    private Optional<Content> referenced(SchemaReference.Target target) {
        ArtifactEntry artifact = artifacts.get(target.artifactId());
        VersionEntry version = artifact == null ? null : artifact.versions.get(target.version());
        if (version == null) {
            return stored.content(target);
        }
        return Optional.of(
                content(version.version().contentId(), version.version().type()));
    }

    private JsonNode entryTree(ZipEntry entry) {
        return tree(bytes(entry), entry.getName());
    }

    private byte[] bytes(ZipEntry entry) {
        try (InputStream in = zip.getInputStream(entry)) {
            byte[] bytes = in.readNBytes((int) Math.min(Integer.MAX_VALUE - 8, maxEntry + 1));
            if (bytes.length > maxEntry) {
                throw new InvalidRequestException(
                        entry.getName() + " holds more than " + maxEntry + " bytes, more than an entry may.");
            }
            return bytes;
        } catch (ZipException e) {
            throw new InvalidRequestException("The zip file is damaged: " + entry.getName() + " cannot be read.");
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    @Override
    public void close() {
        try {
            zip.close();
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }
}
