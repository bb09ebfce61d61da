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
import java.util.Arrays;
import java.util.Comparator;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Locale;
import java.util.Optional;
import java.util.Set;
import java.util.function.Predicate;
import java.util.regex.Pattern;
import java.util.stream.Collectors;

/**
 * Apicurio v3's {@code GET /search/artifacts}: artifacts by the filters Stele serves, each as
 * Apicurio applies it, all of them together.
 *
 * <ul>
 *   <li>{@code groupId}: the default group, named in any case, or a pattern with {@code *} that
 *       matches it, keeps every artifact; any other group has none (ADR 0034);
 *   <li>{@code artifactId}: that artifact; {@code globalId}: the artifact with that version;
 *       {@code contentId}: the artifacts with a version of that content;
 *   <li>{@code artifactType}: artifacts of that type;
 *   <li>{@code description}: artifacts whose description holds the text, in any case.
 * </ul>
 *
 * <p>Results are ordered by name, an artifact without one by its id ({@code orderby} {@code name},
 * or {@code groupId}, which is the same for all), a page at a time. Filters Stele does not serve yet
 * ({@code name} and {@code labels}, which Apicurio matches exactly or by pattern) are refused with
 * 400 rather than applied otherwise.
 */
@ApplicationScoped
public class ArtifactSearch {

    /** The values of {@code orderby} served: by name, the artifact id for an artifact without one. */
    static final List<String> ORDERS = List.of("name", "groupId");

    private static final List<String> NOT_SERVED = List.of("name", "labels");

    @Inject
    StorageProvider provider;

    @Inject
    ApiConfig config;

    /**
     * The artifacts the request's filters keep, in the window it asks for, read on the calling
     * thread, which may block.
     *
     * @throws InvalidRequestException when a filter is not served, or a value is not one it takes
     */
    public Page<StoredArtifact> search(HttpServerRequest request) {
        for (String filter : NOT_SERVED) {
            if (request.getParam(filter) != null) {
                throw new InvalidRequestException(
                        "Searching artifacts by " + filter + " is not served yet; the"
                                + " filters served are groupId, artifactId, globalId, contentId, artifactType and description.");
            }
        }
        QueryChoices.of(
                request,
                "orderby",
                ORDERS,
                value -> "orderby must be one of " + String.join(", ", ORDERS)
                        + " (artifacts are listed by name), was '" + value + "'.");
        Optional<ArtifactType> type = QueryChoices.of(request, "artifactType", ArtifactType.class);
        Optional<String> description = Optional.ofNullable(request.getParam("description"));
        boolean descending = Paging.descending(request);
        PageRequest page = Paging.page(request, config.maxListedIds());
        Optional<Set<String>> named = named(request);
        String group = request.getParam("groupId");
        if (group != null && !matchesDefault(group)) {
            return new Page<>(0, List.of());
        }
        if (named.isEmpty()) {
            return provider.storage()
                    .search()
                    .artifacts(new ArtifactQuery(description, ArtifactQuery.Over.DESCRIPTION, type, descending, page));
        }
        Predicate<StoredArtifact> kept =
                artifact -> type.map(t -> t == artifact.latest().type()).orElse(true)
                        && description.map(text -> holds(artifact, text)).orElse(true);
        Comparator<StoredArtifact> order = Comparator.comparing(
                        (StoredArtifact a) -> a.latest().meta().name().orElse(a.artifactId()))
                .thenComparing(StoredArtifact::artifactId);
        List<StoredArtifact> found = named.get().stream()
                .map(id -> provider.storage().artifacts().get(id))
                .flatMap(Optional::stream)
                .filter(kept)
                .sorted(descending ? order.reversed() : order)
                .toList();
        return new Page<>(
                found.size(),
                found.stream().skip(page.offset()).limit(page.limit()).toList());
    }

    /**
     * The artifacts {@code artifactId}, {@code globalId} and {@code contentId} name together, or
     * empty when the request gives none of them.
     */
    private Optional<Set<String>> named(HttpServerRequest request) {
        Set<String> names = null;
        String artifactId = request.getParam("artifactId");
        if (artifactId != null) {
            if (artifactId.contains("*")) {
                throw new InvalidRequestException(
                        "Searching artifacts by an artifactId pattern is not served yet; give the artifactId whole.");
            }
            names = new LinkedHashSet<>(List.of(artifactId));
        }
        String globalId = request.getParam("globalId");
        if (globalId != null) {
            names = both(
                    names,
                    provider.storage()
                            .versions()
                            .byGlobalId(IdLookups.parse("globalId", globalId))
                            .map(v -> Set.of(v.artifactId()))
                            .orElse(Set.of()));
        }
        String contentId = request.getParam("contentId");
        if (contentId != null) {
            Set<String> using = new LinkedHashSet<>();
            provider.storage().versions().byContentId(IdLookups.parse("contentId", contentId)).stream()
                    .map(StoredVersion::artifactId)
                    .forEach(using::add);
            names = both(names, using);
        }
        return Optional.ofNullable(names);
    }

    private static Set<String> both(Set<String> so, Set<String> more) {
        if (so == null) {
            return new LinkedHashSet<>(more);
        }
        so.retainAll(more);
        return so;
    }

    /** Whether a group filter, a name or a pattern with {@code *}, matches the default group. */
    static boolean matchesDefault(String group) {
        if (!group.contains("*")) {
            return DefaultGroup.isDefault(group);
        }
        String regex = Arrays.stream(group.toLowerCase(Locale.ROOT).split("\\*", -1))
                .map(Pattern::quote)
                .collect(Collectors.joining(".*"));
        return DefaultGroup.NAME.matches(regex);
    }

    private static boolean holds(StoredArtifact artifact, String text) {
        return artifact.latest()
                .meta()
                .description()
                .map(d -> d.toLowerCase(Locale.ROOT).contains(text.toLowerCase(Locale.ROOT)))
                .orElse(false);
    }
}
