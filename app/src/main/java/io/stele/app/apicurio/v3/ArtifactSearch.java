package io.stele.app.apicurio.v3;

import io.stele.app.artifacts.ApiConfig;
import io.stele.app.http.Paging;
import io.stele.app.http.QueryChoices;
import io.stele.app.storage.StorageProvider;
import io.stele.storage.ArtifactQuery;
import io.stele.storage.ArtifactType;
import io.stele.storage.InvalidRequestException;
import io.stele.storage.Page;
import io.stele.storage.PageRequest;
import io.stele.storage.StoredArtifact;
import io.stele.storage.StoredVersion;
import io.vertx.core.http.HttpServerRequest;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.inject.Inject;
import java.util.ArrayList;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Locale;
import java.util.Optional;
import java.util.Set;
import java.util.function.Predicate;

/**
 * Artifact searches of Apicurio's v3 and v2 APIs: each API's filters read into {@link
 * ArtifactCriteria}, and the artifacts those keep, found from the storage index.
 *
 * <p>v3's {@code GET /search/artifacts} takes, all of them together:
 *
 * <ul>
 *   <li>{@code groupId}: the default group, named in any case, or a pattern with {@code *} that
 *       matches it, keeps every artifact; any other group has none (ADR 0034);
 *   <li>{@code name}: the artifacts whose name or id is the value, case included, a leading or
 *       trailing {@code *} matching any text;
 *   <li>{@code artifactId}: that artifact, or with {@code *}, the artifacts whose id it matches;
 *       {@code globalId}: the artifact with that version; {@code contentId}: the artifacts with a
 *       version of that content;
 *   <li>{@code artifactType}: artifacts of that type;
 *   <li>{@code description}: artifacts whose description holds the text, in any case;
 *   <li>{@code labels}, each {@code key} or {@code key:value}: artifacts whose labels (their latest
 *       version's, as {@link VersionMetaData#labels} gives them) have that key, and that value if
 *       given, in any case ({@link ArtifactCriteria.Entry}).
 * </ul>
 *
 * <p>Results are ordered by name, an artifact without one by its id ({@code orderby} {@code name},
 * or {@code groupId}, which is the same for all), a page at a time. An artifact is described by its
 * latest version, as in the listings.
 */
@ApplicationScoped
public class ArtifactSearch {

    /** The values of {@code orderby} served: by name, the artifact id for an artifact without one. */
    static final List<String> ORDERS = List.of("name", "groupId");

    /** How many candidates are read from the index at a time when each must pass checks of its own. */
    private static final int CHUNK = 500;

    @Inject
    StorageProvider provider;

    @Inject
    ApiConfig config;

    /**
     * The artifacts v3's filters keep, in the window the request asks for, read on the calling
     * thread, which may block.
     *
     * @throws InvalidRequestException when a filter is not served, or a value is not one it takes
     */
    public Page<StoredArtifact> search(HttpServerRequest request) {
        QueryChoices.of(
                request,
                "orderby",
                ORDERS,
                value -> "orderby must be one of " + String.join(", ", ORDERS)
                        + " (artifacts are listed by name), was '" + value + "'.");
        boolean descending = Paging.descending(request);
        PageRequest page = Paging.page(request, config.maxListedIds());
        ArtifactCriteria.Builder criteria =
                new ArtifactCriteria.Builder().type(QueryChoices.of(request, "artifactType", ArtifactType.class));
        String artifactId = request.getParam("artifactId");
        if (artifactId != null && !artifactId.contains("*")) {
            criteria.named(Set.of(artifactId));
        }
        String globalId = request.getParam("globalId");
        if (globalId != null) {
            criteria.named(withGlobalId(IdLookups.parse("globalId", globalId)));
        }
        String contentId = request.getParam("contentId");
        if (contentId != null) {
            criteria.named(withContent(IdLookups.parse("contentId", contentId)));
        }
        if (artifactId != null && artifactId.contains("*")) {
            ArtifactCriteria.Glob id = ArtifactCriteria.Glob.of(artifactId);
            criteria.check(a -> id.matches(Optional.of(a.artifactId())), id.fragment(), ArtifactQuery.Over.EVERYTHING);
        }
        String name = request.getParam("name");
        if (name != null) {
            ArtifactCriteria.Glob glob = ArtifactCriteria.Glob.atEnds(name);
            criteria.check(nameOrId(glob), glob.fragment(), ArtifactQuery.Over.EVERYTHING);
        }
        criteria.description(Optional.ofNullable(request.getParam("description")));
        criteria.entries("labels", request.params().getAll("labels"), a -> VersionMetaData.labels(a.latest()));
        String group = request.getParam("groupId");
        if (group != null && !matchesDefault(group)) {
            return new Page<>(0, List.of());
        }
        return find(criteria.build(), descending, page);
    }

