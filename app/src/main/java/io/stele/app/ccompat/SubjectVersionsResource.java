package io.stele.app.ccompat;

import static io.stele.app.ccompat.ConfluentData.DEFAULT_COMPATIBILITY;
import static io.stele.app.ccompat.ConfluentErrors.about;
import static io.stele.app.ccompat.ConfluentRequests.flag;
import static io.stele.app.ccompat.ConfluentRequests.latest;
import static io.stele.app.ccompat.ConfluentRequests.required;
import static io.stele.app.ccompat.ConfluentRequests.type;

import io.stele.app.artifacts.ArtifactService;
import io.stele.app.ccompat.ConfluentBodies.RegisterAnswer;
import io.stele.app.ccompat.ConfluentBodies.SchemaRequest;
import io.stele.app.mode.Mode;
import io.stele.app.mode.ReadOnlyException;
import io.stele.app.rules.RulesService;
import io.stele.app.security.Needs;
import io.stele.app.security.Role;
import io.stele.storage.AlreadyExistsException;
import io.stele.storage.ConflictException;
import io.stele.storage.NotFoundException;
import io.stele.storage.StoredVersion;
import io.stele.storage.VersionState;
import jakarta.inject.Inject;
import jakarta.ws.rs.BeanParam;
import jakarta.ws.rs.Consumes;
import jakarta.ws.rs.DELETE;
import jakarta.ws.rs.GET;
import jakarta.ws.rs.POST;
import jakarta.ws.rs.Path;
import jakarta.ws.rs.PathParam;
import jakarta.ws.rs.Produces;
import jakarta.ws.rs.QueryParam;
import jakarta.ws.rs.core.MediaType;
import jakarta.ws.rs.core.Response;
import java.util.List;
import java.util.Optional;

/**
 * The Confluent API's versions of a subject: registering a schema, reading a version or its
 * schema, what references it, and deleting one softly or for good. A path names a version by its
 * number from 1, or {@code latest} or {@code -1} for the latest.
 */
@Produces({ConfluentMediaTypes.V1_JSON, ConfluentMediaTypes.JSON, MediaType.APPLICATION_JSON})
public abstract class SubjectVersionsResource {

    /** Mounted at the root, where Confluent's and Karapace's users point their clients. */
    @Path("/")
    public static class Root extends SubjectVersionsResource {}

    /** Mounted at {@code /apis/ccompat/v7}, where Apicurio's users point theirs. */
    @Path(ConfluentRoutes.V7)
    public static class V7 extends SubjectVersionsResource {}

    @Inject
    ConfluentData data;

    @Inject
    ArtifactService artifacts;

    @Inject
    RulesService rules;

    /** A subject's version numbers, ascending: those not soft-deleted, or as {@link Listing} asks. */
    @Needs(Role.READ_ONLY)
    @GET
    @Path("subjects/{subject}/versions")
    public List<Integer> versions(@PathParam("subject") String subject, @BeanParam Listing listing) {
        return about(subject, () -> {
            long most = listing.most();
            data.requireSubject(subject, listing.withDeleted());
            return rules.allVersions(subject).stream()
                    .filter(v -> listing.lists(v.state() == VersionState.DELETED))
                    .map(StoredVersion::version)
                    .skip(listing.skip())
                    .limit(most < 0 ? Long.MAX_VALUE : most)
                    .toList();
        });
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
        return about(subject, () -> data.answer(data.find(subject, version, flag(deleted)), format));
    }

    /**
     * Registers a schema under a subject, or finds it there already: the answer is its id either way.
     * In IMPORT mode the body must give the {@code id} (and may give the {@code version}) the schema
     * had in the registry it comes from; in any other mode it must not.
     */
    @Needs(Role.DEVELOPER)
    @POST
    @Path("subjects/{subject}/versions")
    @Consumes({
        ConfluentMediaTypes.V1_JSON,
        ConfluentMediaTypes.JSON,
        MediaType.APPLICATION_JSON,
        MediaType.APPLICATION_OCTET_STREAM
    })
    public RegisterAnswer register(
            @PathParam("subject") String subject, @QueryParam("normalize") String normalize, SchemaRequest request) {
        boolean normalized = flag(normalize);
        return about(subject, () -> {
            SchemaRequest schema = required(request);
            Mode mode = data.modeInForce(Optional.of(subject));
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
                    artifacts.register(subject, type(schema), data.upload(schema, normalized), DEFAULT_COMPATIBILITY);
            return new RegisterAnswer(version.contentId());
        });
    }

    /** The version of the subject that holds this schema already, if any. */
    private Optional<StoredVersion> held(String subject, SchemaRequest schema, boolean normalize) {
        try {
            return Optional.of(
                    artifacts.findByContent(subject, Optional.of(type(schema)), data.upload(schema, normalize)));
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
            return artifacts.importVersion(
                    subject, type(schema), data.upload(schema, normalize), id, schema.givenVersion());
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
            StoredVersion found = data.find(subject, version, flag(deleted));
            return ConfluentData.text(data.formatted(data.contentOf(found), found.type(), format));
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
            StoredVersion found = data.find(subject, version);
            return data.storage().versions().referrers(subject, found.version()).stream()
                    .map(StoredVersion::contentId)
                    .distinct()
                    .sorted()
                    .skip(skip)
                    .limit(most < 0 ? Long.MAX_VALUE : most)
                    .toList();
        });
    }

    /**
     * Soft-deletes one version (a number, {@code latest} or {@code -1}), answering its number; with
     * {@code permanent=true} deletes a soft-deleted version for good.
     */
    @Needs(Role.DEVELOPER)
    @DELETE
    @Path("subjects/{subject}/versions/{version}")
    public int deleteVersion(
            @PathParam("subject") String subject,
            @PathParam("version") String version,
            @QueryParam("permanent") String permanent) {
        return about(subject, () -> {
            boolean forGood = flag(permanent);
            // a number names a soft-deleted version too; latest is the latest one not deleted yet
            StoredVersion found = data.find(subject, version, forGood || !latest(version));
            boolean softDeleted = found.state() == VersionState.DELETED;
            if (!forGood && softDeleted) {
                throw ConfluentErrors.versionSoftDeleted(subject, found.version());
            }
            if (forGood) {
                if (!softDeleted) {
                    throw ConfluentErrors.versionNotSoftDeleted(subject, found.version());
                }
                data.storage().versions().delete(subject, found.version());
            } else {
                data.softDelete(found);
            }
            return found.version();
        });
    }
}
