package io.stele.app.ccompat;

import static io.stele.app.artifacts.ArtifactService.ANONYMOUS;

import io.stele.app.artifacts.ArtifactService.Upload;
import io.stele.app.ccompat.ConfluentBodies.Reference;
import io.stele.app.ccompat.ConfluentBodies.SchemaRequest;
import io.stele.app.mode.Mode;
import io.stele.app.rules.Compatibility;
import io.stele.app.rules.ReferenceResolver;
import io.stele.app.rules.RulesService;
import io.stele.app.rules.protobuf.ProtoDescriptors;
import io.stele.app.storage.StorageProvider;
import io.stele.storage.ArtifactType;
import io.stele.storage.Content;
import io.stele.storage.NotFoundException;
import io.stele.storage.PageRequest;
import io.stele.storage.RegistryStorage;
import io.stele.storage.RuleType;
import io.stele.storage.SchemaReference;
import io.stele.storage.StoredArtifact;
import io.stele.storage.StoredVersion;
import io.stele.storage.VersionState;
import io.vertx.core.buffer.Buffer;
import jakarta.inject.Inject;
import jakarta.inject.Singleton;
import jakarta.ws.rs.core.Response;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.function.Function;

/**
 * What the Confluent API's resources share: reading a version the way its paths name one, a
 * schema the way its ids name one, and a schema the way its requests send one. A subject is an
 * artifact, a schema id a contentId, and with no compatibility rule set BACKWARD applies, as in
 * Confluent Schema Registry (docs/adr/0015-confluent-compatible-api-on-steles-data.md).
 * Thread-safe; every method reads or writes through the storage and may block.
 */
@Singleton
class ConfluentData {

    /** The level Confluent Schema Registry applies when none is configured. */
    static final Compatibility DEFAULT_COMPATIBILITY = Compatibility.BACKWARD;

    @Inject
    StorageProvider provider;

    @Inject
    RulesService rules;

    @Inject
    ConfluentAnswers answers;

    @Inject
    ReferenceResolver resolver;

    RegistryStorage storage() {
        return provider.storage();
    }

    StoredVersion find(String subject, String version) {
        return find(subject, version, false);
    }

    /**
     * A version of a subject as a path names it: a number from 1, or {@code latest} or {@code -1}.
     * Soft-deleted versions are found only with {@code deleted}, as Confluent's {@code deleted=true}.
     */
    StoredVersion find(String subject, String version, boolean deleted) {
        String v = version.trim();
        if (ConfluentRequests.latest(v)) {
            return storage()
                    .versions()
                    .latest(subject)
                    .or(() -> deleted ? highestDeleted(subject) : Optional.empty())
                    .orElseThrow(() -> versionNotFound(subject, "latest", deleted));
        }
        return storage()
                .versions()
                .get(subject, ConfluentRequests.versionNumber(version))
                .filter(found -> deleted || found.state() != VersionState.DELETED)
                .orElseThrow(() -> versionNotFound(subject, v, deleted));
    }

    private Optional<StoredVersion> highestDeleted(String subject) {
        List<StoredVersion> all = rules.allVersions(subject);
        for (int i = all.size() - 1; i >= 0; i--) {
            if (all.get(i).state() == VersionState.DELETED) {
                return Optional.of(all.get(i));
            }
        }
        return Optional.empty();
    }

    /** 40402 for a subject that exists, else 40401: Confluent tells the two apart. */
    private ConfluentException versionNotFound(String subject, String version, boolean deleted) {
        requireSubject(subject, deleted);
        return ConfluentErrors.versionNotFound(version);
    }

    /**
     * The subject, unless it does not exist or (without {@code deleted}) every version of it is
     * soft-deleted: then 40401, as Confluent answers.
     */
    StoredArtifact requireSubject(String subject, boolean deleted) {
        return storage()
                .artifacts()
                .get(subject)
                .filter(a -> deleted || a.latest().state() != VersionState.DELETED)
                .orElseThrow(() -> ConfluentErrors.subjectNotFound(subject));
    }

    /** A version of a subject with its schema, as the hot path answers it too ({@link ConfluentRoutes}). */
    Response answer(StoredVersion version) {
        return json(versionJson(version));
    }

    /** The encoded answer for a version of a subject with its schema, kept once made. */
    Buffer versionJson(StoredVersion version) {
        return answers.version(version, () -> contentOf(version));
    }

    Content contentOf(StoredVersion version) {
        return storage()
                .contents()
                .byContentId(version.contentId())
                .orElseThrow(() -> NotFoundException.contentId(version.contentId()))
                .content();
    }

    /**
     * The schema a request sends, with its references in Stele's terms: a reference's version -1
     * (or none) names the referenced subject's latest version, as in Confluent.
     */
    Upload upload(SchemaRequest request) {
        return upload(request, false);
    }

