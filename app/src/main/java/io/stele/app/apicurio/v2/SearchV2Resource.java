package io.stele.app.apicurio.v2;

import io.stele.app.apicurio.v3.ArtifactCriteria;
import io.stele.app.apicurio.v3.ArtifactSearch;
import io.stele.app.apicurio.v3.ContentHashes;
import io.stele.app.apicurio.v3.DefaultGroup;
import io.stele.app.apicurio.v3.IdLookups;
import io.stele.app.artifacts.ApiConfig;
import io.stele.app.http.Paging;
import io.stele.app.http.QueryChoices;
import io.stele.app.security.Needs;
import io.stele.app.security.Operation.Api;
import io.stele.app.security.Role;
import io.stele.storage.ArtifactQuery;
import io.stele.storage.ArtifactType;
import io.stele.storage.Content;
import io.stele.storage.InvalidRequestException;
import io.stele.storage.Page;
import io.stele.storage.PageRequest;
import io.vertx.core.http.HttpServerRequest;
import jakarta.inject.Inject;
import jakarta.ws.rs.Consumes;
import jakarta.ws.rs.GET;
import jakarta.ws.rs.POST;
import jakarta.ws.rs.Path;
import jakarta.ws.rs.Produces;
import jakarta.ws.rs.QueryParam;
import jakarta.ws.rs.core.Context;
import jakarta.ws.rs.core.MediaType;
import java.util.HashSet;
import java.util.List;
import java.util.Locale;
import java.util.Optional;
import java.util.Set;

/**
 * {@code /apis/registry/v2/search/artifacts}: artifacts by Apicurio 2.x's filters, as Apicurio 2.6
 * applies them, all of them to an artifact's latest version, all of them together:
 *
 * <ul>
 *   <li>{@code group}: the default group, named in any case, keeps every artifact; another, none;
 *   <li>{@code name}: the artifacts whose name or id holds the text, case included;
 *   <li>{@code description}: whose description holds the text, in any case;
 *   <li>{@code labels}: whose labels include each one given, in any case;
 *   <li>{@code properties}, each {@code key} or {@code key:value}: whose properties have that key,
 *       and that value if given, in any case;
 *   <li>{@code globalId}, {@code contentId}: whose latest version has that globalId or content;
 *   <li>by {@code POST}, whose latest version's content is the body's bytes.
 * </ul>
 *
 * <p>Results are ordered by name, an artifact without one by its id, a page at a time. {@code
 * orderby=createdOn} is refused with 400, as is {@code canonical=true} by
 * {@code POST}, rather than answered otherwise (see docs/apicurio-v2-v3.md).
 */
@Path(Api.REGISTRY_V2_PATH + "/search/artifacts")
public class SearchV2Resource {

    /** The values of {@code orderby} the v2 API's searches and listings take: by name. */
    public static final List<String> ORDERS = List.of("name");

    @Inject
    ArtifactSearch search;

    @Inject
    ContentHashes hashes;

    @Inject
    ApiConfig config;

    @Needs(Role.READ_ONLY)
    @GET
    @Produces(MediaType.APPLICATION_JSON)
    public ArtifactsV2Resource.ArtifactSearchResults searchArtifacts(
            @QueryParam("name") String name,
            @QueryParam("offset") String offset,
            @QueryParam("limit") String limit,
            @QueryParam("order") String order,
            @QueryParam("orderby") String orderby,
            @QueryParam("labels") List<String> labels,
            @QueryParam("properties") List<String> properties,
            @QueryParam("description") String description,
            @QueryParam("group") String group,
            @QueryParam("globalId") String globalId,
            @QueryParam("contentId") String contentId,
            @Context HttpServerRequest request) {
        Window window = Window.of(request, config.maxListedIds());
        ArtifactCriteria.Builder criteria = new ArtifactCriteria.Builder();
        if (globalId != null) {
            long id = IdLookups.parse("globalId", globalId);
            criteria.named(search.withGlobalId(id));
            criteria.check(a -> a.latest().globalId() == id, "", ArtifactQuery.Over.EVERYTHING);
        }
        if (contentId != null) {
            latestWithContent(criteria, Set.of(IdLookups.parse("contentId", contentId)));
        }
        if (name != null) {
            ArtifactCriteria.Glob within = ArtifactCriteria.Glob.within(name);
            criteria.check(ArtifactSearch.nameOrId(within), name, ArtifactQuery.Over.EVERYTHING);
        }
        for (String label : request.params().getAll("labels")) {
            String wanted = label.toLowerCase(Locale.ROOT);
            criteria.check(
                    a -> a.latest().meta().labels().stream()
                            .anyMatch(l -> l.toLowerCase(Locale.ROOT).equals(wanted)),
                    wanted,
                    ArtifactQuery.Over.LABELS);
        }
        criteria.description(Optional.ofNullable(description));
        criteria.entries("properties", request.params().getAll("properties"), a -> a.latest()
                .meta()
                .properties());
        if (group != null && !DefaultGroup.isDefault(group)) {
            return ArtifactsV2Resource.ArtifactSearchResults.of(new Page<>(0, List.of()));
        }
        return find(criteria, window);
    }

    @Needs(Role.READ_ONLY)
    @POST
    @Consumes(MediaType.WILDCARD)
    @Produces(MediaType.APPLICATION_JSON)
    public ArtifactsV2Resource.ArtifactSearchResults searchArtifactsByContent(
            byte[] body,
            @QueryParam("canonical") String canonical,
            @QueryParam("artifactType") String artifactType,
            @QueryParam("offset") String offset,
            @QueryParam("limit") String limit,
            @QueryParam("order") String order,
            @QueryParam("orderby") String orderby,
            @Context HttpServerRequest request) {
        Window window = Window.of(request, config.maxListedIds());
        if (QueryChoices.flag(request, "canonical", false)) {
            throw new InvalidRequestException("Searching artifacts by the canonical form of their content is not"
                    + " served yet; search by the content's bytes (canonical=false).");
        }
        QueryChoices.of(request, "artifactType", ArtifactType.class);
        byte[] content = body == null ? new byte[0] : body;
        Set<Long> contentIds = new HashSet<>(hashes.contentIds(Content.sha256Hex(content)));
        ArtifactCriteria.Builder criteria = new ArtifactCriteria.Builder();
        latestWithContent(criteria, contentIds);
        return find(criteria, window);
    }

    /** Keeps the artifacts whose latest version has one of these contents. */
    private void latestWithContent(ArtifactCriteria.Builder criteria, Set<Long> contentIds) {
        Set<String> using = new HashSet<>();
        contentIds.forEach(id -> using.addAll(search.withContent(id)));
        criteria.named(using);
        criteria.check(a -> contentIds.contains(a.latest().contentId()), "", ArtifactQuery.Over.EVERYTHING);
    }

    private ArtifactsV2Resource.ArtifactSearchResults find(ArtifactCriteria.Builder criteria, Window window) {
        return ArtifactsV2Resource.ArtifactSearchResults.of(
                search.find(criteria.build(), window.descending(), window.page()));
    }

    /** The order and window a search asks for, checked before anything is read. */
    private record Window(boolean descending, PageRequest page) {

        static Window of(HttpServerRequest request, int max) {
            QueryChoices.of(
                    request,
                    "orderby",
                    ORDERS,
                    value -> "orderby must be name (artifacts are listed by name), was '" + value + "'.");
            return new Window(Paging.descending(request), Paging.page(request, max));
        }
    }
}
