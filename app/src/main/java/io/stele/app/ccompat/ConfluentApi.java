package io.stele.app.ccompat;

import static io.stele.app.ccompat.ConfluentErrors.about;
import static io.stele.app.ccompat.ConfluentRequests.flag;
import static io.stele.app.ccompat.ConfluentRequests.present;
import static io.stele.app.ccompat.ConfluentRequests.required;
import static io.stele.app.ccompat.ConfluentRequests.schemaId;
import static io.stele.app.ccompat.ConfluentRequests.type;

import io.smallrye.common.annotation.NonBlocking;
import io.smallrye.mutiny.Uni;
import io.smallrye.mutiny.infrastructure.Infrastructure;
import io.stele.app.artifacts.ArtifactService.Upload;
import io.stele.app.ccompat.ConfluentBodies.RegisterAnswer;
import io.stele.app.ccompat.ConfluentBodies.SchemaRequest;
import io.stele.app.ccompat.ConfluentBodies.SchemaString;
import io.stele.app.ccompat.ConfluentBodies.SubjectVersion;
import io.stele.app.mode.Mode;
import io.stele.app.mode.ReadOnlyException;
import io.stele.app.security.Needs;
import io.stele.app.security.Role;
import io.stele.storage.AlreadyExistsException;
import io.stele.storage.ArtifactType;
import io.stele.storage.ConflictException;
import io.stele.storage.Content;
import io.stele.storage.NotFoundException;
import io.stele.storage.StoredVersion;
import io.vertx.core.buffer.Buffer;
import jakarta.ws.rs.BeanParam;
import jakarta.ws.rs.Consumes;
import jakarta.ws.rs.GET;
import jakarta.ws.rs.POST;
import jakarta.ws.rs.Path;
import jakarta.ws.rs.PathParam;
import jakarta.ws.rs.Produces;
import jakarta.ws.rs.QueryParam;
import jakarta.ws.rs.core.MediaType;
import jakarta.ws.rs.core.Response;
import java.nio.charset.StandardCharsets;
import java.util.List;
import java.util.Optional;

/**
 * The Confluent API's schemas and subjects: the resources {@link ConfluentRootResource} and {@link
 * ConfluentV7Resource} mount, with those of {@link ConfluentConfigApi}.
 */
@Produces({ConfluentResource.V1_JSON, ConfluentResource.JSON, MediaType.APPLICATION_JSON})
public abstract class ConfluentApi extends ConfluentSubjectsApi {

    @Needs(Role.READ_ONLY)
    @GET
    @Path("schemas/types")
    public List<String> schemaTypes() {
        return List.of(ArtifactType.AVRO.name(), ArtifactType.JSON.name(), ArtifactType.PROTOBUF.name());
    }

    /** A schema by id. {@code subject} is only a hint, as in Confluent: an id means one schema everywhere. */
    @Needs(Role.READ_ONLY)
    @GET
    @Path("schemas/ids/{id}")
    public Response schemaById(
            @PathParam("id") String id, @QueryParam("subject") String subject, @QueryParam("format") String format) {
        return about(subject, () -> {
            long contentId = schemaId(id);
            if (format != null) { // answered as asked, not kept
                return Response.ok(schemaString(contentId, format), V1_JSON).build();
            }
            return json(answers.schema(contentId, () -> schemaString(contentId, null)));
        });
    }

    private SchemaString schemaString(long contentId, String format) {
        Content content = schemaContent(contentId);
        ArtifactType type = typeOf(contentId);
        return new SchemaString(
                formatted(content, type, format),
                ConfluentBodies.schemaType(type),
                ConfluentBodies.Reference.of(content));
    }

    private Content schemaContent(long contentId) {
        return storage()
                .contents()
                .byContentId(contentId)
                .orElseThrow(ConfluentErrors::schemaNotFound)
                .content();
    }

    /** The subjects and versions that use a schema id; soft-deleted ones with {@code deleted=true}. */
    @Needs(Role.READ_ONLY)
    @GET
    @Path("schemas/ids/{id}/versions")
    public List<SubjectVersion> versionsOfSchema(@PathParam("id") String id, @QueryParam("deleted") String deleted) {
        return about(null, () -> usersOf(schemaId(id), flag(deleted)).stream()
                .map(v -> new SubjectVersion(v.artifactId(), v.version()))
                .toList());
    }