    /**
     * {@link #upload(SchemaRequest)}, and with {@code normalize} (a request's {@code normalize=true})
     * the schema in its type's normal form, which Confluent registers and looks up instead of the
     * text sent, so that schemas that differ only in what normalizing orders are one.
     */
    Upload upload(SchemaRequest request, boolean normalize) {
        List<SchemaReference> references = new ArrayList<>();
        if (request.references() != null) {
            for (Reference reference : request.references()) {
                references.add(reference(reference));
            }
        }
        boolean protobuf = ConfluentRequests.type(request) == ArtifactType.PROTOBUF;
        String schema = protobuf && ProtoDescriptors.isBase64(request.schema())
                ? ProtoDescriptors.text(request.schema())
                : request.schema();
        Upload upload =
                new Upload(schema.getBytes(StandardCharsets.UTF_8), Optional.empty(), Optional.empty(), references);
        if (protobuf) { // Confluent builds the file's descriptor: its imports and types must resolve
            rules.checkResolved(ArtifactType.PROTOBUF, upload.content());
        }
        if (!normalize) {
            return upload;
        }
        ArtifactType type = ConfluentRequests.type(request);
        if (!protobuf) {
            rules.checkSyntax(type, upload.content());
        }
        return new Upload(
                rules.normalized(type, upload.content()).getBytes(StandardCharsets.UTF_8),
                Optional.empty(),
                Optional.empty(),
                references);
    }

    /**
     * A schema's text in the {@code format} asked for: {@code serialized} gives a Protobuf schema as
     * a base64-encoded {@code FileDescriptorProto}, as Confluent's Python and JavaScript serializers
     * read it; anything else, or another type, the text as stored.
     */
    String formatted(Content content, ArtifactType type, String format) {
        return serialized(format, type)
                ? ProtoDescriptors.base64(content.text(), resolver.resolve(content))
                : content.text();
    }

    static boolean serialized(String format, ArtifactType type) {
        return type == ArtifactType.PROTOBUF && format != null && format.trim().equalsIgnoreCase("serialized");
    }

    /** A version of a subject with its schema in the {@code format} asked for ({@link #formatted}). */
    Response answer(StoredVersion version, String format) {
        if (!serialized(format, version.type())) {
            return answer(version);
        }
        Content content = contentOf(version);
        return Response.ok(
                        ConfluentBodies.SubjectSchema.of(version, content, formatted(content, version.type(), format)),
                        ConfluentMediaTypes.V1_JSON)
                .build();
    }

    private SchemaReference reference(Reference reference) {
        if (reference == null
                || reference.name() == null
                || reference.name().isBlank()
                || reference.subject() == null
                || reference.subject().isBlank()) {
            throw new ConfluentException(
                    422,
                    ConfluentErrors.INVALID_SCHEMA,
                    "Invalid schema: each reference must give a name, a subject and a version.");
        }
        int version = reference.version() == null ? -1 : reference.version();
        if (version == -1) {
            version = storage()
                    .versions()
                    .latest(reference.subject())
                    .map(StoredVersion::version)
                    .orElseThrow(() -> new ConfluentException(
                            422,
                            ConfluentErrors.INVALID_SCHEMA,
                            "Invalid schema: reference '" + reference.name() + "' names subject '" + reference.subject()
                                    + "', which has no version."));
        } else if (version < 1) {
            throw new ConfluentException(
                    422,
                    ConfluentErrors.INVALID_SCHEMA,
                    "Invalid schema: reference '" + reference.name() + "' has version " + version
                            + "; a version is 1 or more, or -1 for the latest.");
        }
        return new SchemaReference(reference.name(), reference.subject(), version);
    }

    static Response json(Buffer answer) {
        return Response.ok(answer.getBytes(), ConfluentMediaTypes.V1_JSON).build();
    }

    /**
     * The versions that use a schema id, soft-deleted ones only with {@code deleted}; 404 when no
     * stored schema has it.
     */
    List<StoredVersion> usersOf(long contentId, boolean deleted) {
        List<StoredVersion> versions = storage().versions().byContentId(contentId);
        if (versions.isEmpty() && storage().contents().byContentId(contentId).isEmpty()) {
            throw ConfluentErrors.schemaNotFound();
        }
        return versions.stream()
                .filter(v -> deleted || v.state() != VersionState.DELETED)
                .toList();
    }

    /**
     * A schema by its id, with the type it was registered as: the type its identity says ({@link
     * Content#typeOfIdentity}), read without listing the versions that use it; 40403 when no stored
     * schema has that id.
     */
    TypedContent schema(long contentId) {
        Content content = storage()
                .contents()
                .byContentId(contentId)
                .orElseThrow(ConfluentErrors::schemaNotFound)
                .content();
        return new TypedContent(content, content.typeOfIdentity().orElse(ArtifactType.AVRO));
    }

    /** A schema and the type it was registered as. */
    record TypedContent(Content content, ArtifactType type) {}

    /** The mode in force for a subject, or with none the global one: READWRITE when none is set. */
    Mode modeInForce(Optional<String> subject) {
        return Mode.inForce(scope -> storage().rules().get(scope, RuleType.MODE), subject);
    }

    /** A schema's text as the body, as Confluent answers it (with its JSON media type). */
    static Response text(String schema) {
        return Response.ok(schema.getBytes(StandardCharsets.UTF_8), ConfluentMediaTypes.V1_JSON)
                .build();
    }

    /** Subjects with a version not soft-deleted, or all with {@code deleted} or {@code deletedOnly}. */
    Function<PageRequest, List<String>> subjectIds(Listing listing) {
        return listing.withDeleted() ? storage().artifacts()::ids : storage().artifacts()::liveIds;
    }

    /** Soft-deletes a version: puts it in state {@link VersionState#DELETED}. */
    void softDelete(StoredVersion version) {
        storage().versions().updateState(version.artifactId(), version.version(), VersionState.DELETED, ANONYMOUS);
    }
}
