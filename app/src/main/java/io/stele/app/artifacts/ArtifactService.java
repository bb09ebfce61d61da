package io.stele.app.artifacts;

import io.stele.app.mode.ModeGuard;
import io.stele.app.rules.Compatibility;
import io.stele.app.rules.InvalidContentException;
import io.stele.app.rules.RuleViolationException;
import io.stele.app.rules.RulesService;
import io.stele.app.rules.TypeSupports;
import io.stele.app.storage.StorageProvider;
import io.stele.app.types.AnalysedContent;
import io.stele.app.types.ArtifactTypes;
import io.stele.storage.AlreadyExistsException;
import io.stele.storage.ArtifactType;
import io.stele.storage.ArtifactTypeMismatchException;
import io.stele.storage.Content;
import io.stele.storage.EditableMeta;
import io.stele.storage.ImportedVersion;
import io.stele.storage.NotFoundException;
import io.stele.storage.RegistryStorage;
import io.stele.storage.SchemaReference;
import io.stele.storage.StoredArtifact;
import io.stele.storage.StoredVersion;
import io.stele.storage.VersionDraft;
import io.stele.storage.VersionState;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.inject.Inject;
import java.time.Instant;
import java.util.List;
import java.util.Optional;
import java.util.UUID;
import java.util.function.Predicate;

/**
 * Writing artifacts: tells the content's type, applies the rules, fills metadata from the content,
 * and applies the ifExists policy.
 */
@ApplicationScoped
public class ArtifactService {

    /** Who writes, while the registry has no authentication. */
    public static final String ANONYMOUS = "";

    @Inject
    StorageProvider provider;

    @Inject
    ArtifactTypes types;

    @Inject
    TypeSupports supports;

    @Inject
    RulesService rules;

    @Inject
    ApiConfig config;

    /**
     * Content as a client sent it, with what it said of the type, the versions it references and
     * the metadata it gave the version. A name or description it did not give is the one the
     * content declares ({@link ArtifactTypes#describe}).
     */
    public record Upload(
            byte[] body,
            Optional<String> typeHeader,
            Optional<String> contentType,
            List<SchemaReference> references,
            EditableMeta meta) {

        public Upload {
            references = List.copyOf(references);
            meta = meta == null ? EditableMeta.EMPTY : meta;
        }

        /** Content with no metadata of the client's. */
        public Upload(
                byte[] body,
                Optional<String> typeHeader,
                Optional<String> contentType,
                List<SchemaReference> references) {
            this(body, typeHeader, contentType, references, EditableMeta.EMPTY);
        }

        /** Content that references nothing. */
        public Upload(byte[] body, Optional<String> typeHeader, Optional<String> contentType) {
            this(body, typeHeader, contentType, List.of());
        }

        /** The content with its references, hashed. */
        public Content content() {
            return references.isEmpty() ? Content.of(body) : Content.of(body, references);
        }

        /** Content alone, of the type the artifact has. */
        public static Upload of(byte[] body) {
            return new Upload(body, Optional.empty(), Optional.empty());
        }
    }

    /** The version a write produced or found, with the artifact's creator. */
    public record Written(StoredVersion version, String artifactCreatedBy, Instant artifactCreatedOn) {}

    private RegistryStorage storage() {
        return provider.storage();
    }