    /**
     * A version of a subject: a number from 1, or {@code latest} or {@code -1} for the latest; a
     * soft-deleted one with {@code deleted=true}.
     */
    @Needs(Role.READ_ONLY)
    @GET
    @Path("subjects/{subject}/versions/{version}")
    public Response version(
            @PathParam("subject") String subject,
            @PathParam("version") String version,
            @QueryParam("deleted") String deleted,
            @QueryParam("format") String format) {
        return about(subject, () -> answer(find(subject, version, flag(deleted)), format));
    }

    /**
     * Registers a schema under a subject, or finds it there already: the answer is its id either way.
     * In IMPORT mode the body must give the {@code id} (and may give the {@code version}) the schema
     * had in the registry it comes from; in any other mode it must not.
     */
    @Needs(Role.DEVELOPER)
    @POST
    @Path("subjects/{subject}/versions")
    @Consumes({V1_JSON, JSON, MediaType.APPLICATION_JSON, MediaType.APPLICATION_OCTET_STREAM})
    public RegisterAnswer register(
            @PathParam("subject") String subject, @QueryParam("normalize") String normalize, SchemaRequest request) {
        boolean normalized = flag(normalize);
        return about(subject, () -> {
            SchemaRequest schema = required(request);
            Mode mode = modeInForce(Optional.of(subject));
            if (mode == Mode.READONLY) {
                // a schema held already needs no write; any other is refused before it is checked
                return new RegisterAnswer(held(subject, schema, normalized)
                        .orElseThrow(() -> new ReadOnlyException(Optional.of(subject)))
                        .contentId());
            }
            boolean importing = mode == Mode.IMPORT;
            if (schema.givenId().isPresent() != importing) {
                throw new ConfluentException(
                        422,
                        ConfluentErrors.OPERATION_NOT_PERMITTED,
                        "Subject " + subject + " is not in " + (importing ? "read-write" : "import") + " mode");
            }
            if (importing) {
                return new RegisterAnswer(imported(subject, schema, normalized).contentId());
            }
            StoredVersion version =
                    artifacts.register(subject, type(schema), upload(schema, normalized), DEFAULT_COMPATIBILITY);
            return new RegisterAnswer(version.contentId());
        });
    }

    /** The version of the subject that holds this schema already, if any. */
    private Optional<StoredVersion> held(String subject, SchemaRequest schema, boolean normalize) {
        try {
            return Optional.of(artifacts.findByContent(subject, Optional.of(type(schema)), upload(schema, normalize)));
        } catch (NotFoundException e) {
            return Optional.empty();
        }
    }

    private StoredVersion imported(String subject, SchemaRequest schema, boolean normalize) {
        long id = schema.givenId().orElseThrow();
        if (id > Integer.MAX_VALUE) {
            throw new ConfluentException(
                    422,
                    ConfluentErrors.UNPROCESSABLE,
                    "The id must be between 1 and 2^31-1, as Confluent's clients read ids; was " + id + ".");
        }
        try {
            return artifacts.importVersion(subject, type(schema), upload(schema, normalize), id, schema.givenVersion());
        } catch (ConflictException e) {
            throw new ConfluentException(
                    422,
                    ConfluentErrors.OPERATION_NOT_PERMITTED,
                    "Overwrite new schema with id " + id + " is not permitted: " + e.getMessage(),
                    e);
        } catch (AlreadyExistsException e) {
            throw new ConfluentException(422, ConfluentErrors.OPERATION_NOT_PERMITTED, e.getMessage(), e);
        }
    }

    /**
     * The version of a subject that holds this schema, compared by meaning (for Avro, canonical form);
     * with {@code deleted=true} a soft-deleted one when no other holds it. A client sends the same
     * text every time, so a text found before is answered on the event loop from memory while its
     * version is cached and unchanged; anything else is looked up on a worker thread.
     */
    @Needs(Role.READ_ONLY)
    @POST
    @Path("subjects/{subject}")
    @Consumes({V1_JSON, JSON, MediaType.APPLICATION_JSON, MediaType.APPLICATION_OCTET_STREAM})
    @NonBlocking
    public Uni<Response> lookup(
            @PathParam("subject") String subject,
            @QueryParam("deleted") String deleted,
            @QueryParam("normalize") String normalize,
            SchemaRequest request) {
        boolean normalized = flag(normalize);
        Buffer remembered = normalized
                        || request == null
                        || request.schema() == null
                        || (request.references() != null
                                && !request.references().isEmpty())
                ? null
                : answers.rememberedLookup(subject, lookups.found(subject, request.schemaType(), request.schema()));
        if (remembered != null) {
            return Uni.createFrom().item(json(remembered));
        }
        return Uni.createFrom()
                .item(() -> about(subject, () -> lookUp(subject, flag(deleted), normalized, present(request))))
                .runSubscriptionOn(Infrastructure.getDefaultWorkerPool());
    }