    /**
     * The artifacts the criteria keep, by name, in the window asked for, read on the calling
     * thread, which may block. Named artifacts are read one by one; otherwise the index answers,
     * and when it cannot apply every check itself, the index's candidates are read a chunk at a
     * time, in order, each checked, so that the count is of those kept and memory holds one chunk
     * and the window.
     */
    public Page<StoredArtifact> find(ArtifactCriteria criteria, boolean descending, PageRequest page) {
        if (criteria.named().isPresent()) {
            List<StoredArtifact> found = criteria.named().get().stream()
                    .map(id -> provider.storage().artifacts().get(id))
                    .flatMap(Optional::stream)
                    .filter(criteria::keeps)
                    .sorted(descending ? ArtifactCriteria.ORDER.reversed() : ArtifactCriteria.ORDER)
                    .toList();
            return new Page<>(
                    found.size(),
                    found.stream().skip(page.offset()).limit(page.limit()).toList());
        }
        if (criteria.indexed()) {
            return provider.storage()
                    .search()
                    .artifacts(new ArtifactQuery(criteria.text(), criteria.over(), criteria.type(), descending, page));
        }
        List<StoredArtifact> window = new ArrayList<>();
        long kept = 0;
        for (int offset = 0; ; offset += CHUNK) {
            Page<StoredArtifact> chunk = provider.storage()
                    .search()
                    .artifacts(new ArtifactQuery(
                            criteria.text(),
                            criteria.over(),
                            criteria.type(),
                            descending,
                            new PageRequest(offset, CHUNK)));
            for (StoredArtifact candidate : chunk.items()) {
                if (criteria.keeps(candidate)) {
                    if (kept >= page.offset() && window.size() < page.limit()) {
                        window.add(candidate);
                    }
                    kept++;
                }
            }
            if (chunk.items().size() < CHUNK) {
                return new Page<>(kept, window);
            }
        }
    }

    /** The id of the artifact with the version of this globalId, if there is one. */
    public Set<String> withGlobalId(long globalId) {
        return provider.storage()
                .versions()
                .byGlobalId(globalId)
                .map(v -> Set.of(v.artifactId()))
                .orElse(Set.of());
    }

    /** The ids of the artifacts with a version of this content. */
    public Set<String> withContent(long contentId) {
        Set<String> using = new LinkedHashSet<>();
        provider.storage().versions().byContentId(contentId).stream()
                .map(StoredVersion::artifactId)
                .forEach(using::add);
        return using;
    }

    /** A check that an artifact's name (its latest version's) or its id matches. */
    public static Predicate<StoredArtifact> nameOrId(ArtifactCriteria.Glob glob) {
        return artifact ->
                glob.matches(artifact.latest().meta().name()) || glob.matches(Optional.of(artifact.artifactId()));
    }

    /** Whether a group filter, a name or a pattern with {@code *}, matches the default group. */
    static boolean matchesDefault(String group) {
        if (!group.contains("*")) {
            return DefaultGroup.isDefault(group);
        }
        return ArtifactCriteria.Glob.of(group.toLowerCase(Locale.ROOT)).matches(Optional.of(DefaultGroup.NAME));
    }
}
