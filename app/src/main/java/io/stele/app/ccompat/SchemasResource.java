package io.stele.app.ccompat;

import static io.stele.app.ccompat.ConfluentErrors.about;
import static io.stele.app.ccompat.ConfluentRequests.flag;
import static io.stele.app.ccompat.ConfluentRequests.schemaId;

import io.stele.app.artifacts.AllArtifactIds;
import io.stele.app.artifacts.ApiConfig;
import io.stele.app.ccompat.ConfluentBodies.SchemaString;
import io.stele.app.ccompat.ConfluentBodies.SubjectVersion;
import io.stele.app.ccompat.ConfluentData.TypedContent;
import io.stele.app.rules.RulesService;
import io.stele.app.security.Needs;
import io.stele.app.security.Role;
import io.stele.storage.ArtifactType;
import io.stele.storage.NotFoundException;
import io.stele.storage.StoredVersion;
import io.stele.storage.VersionState;
import jakarta.inject.Inject;
import jakarta.ws.rs.BeanParam;
import jakarta.ws.rs.GET;
import jakarta.ws.rs.Path;
import jakarta.ws.rs.PathParam;
import jakarta.ws.rs.Produces;
import jakarta.ws.rs.QueryParam;
import jakarta.ws.rs.core.MediaType;
import jakarta.ws.rs.core.Response;
import jakarta.ws.rs.core.StreamingOutput;
import java.util.List;

/**
 * The Confluent API's schemas: a schema by its id, the subjects and versions that use it, the types
 * the registry takes, and every version of every subject. An id means one schema everywhere.
 */
@Produces({ConfluentMediaTypes.V1_JSON, ConfluentMediaTypes.JSON, MediaType.APPLICATION_JSON})
public abstract class SchemasResource {

    /** Mounted at the root, where Confluent's and Karapace's users point their clients. */
    @Path("/")
    public static class Root extends SchemasResource {}

    /** Mounted at {@code /apis/ccompat/v7}, where Apicurio's users point theirs. */
    @Path(ConfluentRoutes.V7)
    public static class V7 extends SchemasResource {}

    @Inject
    ConfluentData data;

    @Inject
    ConfluentAnswers answers;

    @Inject
    RulesService rules;

    @Inject
    ApiConfig config;

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
                return Response.ok(schemaString(contentId, format), ConfluentMediaTypes.V1_JSON)
                        .build();
            }
            return ConfluentData.json(answers.schema(contentId, () -> schemaString(contentId, null)));
        });
    }

    private SchemaString schemaString(long contentId, String format) {
        TypedContent schema = data.schema(contentId);
        return new SchemaString(
                data.formatted(schema.content(), schema.type(), format),
                ConfluentBodies.schemaType(schema.type()),
                ConfluentBodies.Reference.of(schema.content()));
    }

    /** The subjects and versions that use a schema id; soft-deleted ones with {@code deleted=true}. */
    @Needs(Role.READ_ONLY)
    @GET
    @Path("schemas/ids/{id}/versions")
    public List<SubjectVersion> versionsOfSchema(@PathParam("id") String id, @QueryParam("deleted") String deleted) {
        return about(null, () -> data.usersOf(schemaId(id), flag(deleted)).stream()
                .map(v -> new SubjectVersion(v.artifactId(), v.version()))
                .toList());
    }

    /** A schema's text alone, as it was registered. */
    @Needs(Role.READ_ONLY)
    @GET
    @Path("schemas/ids/{id}/schema")
    public Response schemaText(@PathParam("id") String id, @QueryParam("format") String format) {
        return about(null, () -> {
            TypedContent schema = data.schema(schemaId(id));
            return ConfluentData.text(data.formatted(schema.content(), schema.type(), format));
        });
    }

    /** The subjects that use a schema id, ascending; through soft-deleted versions too with {@code deleted=true}. */
    @Needs(Role.READ_ONLY)
    @GET
    @Path("schemas/ids/{id}/subjects")
    public List<String> subjectsOfSchema(@PathParam("id") String id, @QueryParam("deleted") String deleted) {
        return about(null, () -> data.usersOf(schemaId(id), flag(deleted)).stream()
                .map(StoredVersion::artifactId)
                .distinct()
                .toList());
    }

    /**
     * Every version of every subject, by subject and then version, each as {@code GET
     * /subjects/{s}/versions/{v}} answers it: those not soft-deleted, or as {@link Listing} asks;
     * with {@code latestOnly=true} each subject's latest alone. {@code subjectPrefix} keeps the
     * subjects that start with it. Read a page of subjects at a time, as {@code GET /subjects}.
     */
    @Needs(Role.READ_ONLY)
    @GET
    @Path("schemas")
    public Response schemas(
            @QueryParam("subjectPrefix") String prefix,
            @QueryParam("latestOnly") String latestOnly,
            @BeanParam Listing listing) {
        return about(null, () -> {
            String start = prefix == null ? "" : prefix;
            boolean latest = flag(latestOnly);
            long skip = listing.skip();
            long most = listing.most() < 0 ? Long.MAX_VALUE : listing.most();
            long end = skip + most < 0 ? Long.MAX_VALUE : skip + most; // a limit of Long.MAX_VALUE
            AllArtifactIds subjects = AllArtifactIds.of(data.subjectIds(listing), config.listPageSize());
            StreamingOutput body = out -> {
                long[] passed = {0};
                out.write('[');
                subjects.forEach(subject -> {
                    if (subject.startsWith(start)) {
                        for (StoredVersion version : listed(subject, latest, listing)) {
                            if (passed[0] >= end) {
                                return false;
                            }
                            if (passed[0]++ >= skip) {
                                if (passed[0] > skip + 1) {
                                    out.write(',');
                                }
                                out.write(data.versionJson(version).getBytes());
                            }
                        }
                    }
                    return passed[0] < end;
                });
                out.write(']');
            };
            return Response.ok(body).build();
        });
    }

    private List<StoredVersion> listed(String subject, boolean latestOnly, Listing listing) {
        List<StoredVersion> all;
        try {
            all = rules.allVersions(subject);
        } catch (NotFoundException e) {
            return List.of(); // deleted since it was listed
        }
        List<StoredVersion> versions = all.stream()
                .filter(v -> listing.lists(v.state() == VersionState.DELETED))
                .toList();
        if (latestOnly) {
            // the latest servable version, else (with deleted) the highest listed
            return data.storage()
                    .versions()
                    .latest(subject)
                    .filter(v -> listing.lists(false))
                    .map(List::of)
                    .orElseGet(() -> versions.isEmpty() ? List.of() : List.of(versions.get(versions.size() - 1)));
        }
        return versions;
    }
}