    /** Creates an artifact, or applies {@code ifExists} when the id is taken. */
    public Written create(Optional<String> requestedId, Upload upload, IfExists ifExists) {
        String artifactId = requestedId.filter(id -> !id.isBlank()).orElseGet(() -> UUID.randomUUID()
                .toString());
        Content content = checkedContent(upload);
        ArtifactType type = typeOfNew(content, upload);
        if (ifExists != IfExists.FAIL
                && requestedId.isPresent()
                && current(artifactId).isPresent()) {
            // An artifact known to exist is answered without trying to create it: on the SQL
            // backends the attempt, a write refused, tells this node's cache that the artifact
            // changed, and most of these requests are serializers registering a schema again. It is
            // refused in read-only mode all the same, as the create it stands for.
            ModeGuard.requireWritable(storage().rules(), Optional.of(artifactId));
            Optional<Written> existing = ifExists(artifactId, upload, content, ifExists);
            if (existing.isPresent()) {
                return existing.get();
            }
        }
        try {
            rules.checkContent(Optional.of(artifactId), type, content);
        } catch (InvalidContentException | RuleViolationException invalid) {
            // The artifact's rules judge it (rules may be configured ahead of a new artifact), else
            // the global ones; ifExists may still answer for an existing artifact.
            // Anything else, such as the backend being unavailable while the rules load, is no verdict
            // on the content and is answered as it is.
            if (ifExists == IfExists.FAIL || current(artifactId).isEmpty()) {
                throw invalid;
            }
            return ifExists(artifactId, upload, content, ifExists).orElseThrow(() -> invalid);
        }
        try {
            StoredVersion created = storage().artifacts().create(draft(artifactId, type, content, upload.meta()));
            return new Written(created, created.createdBy(), created.createdOn());
        } catch (AlreadyExistsException e) {
            return ifExists(artifactId, upload, content, ifExists).orElseThrow(() -> e);
        }
    }

    /** What {@code ifExists} does when the artifact exists; empty for FAIL, or when it is gone again. */
    private Optional<Written> ifExists(String artifactId, Upload upload, Content content, IfExists ifExists) {
        Optional<StoredVersion> current = current(artifactId);
        if (current.isEmpty()) {
            return Optional.empty();
        }
        return switch (ifExists) {
            case FAIL -> Optional.empty();
            case UPDATE -> Optional.of(addVersion(artifactId, upload));
            case RETURN -> Optional.of(existing(artifactId));
            case RETURN_OR_UPDATE ->
                Optional.of(sameContent(artifactId, current.get().type(), content)
                        .map(this::withArtifact)
                        .orElseGet(() -> addVersion(artifactId, upload)));
        };
    }

    /**
     * Adds a version after checking it against the rules. The content is of the artifact's type:
     * a different declared type is refused.
     */
    public Written addVersion(String artifactId, Upload upload) {
        VersionDraft draft = checkedVersion(artifactId, upload);
        return written(storage().versions().add(draft));
    }

    /**
     * Stores content under an artifact unless a version of it with the same meaning is there
     * already (and servable: neither DISABLED nor soft-deleted), as a Confluent serializer registers a schema: creates the artifact,
     * or adds a version checked against its rules, with {@code fallback} as the compatibility level
     * where no rule sets one.
     *
     * @param type the content's type, as the client declared it
     * @return the version found or written
     */
    public StoredVersion register(String artifactId, ArtifactType type, Upload upload, Compatibility fallback) {
        Content content = checkedContent(upload);
        if (content.size() == 0) {
            throw new InvalidContentException("The schema is empty.");
        }
        Optional<StoredVersion> current = current(artifactId);
        if (current.isEmpty()) {
            rules.checkContent(Optional.of(artifactId), type, content); // its rules may be set ahead of it
            try {
                return storage().artifacts().create(draft(artifactId, type, content, upload.meta()));
            } catch (AlreadyExistsException e) {
                current = current(artifactId); // created meanwhile: register against it
            }
        }
        ArtifactType stored = current.orElseThrow(() -> NotFoundException.artifact(artifactId))
                .type();
        if (stored != type) {
            throw new ArtifactTypeMismatchException(artifactId, stored, type);
        }
        rules.checkContent(Optional.of(artifactId), type, content);
        Optional<StoredVersion> same = sameContent(artifactId, type, content);
        if (same.isPresent()) {
            return same.get();
        }
        rules.checkCompatibility(artifactId, type, content, fallback);
        return storage()
                .versions()
                .add(draft(artifactId, type, content, upload.meta()))
                .latest();
    }