    /**
     * Confluent parses the schema before it looks for it: a lookup that finds nothing says first
     * that the schema is invalid, if it is, whether or not the subject exists.
     */
    private Response lookUp(String subject, boolean withDeleted, boolean normalize, SchemaRequest schema) {
        try {
            return found(subject, withDeleted, normalize, schema);
        } catch (NotFoundException | ConfluentException missing) {
            if (!ConfluentRequests.blank(schema)
                    && (missing instanceof NotFoundException
                            || ((ConfluentException) missing).getResponse().getStatus() == 404)) {
                rules.checkSyntax(type(schema), upload(schema).content());
            }
            throw missing;
        }
    }

    private Response found(String subject, boolean withDeleted, boolean normalize, SchemaRequest schema) {
        requireSubject(subject, withDeleted);
        if (ConfluentRequests.blank(schema)) {
            throw ConfluentErrors.schemaNotFound();
        }
        Upload upload = upload(schema, normalize);
        try {
            StoredVersion found = artifacts.findByContent(subject, Optional.of(type(schema)), upload);
            if (upload.references().isEmpty() && !normalize) { // remembered by its type and text
                lookups.lookedUp(subject, schema.schemaType(), schema.schema(), found.globalId());
                storage().versions().byGlobalId(found.globalId()); // cached, for the next lookup from memory
            }
            return answer(found);
        } catch (NotFoundException e) {
            if (withDeleted && e.missing() == NotFoundException.Missing.CONTENT) {
                return answer(artifacts
                        .findDeletedByContent(subject, Optional.of(type(schema)), upload)
                        .orElseThrow(() -> e));
            }
            throw e;
        }
    }

    /** A schema's text alone, as it was registered. */
    @Needs(Role.READ_ONLY)
    @GET
    @Path("schemas/ids/{id}/schema")
    public Response schemaText(@PathParam("id") String id, @QueryParam("format") String format) {
        return about(null, () -> {
            long contentId = schemaId(id);
            return text(formatted(schemaContent(contentId), typeOf(contentId), format));
        });
    }

    /** The subjects that use a schema id, ascending; through soft-deleted versions too with {@code deleted=true}. */
    @Needs(Role.READ_ONLY)
    @GET
    @Path("schemas/ids/{id}/subjects")
    public List<String> subjectsOfSchema(@PathParam("id") String id, @QueryParam("deleted") String deleted) {
        return about(null, () -> usersOf(schemaId(id), flag(deleted)).stream()
                .map(StoredVersion::artifactId)
                .distinct()
                .toList());
    }

    /** A version's schema text alone. */
    @Needs(Role.READ_ONLY)
    @GET
    @Path("subjects/{subject}/versions/{version}/schema")
    public Response versionText(
            @PathParam("subject") String subject,
            @PathParam("version") String version,
            @QueryParam("deleted") String deleted,
            @QueryParam("format") String format) {
        return about(subject, () -> {
            StoredVersion found = find(subject, version, flag(deleted));
            return text(formatted(contentOf(found), found.type(), format));
        });
    }

    /**
     * The schema ids of the versions that reference this one, ascending, each once: soft-deleted
     * ones too, since they keep it from being deleted. {@code offset} and {@code limit} of {@link
     * Listing} take a window of the list.
     */
    @Needs(Role.READ_ONLY)
    @GET
    @Path("subjects/{subject}/versions/{version}/referencedby")
    public List<Long> referencedBy(
            @PathParam("subject") String subject, @PathParam("version") String version, @BeanParam Listing window) {
        return about(subject, () -> {
            long skip = window.skip();
            long most = window.most();
            StoredVersion found = find(subject, version);
            return storage().versions().referrers(subject, found.version()).stream()
                    .map(StoredVersion::contentId)
                    .distinct()
                    .sorted()
                    .skip(skip)
                    .limit(most < 0 ? Long.MAX_VALUE : most)
                    .toList();
        });
    }

    /** A schema's text as the body, as Confluent answers it (with its JSON media type). */
    private static Response text(String schema) {
        return Response.ok(schema.getBytes(StandardCharsets.UTF_8), V1_JSON).build();
    }
}
