package io.stele.app.apicurio.v1;

import com.fasterxml.jackson.annotation.JsonInclude;
import io.stele.app.artifacts.ApiConfig;
import io.stele.app.http.Paging;
import io.stele.app.security.Needs;
import io.stele.app.security.Role;
import io.stele.app.storage.StorageProvider;
import io.stele.storage.ArtifactQuery;
import io.stele.storage.ArtifactType;
import io.stele.storage.InvalidRequestException;
import io.stele.storage.Page;
import io.stele.storage.StoredArtifact;
import io.stele.storage.StoredVersion;
import io.stele.storage.VersionState;
import io.vertx.core.http.HttpServerRequest;
import jakarta.inject.Inject;
import jakarta.ws.rs.GET;
import jakarta.ws.rs.Path;
import jakarta.ws.rs.PathParam;
import jakarta.ws.rs.Produces;
import jakarta.ws.rs.QueryParam;
import jakarta.ws.rs.core.Context;
import jakarta.ws.rs.core.MediaType;
import jakarta.ws.rs.core.UriInfo;
import java.util.List;
import java.util.Locale;
import java.util.Optional;

/**
 * {@code /api/search}: artifacts by text in their id, name, description or labels, and the
 * versions of one artifact, a page at a time. A limit above {@code stele.api.max-listed-ids} is
 * lowered to it; the count always tells how many matched in all.
 */
@Path("/api/search/artifacts")
@Produces(MediaType.APPLICATION_JSON)
public class SearchResource {

    @Inject
    StorageProvider provider;

    @Inject
    ApiConfig config;

    /** Apicurio v1 {@code ArtifactSearchResults}. */
    public record ArtifactSearchResults(List<SearchedArtifact> artifacts, long count) {}

    /** Apicurio v1 {@code SearchedArtifact}: exactly its fields, as 1.x clients refuse others. */
    @JsonInclude(JsonInclude.Include.NON_NULL)
    public record SearchedArtifact(
            String id,
            String name,
            String description,
            long createdOn,
            String createdBy,
            ArtifactType type,
            List<String> labels,
            VersionState state,
            long modifiedOn,
            String modifiedBy) {

        static SearchedArtifact of(StoredArtifact a) {
            StoredVersion v = a.latest();
            return new SearchedArtifact(
                    a.artifactId(),
                    v.meta().name().orElse(null),
                    v.meta().description().orElse(null),
                    a.createdOn().toEpochMilli(),
                    a.createdBy(),
                    v.type(),
                    v.meta().labels(),
                    v.state(),
                    v.modifiedOn().toEpochMilli(),
                    v.modifiedBy());
        }
    }

    /** Apicurio v1 {@code VersionSearchResults}. */
    public record VersionSearchResults(long count, List<SearchedVersion> versions) {}

    /** Apicurio v1 {@code SearchedVersion}: exactly its fields. */
    @JsonInclude(JsonInclude.Include.NON_NULL)
    public record SearchedVersion(
            String name,
            String description,
            long createdOn,
            String createdBy,
            ArtifactType type,
            List<String> labels,
            VersionState state,
            long globalId,
            int version) {

        static SearchedVersion of(StoredVersion v) {
            return new SearchedVersion(
                    v.meta().name().orElse(null),
                    v.meta().description().orElse(null),
                    v.createdOn().toEpochMilli(),
                    v.createdBy(),
                    v.type(),
                    v.meta().labels(),
                    v.state(),
                    v.globalId(),
                    v.version());
        }
    }

    @Needs(Role.READ_ONLY)
    @GET
    public ArtifactSearchResults searchArtifacts(
            @QueryParam("search") String search,
            @QueryParam("offset") String offset,
            @QueryParam("limit") String limit,
            @QueryParam("over") String over,
            @QueryParam("order") String order,
            @Context UriInfo uri,
            @Context HttpServerRequest request) {
        ArtifactQuery query = new ArtifactQuery(
                Optional.ofNullable(search),
                ArtifactQuery.Over.parse(value(uri, "over", over, "everything")),
                descending(value(uri, "order", order, "asc")),
                Paging.page(request, config.maxListedIds()));
        Page<StoredArtifact> found = provider.storage().search().artifacts(query);
        return new ArtifactSearchResults(
                found.items().stream().map(SearchedArtifact::of).toList(), found.total());
    }

    @Needs(Role.READ_ONLY)
    @GET
    @Path("{artifactId}/versions")
    public VersionSearchResults searchVersions(
            @PathParam("artifactId") String artifactId,
            @QueryParam("offset") String offset,
            @QueryParam("limit") String limit,
            @Context HttpServerRequest request) {
        Page<StoredVersion> found =
                provider.storage().search().versions(artifactId, Paging.page(request, config.maxListedIds()));
        return new VersionSearchResults(
                found.total(), found.items().stream().map(SearchedVersion::of).toList());
    }

    private static boolean descending(String order) {
        return switch (order.trim().toLowerCase(Locale.ROOT)) {
            case "asc" -> false;
            case "desc" -> true;
            default -> throw new InvalidRequestException("order must be asc or desc, was '" + order + "'.");
        };
    }

    /**
     * A query parameter's value, or its default when it is left out. One given empty ({@code
     * order=}) is malformed, not left out: the JAX-RS layer passes it as null, as it does a
     * parameter that is absent, so the query itself tells them apart.
     */
    private static String value(UriInfo uri, String name, String value, String otherwise) {
        return value != null ? value : uri.getQueryParameters().containsKey(name) ? "" : otherwise;
    }
}