    /**
     * Stores content under an artifact with the contentId and version number another registry gave
     * it, as a migration in IMPORT mode does: checked for validity, not for compatibility. Answers
     * the version stored already when the artifact holds the same content under that contentId (and
     * number, when one is given), so an import may be run again.
     *
     * @param version the number to keep; without one, one more than the artifact's highest
     * @throws ConflictException when the contentId holds other content, or the content has another id
     * @throws AlreadyExistsException when the artifact has a version with that number
     */
    public StoredVersion importVersion(
            String artifactId, ArtifactType type, Upload upload, long contentId, Optional<Integer> version) {
        Content content = checkedContent(upload);
        if (content.size() == 0) {
            throw new InvalidContentException("The schema is empty.");
        }
        boolean exists = current(artifactId).isPresent();
        rules.checkContent(Optional.of(artifactId), type, content);
        if (exists) {
            Optional<StoredVersion> same = sameContent(artifactId, type, content);
            if (same.isPresent()
                    && same.get().contentId() == contentId
                    && version.map(v -> v == same.get().version()).orElse(true)) {
                return same.get();
            }
        }
        int number = version.orElseGet(() -> {
            if (!exists) {
                return 1;
            }
            List<Integer> numbers = storage().versions().list(artifactId);
            return numbers.get(numbers.size() - 1) + 1;
        });
        return storage()
                .versions()
                .importVersion(new ImportedVersion(draft(artifactId, type, content, upload.meta()), contentId, number));
    }

    /** Runs the rules on a would-be new version, storing nothing: the version it would add. */
    public VersionDraft testVersion(String artifactId, Upload upload) {
        return checkedVersion(artifactId, upload);
    }

    /** Runs the rules on a would-be new artifact, storing nothing: its first version. */
    public VersionDraft testArtifact(String artifactId, Upload upload) {
        Content content = checkedContent(upload);
        ArtifactType type = typeOfNew(content, upload);
        rules.checkContent(Optional.of(artifactId), type, content);
        return draft(artifactId, type, content, upload.meta());
    }

    private ArtifactType typeOfNew(Content content, Upload upload) {
        return types.type(content, upload.typeHeader().map(ArtifactTypes::parseType), upload.contentType());
    }

    private VersionDraft checkedVersion(String artifactId, Upload upload) {
        Content content = checkedContent(upload);
        if (content.size() == 0) {
            throw new InvalidContentException("The artifact content is empty.");
        }
        ArtifactType type = current(artifactId)
                .orElseThrow(() -> NotFoundException.artifact(artifactId))
                .type();
        Optional<ArtifactType> declared =
                upload.typeHeader().map(ArtifactTypes::parseType).or(() -> types.hintedType(upload.contentType()));
        if (declared.isPresent() && declared.get() != type) {
            throw new ArtifactTypeMismatchException(artifactId, type, declared.get());
        }
        rules.checkContent(Optional.of(artifactId), type, content);
        rules.checkCompatibility(artifactId, type, content);
        return draft(artifactId, type, content, upload.meta());
    }

    /** The version the artifact shows (its latest, else its highest), or empty when it does not exist. */
    private Optional<StoredVersion> current(String artifactId) {
        return storage()
                .versions()
                .latest(artifactId)
                .or(() -> storage().artifacts().get(artifactId).map(StoredArtifact::latest));
    }

    private static Written written(StoredArtifact artifact) {
        return new Written(artifact.latest(), artifact.createdBy(), artifact.createdOn());
    }

    /** The version with the artifact's creation facts, for answers shaped as ArtifactMetaData. */
    public Written withArtifact(StoredVersion version) {
        StoredArtifact artifact = storage()
                .artifacts()
                .get(version.artifactId())
                .orElseThrow(() -> NotFoundException.artifact(version.artifactId()));
        return new Written(version, artifact.createdBy(), artifact.createdOn());
    }

    /** The artifact's latest version with its creation facts. */
    public Written existing(String artifactId) {
        StoredArtifact artifact =
                storage().artifacts().get(artifactId).orElseThrow(() -> NotFoundException.artifact(artifactId));
        return new Written(artifact.latest(), artifact.createdBy(), artifact.createdOn());
    }

    /**
     * The highest servable version of the artifact (neither DISABLED nor DELETED) whose content means the same as these
     * bytes: equal after canonicalisation for the artifact's type ({@link TypeSupports#canonicalHash}).
     */
    public StoredVersion findByContent(String artifactId, Upload upload) {
        return findByContent(artifactId, Optional.empty(), upload);
    }

