package io.stele.app.artifacts;

import io.stele.app.types.AnalysedContent;
import io.stele.app.types.ArtifactTypes;
import io.stele.app.types.InvalidContentException;
import io.stele.app.storage.StorageProvider;
import io.stele.storage.AlreadyExistsException;
import io.stele.storage.ArtifactTypeMismatchException;
import io.stele.storage.ArtifactType;
import io.stele.storage.Content;
import io.stele.storage.EditableMeta;
import io.stele.storage.NotFoundException;
import io.stele.storage.RegistryStorage;
import io.stele.storage.StoredArtifact;
import io.stele.storage.StoredVersion;
import io.stele.storage.VersionDraft;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.inject.Inject;
import java.time.Instant;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.UUID;

/** Writing artifacts: checks content, fills metadata from it, and applies the ifExists policy. */
@ApplicationScoped
public class ArtifactService {

    /** Who writes, while the registry has no authentication. */
    public static final String ANONYMOUS = "";

    @Inject
    StorageProvider provider;

    @Inject
    ArtifactTypes types;

    @Inject
    ApiConfig config;

    /** Content as a client sent it, with what it said of the type. */
    public record Upload(byte[] body, Optional<String> typeHeader, Optional<String> contentType) {}

    /** The version a write produced or found, with the artifact's creator. */
    public record Written(StoredVersion version, String artifactCreatedBy, Instant artifactCreatedOn) {}

    private RegistryStorage storage() {
        return provider.storage();
    }

    /** Creates an artifact, or applies {@code ifExists} when the id is taken. */
    public Written create(Optional<String> requestedId, Upload upload, IfExists ifExists) {
        String artifactId = requestedId.filter(id -> !id.isBlank()).orElseGet(() -> UUID.randomUUID().toString());
        Content content = checkedContent(upload);
        Optional<ArtifactType> declared = upload.typeHeader().map(ArtifactTypes::parseType);
        VersionDraft draft = draft(artifactId, content, types.analyse(content, declared, upload.contentType()));
        try {
            StoredVersion created = storage().artifacts().create(draft);
            return new Written(created, created.createdBy(), created.createdOn());
        } catch (AlreadyExistsException e) {
            return switch (ifExists) {
                case FAIL -> throw e;
                case UPDATE -> addVersion(artifactId, upload);
                case RETURN -> existing(artifactId);
                case RETURN_OR_UPDATE -> storage().versions().findByContentHash(artifactId, content.sha256())
                        .map(this::withArtifact)
                        .orElseGet(() -> addVersion(artifactId, upload));
            };
        }
    }

    /**
     * Adds a version. Without a declared type, the type is detected from the content; when the
     * content's type cannot be told, or the artifact is of another type, the content is checked as
     * the artifact's type and added if valid.
     */
    public Written addVersion(String artifactId, Upload upload) {
        Content content = checkedContent(upload);
        Optional<ArtifactType> declared = upload.typeHeader().map(ArtifactTypes::parseType)
                .or(() -> types.hintedType(upload.contentType()));
        if (declared.isPresent()) {
            return written(storage().versions().add(draft(artifactId, content,
                    types.analyse(content, declared, Optional.empty()))));
        }
        AnalysedContent detected;
        try {
            detected = types.analyse(content, Optional.empty(), Optional.empty());
        } catch (InvalidContentException notDetected) {
            return addAsArtifactType(artifactId, content, currentType(artifactId));
        }
        try {
            return written(storage().versions().add(draft(artifactId, content, detected)));
        } catch (ArtifactTypeMismatchException e) {
            return addAsArtifactType(artifactId, content, e.artifactType());
        }
    }

    private Written addAsArtifactType(String artifactId, Content content, ArtifactType type) {
        AnalysedContent analysed = types.analyse(content, Optional.of(type), Optional.empty());
        return written(storage().versions().add(draft(artifactId, content, analysed)));
    }

    private ArtifactType currentType(String artifactId) {
        return storage().artifacts().get(artifactId)
                .orElseThrow(() -> NotFoundException.artifact(artifactId))
                .latest()
                .type();
    }

    private static Written written(StoredArtifact artifact) {
        return new Written(artifact.latest(), artifact.createdBy(), artifact.createdOn());
    }

    /** The version with the artifact's creation facts, for answers shaped as ArtifactMetaData. */
    public Written withArtifact(StoredVersion version) {
        StoredArtifact artifact = storage().artifacts().get(version.artifactId())
                .orElseThrow(() -> NotFoundException.artifact(version.artifactId()));
        return new Written(version, artifact.createdBy(), artifact.createdOn());
    }

    /** The artifact's latest version with its creation facts. */
    public Written existing(String artifactId) {
        StoredArtifact artifact = storage().artifacts().get(artifactId)
                .orElseThrow(() -> NotFoundException.artifact(artifactId));
        return new Written(artifact.latest(), artifact.createdBy(), artifact.createdOn());
    }

    /** The version of the artifact whose content is exactly these bytes. */
    public StoredVersion findByContent(String artifactId, byte[] body) {
        Content content = checkedContent(new Upload(body, Optional.empty(), Optional.empty()));
        if (content.size() == 0) {
            throw new InvalidContentException("The artifact content is empty.");
        }
        if (storage().artifacts().get(artifactId).isEmpty()) {
            throw NotFoundException.artifact(artifactId);
        }
        return storage().versions().findByContentHash(artifactId, content.sha256())
                .orElseThrow(() -> new NotFoundException(
                        "No version of artifact '" + artifactId + "' has the given content."));
    }

    private Content checkedContent(Upload upload) {
        long max = config.maxContentSize().asLongValue();
        if (upload.body().length > max) {
            throw new ContentTooLargeException(upload.body().length, max);
        }
        return Content.of(upload.body());
    }

    private static VersionDraft draft(String artifactId, Content content, AnalysedContent analysed) {
        EditableMeta meta = new EditableMeta(analysed.name(), analysed.description(), List.of(), Map.of());
        return new VersionDraft(artifactId, analysed.type(), content, meta, ANONYMOUS);
    }
}
