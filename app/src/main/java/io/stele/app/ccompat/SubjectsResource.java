package io.stele.app.ccompat;

import static io.stele.app.ccompat.ConfluentErrors.about;
import static io.stele.app.ccompat.ConfluentRequests.flag;
import static io.stele.app.ccompat.ConfluentRequests.present;
import static io.stele.app.ccompat.ConfluentRequests.type;

import io.smallrye.common.annotation.NonBlocking;
import io.smallrye.mutiny.Uni;
import io.smallrye.mutiny.infrastructure.Infrastructure;
import io.stele.app.artifacts.AllArtifactIds;
import io.stele.app.artifacts.ApiConfig;
import io.stele.app.artifacts.ArtifactService;
import io.stele.app.artifacts.ArtifactService.Upload;
import io.stele.app.ccompat.ConfluentBodies.SchemaRequest;
import io.stele.app.rules.RulesService;
import io.stele.app.security.Needs;
import io.stele.app.security.Role;
import io.stele.storage.NotFoundException;
import io.stele.storage.StoredVersion;
import io.stele.storage.VersionState;
import io.vertx.core.buffer.Buffer;
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
import java.util.function.Predicate;

/**
 * The Confluent API's subjects: listing them, finding which version of one holds a schema, and
 * deleting one softly or for good. A soft-deleted version is a version in state {@link
 * VersionState#DELETED}: hidden from listings and from the latest version unless {@code
 * deleted=true} is asked, still served by its schema id, and deleted for good only after it was
 * soft-deleted, as in Confluent Schema Registry.
 */
@Produces({ConfluentMediaTypes.V1_JSON, ConfluentMediaTypes.JSON, MediaType.APPLICATION_JSON})
public abstract class SubjectsResource {

    /** Mounted at the root, where Confluent's and Karapace's users point their clients. */
    @Path("/")
    public static class Root extends SubjectsResource {}

    /** Mounted at {@code /apis/ccompat/v7}, where Apicurio's users point theirs. */
    @Path(ConfluentRoutes.V7)
    public static class V7 extends SubjectsResource {}

    @Inject
    ConfluentData data;

    @Inject
    ArtifactService artifacts;

    @Inject
    RulesService rules;

    @Inject
    ConfluentAnswers answers;

    @Inject
    RememberedLookups lookups;

    @Inject
    ApiConfig config;

    /**
     * Every subject, ascending, that has a version not soft-deleted, or as {@link Listing} asks.
     * {@code subjectPrefix} keeps those that start with it.
     */
    @Needs(Role.READ_ONLY)
    @GET
    @Path("subjects")
    public Response subjects(@QueryParam("subjectPrefix") String prefix, @BeanParam Listing listing) {
        return about(null, () -> {
            String start = prefix == null ? "" : prefix;
            Predicate<String> wanted = listing.onlyDeleted()
                    ? id -> id.startsWith(start) && softDeletedWhole(id)
                    : id -> id.startsWith(start);
            return Response.ok(AllArtifactIds.asJsonArray(
                            data.subjectIds(listing), wanted, listing.skip(), listing.most(), config.listPageSize()))
                    .build();
        });
    }

    private boolean softDeletedWhole(String subject) {
        return data.storage()
                .artifacts()
                .get(subject)
                .map(a -> a.latest().state() == VersionState.DELETED)
                .orElse(false);
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
    @Consumes({
        ConfluentMediaTypes.V1_JSON,
        ConfluentMediaTypes.JSON,
        MediaType.APPLICATION_JSON,
        MediaType.APPLICATION_OCTET_STREAM
    })
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
            return Uni.createFrom().item(ConfluentData.json(remembered));
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
                rules.checkSyntax(type(schema), data.upload(schema).content());
            }
            throw missing;
        }
    }

    private Response found(String subject, boolean withDeleted, boolean normalize, SchemaRequest schema) {
        data.requireSubject(subject, withDeleted);
        if (ConfluentRequests.blank(schema)) {
            throw ConfluentErrors.schemaNotFound();
        }
        Upload upload = data.upload(schema, normalize);
        try {
            StoredVersion found = artifacts.findByContent(subject, Optional.of(type(schema)), upload);
            if (upload.references().isEmpty() && !normalize) { // remembered by its type and text
                lookups.lookedUp(subject, schema.schemaType(), schema.schema(), found.globalId());
                data.storage().versions().byGlobalId(found.globalId()); // cached, for the next lookup from memory
            }
            return data.answer(found);
        } catch (NotFoundException e) {
            if (withDeleted && e.missing() == NotFoundException.Missing.CONTENT) {
                return data.answer(artifacts
                        .findDeletedByContent(subject, Optional.of(type(schema)), upload)
                        .orElseThrow(() -> e));
            }
            throw e;
        }
    }

    /**
     * Soft-deletes every version of a subject, answering their numbers; with {@code permanent=true}
     * deletes a subject whose versions are all soft-deleted for good, with its configuration.
     */
    @Needs(Role.DEVELOPER)
    @DELETE
    @Path("subjects/{subject}")
    public List<Integer> deleteSubject(
            @PathParam("subject") String subject, @QueryParam("permanent") String permanent) {
        return about(subject, () -> {
            data.requireSubject(subject, true);
            List<StoredVersion> all = rules.allVersions(subject);
            List<StoredVersion> live =
                    all.stream().filter(v -> v.state() != VersionState.DELETED).toList();
            if (flag(permanent)) {
                if (!live.isEmpty()) {
                    throw ConfluentErrors.subjectNotSoftDeleted(subject);
                }
                data.storage().artifacts().delete(subject);
                return numbers(all);
            }
            if (live.isEmpty()) {
                throw ConfluentErrors.subjectSoftDeleted(subject);
            }
            for (StoredVersion version : live) { // refuse before deleting any, as Confluent does
                if (!data.storage()
                        .versions()
                        .referrers(subject, version.version())
                        .isEmpty()) {
                    throw ConfluentErrors.referenceExists(subject, version.version());
                }
            }
            for (StoredVersion version : live) {
                data.softDelete(version);
            }
            return numbers(live);
        });
    }

    private static List<Integer> numbers(List<StoredVersion> versions) {
        return versions.stream().map(StoredVersion::version).toList();
    }
}