    /**
     * As {@link #findByContent(String, Upload)}, for content the client declared of a type: content
     * of another type than the artifact's is none of its versions, whatever its text.
     */
    public StoredVersion findByContent(String artifactId, Optional<ArtifactType> declared, Upload upload) {
        Content content = checkedContent(upload);
        if (content.size() == 0) {
            throw new InvalidContentException("The artifact content is empty.");
        }
        ArtifactType type = typeOf(artifactId);
        return (declared.isEmpty() || declared.get() == type
                        ? sameContent(artifactId, type, content)
                        : Optional.<StoredVersion>empty())
                .orElseThrow(() -> new NotFoundException(
                        NotFoundException.Missing.CONTENT,
                        "No enabled or deprecated version of artifact '" + artifactId + "' has the given content."));
    }

    private ArtifactType typeOf(String artifactId) {
        return current(artifactId)
                .orElseThrow(() -> NotFoundException.artifact(artifactId))
                .type();
    }

    /**
     * The highest soft-deleted ({@link VersionState#DELETED}) version of the artifact whose content
     * means the same as these bytes, or empty. Reads the content of each soft-deleted version: for
     * the rare lookup that asks for deleted versions, not for a hot path.
     */
    public Optional<StoredVersion> findDeletedByContent(
            String artifactId, Optional<ArtifactType> declared, Upload upload) {
        Content content = checkedContent(upload);
        ArtifactType type = typeOf(artifactId);
        if (declared.isPresent() && declared.get() != type) {
            return Optional.empty();
        }
        return highestMeaning(artifactId, type, supports.canonicalHash(type, content), VersionState.DELETED::equals);
    }

    /**
     * The highest servable version whose content means the same, found by its canonical hash. A
     * version stored under an earlier canonical form (or before canonical hashes) carries that
     * form's hash: one found by such a hash is compared again by the current form, and if it
     * differs, the artifact's servable versions are compared one by one, as two of them may share
     * a former hash.
     */
    private Optional<StoredVersion> sameContent(String artifactId, ArtifactType type, Content content) {
        String canonical = supports.canonicalHash(type, content);
        Optional<StoredVersion> found = storage().versions().findByCanonicalHash(artifactId, canonical);
        if (found.isPresent()) {
            return found;
        }
        for (String former : supports.formerHashes(type, content, canonical)) {
            Optional<StoredVersion> candidate = storage().versions().findByCanonicalHash(artifactId, former);
            if (candidate.isPresent()) {
                return means(candidate.get(), type, canonical)
                        ? candidate
                        : highestMeaning(artifactId, type, canonical, VersionState::servable);
            }
        }
        return Optional.empty();
    }

    /** The highest version in a state that passes {@code states} whose content has this canonical hash. */
    private Optional<StoredVersion> highestMeaning(
            String artifactId, ArtifactType type, String canonical, Predicate<VersionState> states) {
        List<StoredVersion> all = rules.allVersions(artifactId);
        for (int i = all.size() - 1; i >= 0; i--) {
            StoredVersion version = all.get(i);
            if (states.test(version.state()) && means(version, type, canonical)) {
                return Optional.of(version);
            }
        }
        return Optional.empty();
    }

    private boolean means(StoredVersion version, ArtifactType type, String canonical) {
        return storage()
                .contents()
                .byContentId(version.contentId())
                .map(stored -> supports.canonicalHash(type, stored.content()).equals(canonical))
                .orElse(false);
    }

    private Content checkedContent(Upload upload) {
        long max = config.maxContentSize().asLongValue();
        if (upload.body().length > max) {
            throw new ContentTooLargeException(upload.body().length, max);
        }
        return upload.content();
    }

    private VersionDraft draft(String artifactId, ArtifactType type, Content content, EditableMeta given) {
        AnalysedContent described = types.describe(type, content);
        EditableMeta meta = new EditableMeta(
                given.name().or(described::name),
                given.description().or(described::description),
                given.labels(),
                given.properties());
        return new VersionDraft(
                artifactId, type, content.ofType(type), meta, ANONYMOUS, supports.canonicalHash(type, content));
    }
}
